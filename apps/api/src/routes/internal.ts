// The identity provider's internal calls (its own token, scp idp.internal): a user's claims, the gate for a user and
// an application, a user's e-mail changed.
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { readJson } from '../http/body.ts';
import { ApiError, conflict, fieldError, notFound } from '../http/errors.ts';
import { recordHistory } from '../history.ts';
import { authCheck, claimsOf } from '../services/access.ts';
import { UUID, uuidOf } from './uuid.ts';

export function internalRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  app.get('/Internal/Users/:id/Claims', async (c) => {
    await deps.auth.internal(c.req.header('authorization'));
    return c.json(await claimsOf(db, uuidOf(c.req.param('id'))));
  });

  app.get('/Internal/AuthCheck', async (c) => {
    await deps.auth.internal(c.req.header('authorization'));
    const userId = c.req.query('userId') ?? '';
    const clientId = c.req.query('clientId') ?? '';
    if (!UUID.test(userId)) throw fieldError('userId', 'invalidValue', '400');
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(clientId)) throw fieldError('clientId', 'invalidValue', '400');
    const user = await db.selectFrom('users').select('id').where('id', '=', userId.toLowerCase()).executeTakeFirst();
    if (!user) throw notFound();
    return c.json(await authCheck(db, user.id, clientId));
  });

  app.put('/Internal/Users/:id/Email', async (c) => {
    await deps.auth.internal(c.req.header('authorization'));
    const id = uuidOf(c.req.param('id'));
    const body = await readJson(c, 'EmailChange');
    await db.transaction().execute(async (trx) => {
      const u = await trx.selectFrom('users').select(['email', 'internal']).where('id', '=', id).executeTakeFirst();
      if (!u) throw notFound();
      if (u.internal) throw new ApiError(403, 'internalAccount', { code: 'user.internalAccount' });
      const taken = await trx
        .selectFrom('users')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', body.email.toLowerCase()))
        .executeTakeFirst();
      if (taken && taken.id !== id) throw conflict('emailTaken', 'user.emailTaken', [], 'email');
      await trx.updateTable('users').set({ email: body.email }).where('id', '=', id).execute();
      await recordHistory(trx, {
        table: 'users',
        entity: id,
        mode: 'UPDATE',
        by: null,
        before: { email: u.email },
        after: { email: body.email },
      });
    });
    return c.body(null, 204);
  });

  return app;
}
