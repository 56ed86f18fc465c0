// The signed-in user's directory groups applied to the activation groups (#29.3): called by the
// portal's server at sign-in. The groups come from the access token (signed by the provider), never
// from the caller, so nobody can name groups they are not in (services/activation-groups.ts).
import { Hono } from 'hono';
import type { components } from '@portal/contract';
import type { AppEnv, Deps } from '../context.ts';
import { syncDirectoryGroups } from '../services/activation-groups.ts';
import { ensureUser } from '../services/users.ts';

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
  return app;
}
