// What the console's routes of one application (/Admin/Applications/…) share: the caller's right to the application of
// the path, the id of a path, instants as the contract writes them, the application's webhook and the history entry
// of a change to it.
import type { Transaction } from 'kysely';
import type { components } from '@portal/contract';
import type { Principal } from '../../auth.ts';
import { administers, managesAccessRequests } from '../../context.ts';
import type { Ctx, Deps } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { recordHistory } from '../../history.ts';
import { loadApplication } from '../../services/access.ts';

export type S = components['schemas'];
export const iso = (d: Date | string) => new Date(d).toISOString();
export const isoOrNull = (d: Date | string | null) => (d ? iso(d) : null);

/** Who may do what with the application of a path: its administrators, and those who manage its access requests. */
export function guards(deps: Deps) {
  const { db } = deps;
  async function adminOf(me: Principal, applicationId: string) {
    const a = await loadApplication(db, applicationId);
    if (!administers(me, a.admin_permission_key)) throw forbidden();
    return a;
  }
  /** The caller and the application of the path (`:id`), which the caller administers. */
  async function administered(c: Ctx) {
    const me = await deps.auth.user(c.req.header('authorization'));
    return { me, a: await adminOf(me, c.req.param('id') ?? '') };
  }
  async function managerOf(me: Principal, applicationId: string) {
    const a = await adminOf(me, applicationId);
    if (!managesAccessRequests(me, a.admin_permission_key, a.access_request_allowed)) throw forbidden();
    return a;
  }
  return { adminOf, administered, managerOf };
}

/** The id of a path segment (an access request's, a user's), lower case; anything not shaped like a UUID is 404. */
export const pathId = (id: string) => {
  if (!/^[0-9a-fA-F-]{36}$/.test(id)) throw notFound();
  return id.toLowerCase();
};

/** One history entry of the application for a change of its webhook (`webhook.<what>`: `value`). */
export function recordWebhookChange(
  trx: Transaction<DB>,
  applicationId: string,
  by: string,
  what: string,
  value: string,
) {
  return recordHistory(trx, {
    table: 'applications',
    entity: applicationId,
    mode: 'UPDATE',
    by,
    before: {},
    after: { [`webhook.${what}`]: value },
  });
}

/** The application's webhook (its signing secrets); 404 when it has none. */
export async function webhookOf(db: Deps['db'], applicationId: string) {
  const hook = await db
    .selectFrom('webhooks')
    .select(['application_id', 'signing_secrets'])
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  if (!hook) throw notFound();
  return hook;
}
