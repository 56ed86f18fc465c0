// The decision of an open access request (#19, #20.3): the single PUT, the bulk decision and its
// job (#28.6) decide each request through `decideRequest`, in the caller's transaction.
import { validateAccessRequestRoles } from '@portal/core';
import type { Transaction } from 'kysely';
import type { components } from '@portal/contract';
import type { DB } from '../db/schema.ts';
import { ApiError, badRequest, conflict, notFound } from '../http/errors.ts';
import { queueDecisionMail, type MailQueue } from '../mail/outbox.ts';
import {
  accessOf,
  applicationAttributes,
  checkAccountAccesses,
  checkRoles,
  closeRequest,
  grant,
  loadApplication,
  queueRequestEvent,
  storeValues,
} from './access.ts';
import { ACCESS, accountAccessesAsItems, markExplicit, rolesAsItems } from './access-sources.ts';
import { checkEndsAt, notify } from './governance.ts';
import { noProgress, type Progress } from './progress.ts';

type S = components['schemas'];
/** Who decides: their user id and the permissions of their token (which roles they may grant). */
type Who = { userId: string; permissions: ReadonlySet<string> };

/** Decides one open request of `applicationId` in `trx` (history, grant, webhook); whether a webhook was queued. */
export async function decideRequest(
  trx: Transaction<DB>,
  me: Who,
  id: string,
  body: S['AccessRequestDecision'],
  applicationId: string,
  mail: MailQueue | undefined,
): Promise<boolean> {
  const row = await trx
    .selectFrom('access_requests')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (row.application_id !== applicationId) throw notFound();
  if (row.status !== 'OPEN') throw conflict('alreadyDecided', 'accessRequest.alreadyDecided');
  const decidedAt = new Date();
  if (body.decision === 'ACCEPT') {
    if (validateAccessRequestRoles(body.roleIds) !== undefined)
      throw new ApiError(400, 'roleRequired', {
        code: 'accessRequest.roleRequired',
        problems: [{ key: 'roleRequired', field: 'roleIds' }],
      });
    const accountAccessIds = body.accountAccessIds ?? [];
    await checkRoles(trx, row.application_id, body.roleIds, me.permissions, 'roleIds');
    await checkAccountAccesses(trx, row.application_id, accountAccessIds, 'accountAccessIds');
    // The end of access (#19): within the application's settings; none when not given.
    const settings = await loadApplication(trx, row.application_id);
    const endsAt = checkEndsAt(settings, body.endsAt, 'endsAt', decidedAt);
    const accepted = await closeRequest(
      trx,
      { id, by: me.userId, at: decidedAt },
      { status: 'ACCEPTED', role_ids: body.roleIds, account_access_ids: accountAccessIds, ends_at: endsAt },
      {
        status: 'ACCEPTED',
        decidedBy: me.userId,
        roleIds: body.roleIds,
        accountAccessIds,
        ...(endsAt ? { endsAt: endsAt.toISOString() } : {}),
      },
    );
    // Answers to the application's questions become the user's values (as if the user had entered them at the gate).
    if (accepted.answers.length) {
      const allowed = await applicationAttributes(trx, row.application_id, false);
      const values = accepted.answers.filter((x) => allowed.has(x.key)).map((x) => ({ key: x.key, value: x.value }));
      await storeValues(trx, {
        userId: row.user_id,
        by: row.user_id,
        values,
        allowed,
        editable: (x) => x.editable_by_user,
        fieldPrefix: 'answers',
      });
    }
    await notify(trx, {
      userId: row.user_id,
      kind: 'REQUEST_ACCEPTED',
      applicationId: row.application_id,
      requestId: id,
      endsAt,
    });
    const event = await queueRequestEvent(trx, accepted, 'ACCESS_REQUEST_ACCEPTED');
    const current = await accessOf(trx, row.application_id, row.user_id);
    const granted = await grant(trx, {
      applicationId: row.application_id,
      userId: row.user_id,
      by: me.userId,
      roleIds: [...new Set([...(current?.role_ids ?? []), ...body.roleIds])],
      accountAccessIds: [...new Set([...(current?.account_access_ids ?? []), ...accountAccessIds])],
      endsAt,
      ...(endsAt ? { endsRequestId: id } : {}),
    });
    // The requester's mail (#29): accepted, with what was granted.
    await queueDecisionMail(trx, mail, id);
    // What the request granted stays when a group that granted it too is left (#29.3).
    await markExplicit(
      trx,
      row.application_id,
      row.user_id,
      [ACCESS, ...rolesAsItems(body.roleIds), ...accountAccessesAsItems(accountAccessIds)],
      { kind: 'ACCESS_REQUEST', by: me.userId, accessRequestId: id },
    );
    return event || granted;
  }
  const denied = await closeRequest(
    trx,
    { id, by: me.userId, at: decidedAt },
    { status: 'DENIED', reason: body.reason ?? null },
    { status: 'DENIED', decidedBy: me.userId, reason: body.reason ?? null },
  );
  await notify(trx, {
    userId: row.user_id,
    kind: 'REQUEST_DENIED',
    applicationId: row.application_id,
    requestId: id,
  });
  // The requester's mail (#29): denied, with the reason.
  await queueDecisionMail(trx, mail, id);
  return queueRequestEvent(trx, denied, 'ACCESS_REQUEST_DENIED');
}

/**
 * Several open requests of one application decided alike (#20.3), each as the single PUT decides it, all in `trx`: a
 * request of another application (400 on `requestIds.<i>`) or one decided already (409) throws before anything is
 * kept. How many, and whether a webhook was queued; `progress` counts the requests (a job's, #28.6).
 */
export async function decideRequests(
  trx: Transaction<DB>,
  applicationId: string,
  me: Who,
  body: S['AccessRequestsDecision'],
  mail: MailQueue | undefined,
  progress: Progress = noProgress,
): Promise<{ count: number; queued: boolean }> {
  const ids = body.requestIds.map((id) => id.toLowerCase());
  progress.total(ids.length);
  const ofApplication = new Set(
    (
      await trx
        .selectFrom('access_requests')
        .select('id')
        .where('application_id', '=', applicationId)
        .where('id', 'in', ids)
        .execute()
    ).map((r) => r.id),
  );
  const problems = ids.flatMap((id, i) =>
    ofApplication.has(id) ? [] : [{ key: 'referenceNotFound' as const, field: `requestIds.${i}`, args: [id] }],
  );
  if (problems.length) throw badRequest(problems, 'referenceNotFound', 'reference.notFound');
  let queued = false;
  for (const id of ids) {
    await progress.step();
    if (await decideRequest(trx, me, id, body.decision, applicationId, mail)) queued = true;
  }
  return { count: ids.length, queued };
}
