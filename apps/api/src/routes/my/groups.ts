// What the portal's server asks of the directory for the signed-in user at sign-in: the user's
// directory groups applied to the activation groups (#29.3; the groups come from the access token,
// signed by the provider, never from the caller, so nobody can name groups they are not in:
// services/activation-groups.ts), and the user's own claims when the provider sends none (#27).
import { Hono } from 'hono';
import type { components } from '@portal/contract';
import type { AppEnv, Deps } from '../../context.ts';
import { syncDirectoryGroups } from '../../services/activation-groups.ts';
import { claimsOf } from '../../services/access.ts';
import { ensureUser } from '../../services/users.ts';

type S = components['schemas'];

export function myGroupRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/My/Groups/Sync', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    await ensureUser(deps.db, me);
    const groups = me.groups ?? [];
    const result = await deps.db
      .transaction()
      .execute((trx) => syncDirectoryGroups(trx, { userId: me.userId, groups, issuedAt: me.issuedAt }));
    if (result.queued) deps.onWebhookQueued();
    return c.json({
      groups: [...groups],
      applied: result.applied,
      changedApplicationIds: result.changedApplicationIds,
    } satisfies S['MyGroupsSync']);
  });
  app.get('/My/Claims', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    await ensureUser(deps.db, me);
    return c.json(await claimsOf(deps.db, me.userId));
  });
  return app;
}
