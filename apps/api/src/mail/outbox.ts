// Writing mails into the outbox (#29, migration 0012): each function is called inside the
// transaction of the change it tells about, reads what the mail says in that transaction, renders
// it in the recipient's language and inserts one row per recipient. The mail sender
// (sender.ts) sends the rows later; a rolled-back change leaves no mail. Without an SMTP host
// (`MailQueue` undefined) nothing is queued.
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { newId } from '../context.ts';
import { pickLanguage, type Language } from '../http/messages.ts';
import {
  accessExpiredMail,
  accessExpiringMail,
  accessRequestedMail,
  requestAcceptedMail,
  requestDeniedMail,
  type MailKind,
  type MailSite,
  type RenderedMail,
} from './templates.ts';

/** What queuing needs to know: the site the mails name, and where the internal copy of access requests goes. */
export interface MailQueue {
  site: MailSite;
  /** MAIL_INTERNAL_COPY_TO: the internal copy of access requests, for applications with that setting on; null: none. */
  internalCopyTo: string | null;
}

/** An application's notification address and the internal copy are written to in the portal's default language. */
const NOTIFICATION_LANGUAGE: Language = 'de';

type Trx = Transaction<DB>;

async function insertMail(
  trx: Trx,
  row: {
    kind: MailKind;
    recipient: string;
    language: Language;
    mail: RenderedMail;
    applicationId: string;
    requestId: string | null;
  },
): Promise<void> {
  await trx
    .insertInto('mail_outbox')
    .values({
      id: newId(),
      kind: row.kind,
      recipient: row.recipient,
      language: row.language,
      subject: row.mail.subject,
      text_body: row.mail.text,
      html_body: row.mail.html,
      application_id: row.applicationId,
      request_id: row.requestId,
    })
    .execute();
}

const nameOf = (u: { full_name: string; email: string }) => u.full_name.trim() || u.email;

async function labelsOf(trx: Trx, table: 'roles' | 'account_accesses', ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom(table)
    .select(['id', 'label'])
    .where('id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r.label]));
  return ids.flatMap((id) => {
    const label = byId.get(id);
    return label === undefined ? [] : [label];
  });
}

async function requestOf(trx: Trx, requestId: string) {
  return trx
    .selectFrom('access_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('applications as a', 'a.id', 'r.application_id')
    .select([
      'r.id',
      'r.application_id',
      'r.status',
      'r.role_id',
      'r.account_access_id',
      'r.comment',
      'r.requested_ends_at',
      'r.role_ids',
      'r.account_access_ids',
      'r.ends_at',
      'r.reason',
      'u.email',
      'u.full_name',
      'u.company_name',
      'u.language',
      'a.label as application',
      'a.notification_email',
      'a.internal_copy_of_access_requests',
    ])
    .where('r.id', '=', requestId)
    .executeTakeFirstOrThrow();
}

/**
 * A new access request: to the application's notification address when set, and to the internal
 * copy address when the application sends an internal copy (one mail when both are the same
 * address), in the portal's default language. Answers how many mails were queued.
 */
export async function queueAccessRequestMails(
  trx: Trx,
  queue: MailQueue | undefined,
  requestId: string,
): Promise<number> {
  if (!queue) return 0;
  const r = await requestOf(trx, requestId);
  const recipients: { address: string; internalCopy: boolean }[] = [];
  if (r.notification_email) recipients.push({ address: r.notification_email, internalCopy: false });
  if (
    r.internal_copy_of_access_requests &&
    queue.internalCopyTo !== null &&
    !recipients.some((x) => x.address.toLowerCase() === queue.internalCopyTo?.toLowerCase())
  )
    recipients.push({ address: queue.internalCopyTo, internalCopy: true });
  if (recipients.length === 0) return 0;
  const [role] = await labelsOf(trx, 'roles', r.role_id ? [r.role_id] : []);
  const [accountAccess] = await labelsOf(trx, 'account_accesses', r.account_access_id ? [r.account_access_id] : []);
  for (const recipient of recipients) {
    const mail = accessRequestedMail(queue.site, NOTIFICATION_LANGUAGE, {
      applicationId: r.application_id,
      application: r.application,
      requestId: r.id,
      requester: { name: nameOf(r), email: r.email, company: r.company_name },
      role: role ?? null,
      accountAccess: accountAccess ?? null,
      justification: r.comment,
      requestedEndsAt: r.requested_ends_at,
      internalCopy: recipient.internalCopy,
    });
    await insertMail(trx, {
      kind: 'ACCESS_REQUESTED',
      recipient: recipient.address,
      language: NOTIFICATION_LANGUAGE,
      mail,
      applicationId: r.application_id,
      requestId: r.id,
    });
  }
  return recipients.length;
}

/** A decided request (ACCEPTED with what was granted, or DENIED with the reason), to the requester in their language. */
export async function queueDecisionMail(trx: Trx, queue: MailQueue | undefined, requestId: string): Promise<boolean> {
  if (!queue) return false;
  const r = await requestOf(trx, requestId);
  const language = pickLanguage(r.language);
  let kind: MailKind;
  let mail: RenderedMail;
  if (r.status === 'ACCEPTED') {
    kind = 'REQUEST_ACCEPTED';
    mail = requestAcceptedMail(queue.site, language, {
      name: nameOf(r),
      application: r.application,
      roles: await labelsOf(trx, 'roles', r.role_ids),
      accountAccesses: await labelsOf(trx, 'account_accesses', r.account_access_ids),
      endsAt: r.ends_at,
    });
  } else if (r.status === 'DENIED') {
    kind = 'REQUEST_DENIED';
    mail = requestDeniedMail(queue.site, language, { name: nameOf(r), application: r.application, reason: r.reason });
  } else return false;
  await insertMail(trx, { kind, recipient: r.email, language, mail, applicationId: r.application_id, requestId: r.id });
  return true;
}

/** Time-bound access ends in REMINDER_DAYS (ACCESS_EXPIRING) or has ended (ACCESS_EXPIRED), to the user in their language. */
export async function queueAccessEndMail(
  trx: Trx,
  queue: MailQueue | undefined,
  end: {
    kind: 'ACCESS_EXPIRING' | 'ACCESS_EXPIRED';
    userId: string;
    applicationId: string;
    endsAt: Date;
    requestId: string | null;
  },
): Promise<boolean> {
  if (!queue) return false;
  const u = await trx
    .selectFrom('users')
    .select(['email', 'full_name', 'language'])
    .where('id', '=', end.userId)
    .executeTakeFirst();
  const a = await trx.selectFrom('applications').select('label').where('id', '=', end.applicationId).executeTakeFirst();
  if (!u) return false;
  const language = pickLanguage(u.language);
  const data = { name: nameOf(u), application: a?.label ?? end.applicationId, endsAt: end.endsAt };
  await insertMail(trx, {
    kind: end.kind,
    recipient: u.email,
    language,
    mail:
      end.kind === 'ACCESS_EXPIRING'
        ? accessExpiringMail(queue.site, language, data)
        : accessExpiredMail(queue.site, language, data),
    applicationId: end.applicationId,
    requestId: end.requestId,
  });
  return true;
}
