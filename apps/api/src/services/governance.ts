// Access governance (#19): what a request to an application needs, the end of time-bound
// access, and the notifications the API leaves for a user on the launcher.
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import { accessEndProblem, expiryReminderDays, latestAccessEnd } from '@portal/core';
import type { components } from '@portal/contract';
import { maxLength } from '@portal/contract/limits';
import type { DB } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { newId } from '../context.ts';
import { requiredAnswer } from './values.ts';

type S = components['schemas'];
type Db = Kysely<DB> | Transaction<DB>;

/** The user is reminded this many days before a time-bound access ends (core's, the launcher's badge too). */
export const REMINDER_DAYS = expiryReminderDays;
/** Notifications are kept this many days. */
const NOTIFICATION_DAYS = 90;

export interface GovernanceSettings {
  time_bound_access: boolean;
  max_access_days: number | null;
}

/** The application's maximum of days ahead of an end (core's rule takes undefined for none). */
const maxDaysOf = (app: GovernanceSettings): number | undefined => app.max_access_days ?? undefined;

/** The latest end of access that may be set at `now` (core's `latestAccessEnd`); null: no maximum (or not time-bound). */
export function maxEndsAt(app: GovernanceSettings, now: Date): Date | null {
  const latest = app.time_bound_access ? latestAccessEnd(now.getTime(), maxDaysOf(app)) : undefined;
  return latest === undefined ? null : new Date(latest);
}

/**
 * Checks an end of access against the application's settings: allowed at all, then core's limits
 * (`accessEndProblem`, the portal's rule too): in the future, at most max_access_days ahead (each a
 * 400 on `field`). Answers the end as a Date (or null).
 */
export function checkEndsAt(
  app: GovernanceSettings,
  endsAt: string | null | undefined,
  field: string,
  now: Date = new Date(),
): Date | null {
  if (endsAt === null || endsAt === undefined) return null;
  if (!app.time_bound_access)
    throw new ApiError(400, 'timeBoundNotAllowed', {
      code: 'accessRequest.timeBoundNotAllowed',
      problems: [{ key: 'timeBoundNotAllowed', field }],
    });
  const end = new Date(endsAt);
  if (Number.isNaN(end.getTime()))
    throw new ApiError(400, 'invalidValue', { problems: [{ key: 'invalidValue', field }] });
  const problem = accessEndProblem(end.getTime(), now.getTime(), maxDaysOf(app));
  if (problem === 'notFuture')
    throw new ApiError(400, 'endInPast', { code: 'accessRequest.endInPast', problems: [{ key: 'endInPast', field }] });
  if (problem === 'tooLate') {
    const args = ['', app.max_access_days ?? 0];
    throw new ApiError(400, 'endTooLate', {
      code: 'accessRequest.endTooLate',
      args,
      problems: [{ key: 'endTooLate', field, args }],
    });
  }
  return end;
}

export type NotificationKind = S['MyNotificationKind'];

/**
 * Leaves a notification for the user (in the transaction of what it is about). It is the latest
 * state of the application for the user: their earlier unread notifications about it are marked
 * read (#30.6: no "… wurde abgelehnt" beside a later "… wurde angenommen").
 */
export async function notify(
  trx: Transaction<DB>,
  n: {
    userId: string;
    kind: NotificationKind;
    applicationId: string;
    requestId?: string | null;
    endsAt?: Date | string | null;
  },
): Promise<void> {
  const app = await trx.selectFrom('applications').select('label').where('id', '=', n.applicationId).executeTakeFirst();
  await trx
    .updateTable('user_notifications')
    .set({ read_at: sql<Date>`now()` })
    .where('user_id', '=', n.userId)
    .where('application_id', '=', n.applicationId)
    .where('read_at', 'is', null)
    .execute();
  await trx
    .insertInto('user_notifications')
    .values({
      id: newId(),
      user_id: n.userId,
      kind: n.kind,
      application_id: n.applicationId,
      application_label: app?.label ?? n.applicationId,
      request_id: n.requestId ?? null,
      ends_at: n.endsAt ?? null,
    })
    .execute();
}

/** The application's questions for a request: its required attributes the user may fill in, with the user's values. */
export async function questionsOf(db: Db, applicationId: string, userId: string): Promise<S['RequestQuestion'][]> {
  const rows = await db
    .selectFrom('application_attributes as aa')
    .innerJoin('attributes as at', 'at.id', 'aa.attribute_id')
    .leftJoin('user_attribute_values as v', (j) => j.onRef('v.attribute_id', '=', 'at.id').on('v.user_id', '=', userId))
    .select(['at.key', 'at.label', 'at.data_type', 'at.required_value', 'v.value'])
    .where('aa.application_id', '=', applicationId)
    .where('aa.required', '=', true)
    .where('at.editable_by_user', '=', true)
    .orderBy('aa.position')
    .orderBy('at.key')
    .limit(50)
    .execute();
  return rows.map((r) => ({
    key: r.key,
    label: r.label,
    dataType: r.data_type as S['AttributeDataType'],
    value: r.value ?? null,
    requiredValue: requiredAnswer(r.required_value),
  }));
}

export interface RequestableApplication extends GovernanceSettings {
  id: string;
  request_justification: string;
  role_required_on_access_request: boolean;
}

/** What a request to the application needs (MyRequestRequirements), for `userId`. */
export async function requirementsOf(
  db: Db,
  app: RequestableApplication,
  userId: string,
  now: Date = new Date(),
): Promise<S['MyRequestRequirements']> {
  const accesses = db
    .selectFrom('application_account_accesses as aa')
    .innerJoin('account_accesses as x', 'x.id', 'aa.account_access_id')
    .where('aa.application_id', '=', app.id)
    .where('aa.requestable', '=', true);
  const [items, total, questions] = await Promise.all([
    accesses.select(['x.id', 'x.key', 'x.label']).orderBy('x.label').orderBy('x.id').limit(20).execute(),
    accesses.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    questionsOf(db, app.id, userId),
  ]);
  return requirementsFrom(app, { items, total: Number(total.n) }, questions, now);
}

/**
 * What a request to the application needs, from its settings, its requestable account accesses
 * (the first page and how many there are) and its questions.
 */
export function requirementsFrom(
  app: RequestableApplication,
  accountAccesses: S['MyRequestRequirements']['accountAccesses'],
  questions: S['MyRequestRequirements']['questions'],
  now: Date,
): S['MyRequestRequirements'] {
  const latest = maxEndsAt(app, now);
  return {
    justification: app.request_justification as S['RequestJustification'],
    // The document's limit of a justification (MyAccessRequestInput), which its validators enforce.
    justificationMaxLength: maxLength.schemas.MyAccessRequestInput.justification,
    timeBoundAccess: app.time_bound_access,
    maxAccessDays: app.time_bound_access ? app.max_access_days : null,
    maxEndsAt: latest ? latest.toISOString() : null,
    roleRequired: app.role_required_on_access_request,
    accountAccessRequired: accountAccesses.total > 0,
    accountAccesses,
    questions,
  };
}

/** Notifications older than NOTIFICATION_DAYS are forgotten (by the expiry job). */
export async function forgetOldNotifications(db: Db): Promise<void> {
  await db
    .deleteFrom('user_notifications')
    .where('created_at', '<', sql<Date>`now() - make_interval(days => ${NOTIFICATION_DAYS})`)
    .execute();
}
