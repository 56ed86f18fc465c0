// The mails (#29) for global administrators: `GET /Admin/Mails` the outbox newest first (recipient,
// subject, state, attempts, last error; all_users.read, as the mails name users and what they asked
// for), and `GET /Admin/MailSettings` whether the API sends mail at all and where the internal copy
// of access requests goes (applications.read or all_users.read: the console says so where an
// application's notification e-mail is edited).
import { Hono } from 'hono';
import type { Selectable } from 'kysely';
import type { components } from '@portal/contract';
import { requirePermission } from '../../context.ts';
import type { AppEnv, Deps } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { ApiError, forbidden } from '../../http/errors.ts';
import { pageAndTotal, parseList } from '../../http/list.ts';

type S = components['schemas'];
const statuses: readonly S['MailStatus'][] = ['PENDING', 'SENT', 'FAILED'];
const orNull = (d: Date | null) => (d ? d.toISOString() : null);

function mailOf(m: Selectable<DB['mail_outbox']>): S['Mail'] {
  return {
    id: m.id,
    kind: m.kind as S['MailKind'],
    recipient: m.recipient,
    language: m.language as S['Language'],
    subject: m.subject,
    status: m.status as S['MailStatus'],
    attempts: m.attempts,
    lastError: m.last_error,
    applicationId: m.application_id,
    requestId: m.request_id,
    createdAt: m.created_at.toISOString(),
    lastAttemptAt: orNull(m.last_attempt_at),
    nextAttemptAt: m.status === 'PENDING' ? orNull(m.next_attempt_at) : null,
    sentAt: orNull(m.sent_at),
  };
}

export function mailRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  app.get('/Admin/Mails', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    requirePermission(me, 'all_users.read');
    const list = parseList(c, { sorts: ['createdAt'] as const, defaultSort: 'createdAt', defaultOrder: 'desc' });
    const status = c.req.query('status');
    if (status !== undefined && !(statuses as readonly string[]).includes(status))
      throw new ApiError(400, 'badRequest', { problems: [{ key: 'invalidValue', field: 'status' }] });
    // Indexes on (created_at DESC, id) and (status, created_at DESC, id), migration 0012.
    const base = db.selectFrom('mail_outbox').$if(status !== undefined, (q) => q.where('status', '=', status ?? ''));
    const [rows, total] = await pageAndTotal(
      base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
      base,
      list,
    );
    return c.json({ items: rows.map(mailOf), total } satisfies S['MailList']);
  });

  app.get('/Admin/MailSettings', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    if (!me.permissions.has('applications.read') && !me.permissions.has('all_users.read')) throw forbidden();
    return c.json({
      sending: deps.mail !== undefined,
      internalCopyTo: deps.mail?.internalCopyTo ?? null,
    } satisfies S['MailSettings']);
  });

  return app;
}
