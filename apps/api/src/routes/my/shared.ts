// What the signed-in user's routes (/My/…, the gate) share: the caller (known to the directory from the first call on),
// the portal's own client id, an id of the path, instants as the contract writes them and the caller's own values.
import type { Kysely, Transaction } from 'kysely';
import type { components } from '@portal/contract';
import type { Principal } from '../../auth.ts';
import type { Deps } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { apps } from '../../db/seed/ids.ts';
import type { ApiError } from '../../http/errors.ts';
import { accessOf, applicationAttributes, loadApplication, storeValues } from '../../services/access.ts';
import { ensureUser } from '../../services/users.ts';

export type S = components['schemas'];
export type Db = Kysely<DB> | Transaction<DB>;
export const iso = (d: Date | string) => new Date(d).toISOString();
export const isoOrNull = (d: Date | string | null | undefined) => (d ? iso(d) : null);

/** The portal itself: holder of the global admin roles, no tile of its own launcher. */
export const portalClientId = apps.portal;

/** The caller of a request, made known to the directory on their first call. */
export function signedIn(deps: Deps) {
  return async (authorization: string | undefined): Promise<Principal> => {
    const principal = await deps.auth.user(authorization);
    await ensureUser(deps.db, principal);
    return principal;
  };
}

/**
 * The caller's own values (those a user may edit) for an application granted to them, in one
 * transaction; `notGranted` when it is not. `onlyVisible`: only the attributes the caller's
 * detail page shows (the gate asks for all of the application's).
 */
export async function storeOwnValues(
  db: Database,
  userId: string,
  applicationId: string,
  values: readonly S['AttributeValueInput'][],
  options: { onlyVisible: boolean; notGranted: () => ApiError },
) {
  await db.transaction().execute(async (trx) => {
    const a = await loadApplication(trx, applicationId);
    const grant = await accessOf(trx, a.id, userId);
    if (!grant) throw options.notGranted();
    const allowed = await applicationAttributes(trx, a.id, options.onlyVisible);
    await storeValues(trx, {
      userId,
      by: userId,
      values,
      allowed,
      editable: (x) => x.editable_by_user,
      fieldPrefix: 'attributes',
    });
  });
}
