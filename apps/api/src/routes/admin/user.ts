// One user's access to an application (/Admin/Applications/:id/Users/:userId): read, granted or changed (roles,
// account accesses, attributes, end), taken away.
import { Hono } from 'hono';
import { validateApplicationUserRoles } from '@portal/core';
import type { AppEnv, Deps } from '../../context.ts';
import { readJson } from '../../http/body.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import {
  accessOf,
  acceptOpenRequests,
  applicationAttributes,
  checkAccountAccesses,
  checkRoles,
  grant,
  pick,
  refsOf,
  removeGrant,
  storeValues,
  uniqueOrThrow,
  userAttributeValues,
} from '../../services/access.ts';
import { ACCESS, addSources, defaultRoleIds, markExplicit, rolesAsItems } from '../../services/access-sources.ts';
import { checkEndsAt, maxEndsAt, type GovernanceSettings } from '../../services/governance.ts';
import { guards, iso, isoOrNull, pathId, type S } from './shared.ts';

export function applicationUserRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const { administered } = guards(deps);

  /** A user's access to application `a` (its governance settings say whether and until when an end may be set). */
  async function applicationUser(a: { id: string } & GovernanceSettings, id: string): Promise<S['ApplicationUser']> {
    const applicationId = a.id;
    const u = await db
      .selectFrom('users')
      .select(['id', 'full_name', 'email', 'company_name'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!u) throw notFound();
    const g = await accessOf(db, applicationId, id);
    const roles = await refsOf(db, 'roles', g?.role_ids ?? []);
    const accesses = await refsOf(db, 'account_accesses', g?.account_access_ids ?? []);
    return {
      user: { id: u.id, fullName: u.full_name, email: u.email, companyName: u.company_name },
      hasAccess: Boolean(g),
      accessSince: g ? iso(g.access_since) : null,
      endsAt: isoOrNull(g?.ends_at ?? null),
      timeBoundAccess: a.time_bound_access,
      maxEndsAt: isoOrNull(maxEndsAt(a, new Date())),
      roles: pick(roles, g?.role_ids ?? []),
      accountAccesses: pick(accesses, g?.account_access_ids ?? []),
      attributes: await userAttributeValues(db, id, applicationId, false, (x) => x.editable_by_others),
    };
  }

  app.get('/Admin/Applications/:id/Users/:userId', async (c) => {
    const { a } = await administered(c);
    return c.json(await applicationUser(a, pathId(c.req.param('userId'))));
  });

  app.put('/Admin/Applications/:id/Users/:userId', async (c) => {
    const { me, a } = await administered(c);
    const uid = pathId(c.req.param('userId'));
    const body = await readJson(c, 'ApplicationUserInput');
    let queued = false;
    await db.transaction().execute(async (trx) => {
      const u = await trx.selectFrom('users').select('id').where('id', '=', uid).executeTakeFirst();
      if (!u) throw notFound();
      uniqueOrThrow(body.roleIds, 'roleIds');
      // #29.4: access granted without choosing a role gets the application's default roles.
      const defaults =
        body.roleIds.length === 0 && !(await accessOf(trx, a.id, uid)) ? await defaultRoleIds(trx, a.id) : [];
      const roleIds = body.roleIds.length === 0 ? defaults : body.roleIds;
      // #17.16: a user's access holds at least one role (core's rule, as when accepting a
      // request); no role (and none by default, or a user who has access already) is refused,
      // not saved as an access without roles. Removing the access is DELETE.
      if (validateApplicationUserRoles(roleIds) !== undefined) {
        throw new ApiError(400, 'roleRequired', {
          code: 'applicationUser.roleRequired',
          problems: [{ key: 'roleRequired', field: 'roleIds' }],
        });
      }
      await checkRoles(trx, a.id, roleIds, me.permissions, 'roleIds');
      const accountAccessIds = body.accountAccessIds ?? [];
      await checkAccountAccesses(trx, a.id, accountAccessIds, 'accountAccessIds');
      if (body.attributes?.length) {
        const allowed = await applicationAttributes(trx, a.id, false);
        await storeValues(trx, {
          userId: uid,
          by: me.userId,
          values: body.attributes,
          allowed,
          editable: (x) => x.editable_by_others,
          fieldPrefix: 'attributes',
        });
      }
      queued = await grant(trx, {
        applicationId: a.id,
        userId: uid,
        roleIds,
        accountAccessIds,
        by: me.userId,
        // A time-bound grant (#19): omitted keeps the stored end, null removes it.
        ...(body.endsAt === undefined ? {} : { endsAt: checkEndsAt(a, body.endsAt, 'endsAt') }),
      });
      await addSources(trx, a.id, uid, rolesAsItems(defaults), { kind: 'DEFAULT_ROLE', by: me.userId });
      // Saved by an administrator: the access stays theirs when a group that granted it is left (#29.3).
      await markExplicit(trx, a.id, uid, [ACCESS], { kind: 'DIRECT_GRANT', by: me.userId });
      if (
        await acceptOpenRequests(trx, {
          applicationId: a.id,
          userId: uid,
          roleIds,
          accountAccessIds,
          by: me.userId,
          mail: deps.mail,
        })
      )
        queued = true;
    });
    if (queued) deps.onWebhookQueued();
    return c.json(await applicationUser(a, uid));
  });

  app.delete('/Admin/Applications/:id/Users/:userId', async (c) => {
    const { me, a } = await administered(c);
    const uid = pathId(c.req.param('userId'));
    const queued = await db.transaction().execute((trx) => removeGrant(trx, a.id, uid, me.userId));
    if (queued) deps.onWebhookQueued();
    return c.body(null, 204);
  });

  return app;
}
