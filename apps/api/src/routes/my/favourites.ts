// The launcher's pinned tiles (/My/Favourites, #20.1): read and saved in the user's order, only their own tiles.
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../context.ts';
import { readJson } from '../../http/body.ts';
import { ApiError } from '../../http/errors.ts';
import { portalClientId, signedIn, type Db, type S } from './shared.ts';

export function favouriteRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const me = signedIn(deps);

  /** The user's favourites that are launcher tiles now (granted, not the portal), first to last. */
  const favouritesOf = async (trx: Db, userId: string): Promise<S['MyFavourites']> => {
    const rows = await trx
      .selectFrom('user_favourites as f')
      .innerJoin('application_users as au', (j) =>
        j.onRef('au.application_id', '=', 'f.application_id').onRef('au.user_id', '=', 'f.user_id'),
      )
      .select('f.application_id')
      .where('f.user_id', '=', userId)
      .where('f.application_id', '<>', portalClientId)
      .orderBy('f.position')
      .execute();
    return { applicationIds: rows.map((r) => r.application_id) };
  };

  app.get('/My/Favourites', async (c) => {
    const user = await me(c.req.header('authorization'));
    return c.json(await favouritesOf(db, user.userId));
  });

  app.put('/My/Favourites', async (c) => {
    const user = await me(c.req.header('authorization'));
    const { applicationIds } = await readJson(c, 'MyFavourites');
    const answer = await db.transaction().execute(async (trx) => {
      // One write of a user's favourites at a time (two tabs): the user's row is the lock.
      await trx.selectFrom('users').select('id').where('id', '=', user.userId).forUpdate().execute();
      // Only the user's own tiles may be pinned: an application they cannot open (or one that does not exist) is refused.
      const granted = new Set(
        applicationIds.length === 0
          ? []
          : (
              await trx
                .selectFrom('application_users')
                .select('application_id')
                .where('user_id', '=', user.userId)
                .where('application_id', 'in', applicationIds)
                .where('application_id', '<>', portalClientId)
                .execute()
            ).map((r) => r.application_id),
      );
      const problems = applicationIds.flatMap((id, index) =>
        granted.has(id) ? [] : [{ key: 'notYourApplication' as const, field: `applicationIds.${index}`, args: [id] }],
      );
      const first = problems[0];
      if (first !== undefined)
        throw new ApiError(400, 'notYourApplication', {
          code: 'favourites.unknownApplication',
          args: first.args,
          problems,
        });
      await trx.deleteFrom('user_favourites').where('user_id', '=', user.userId).execute();
      if (applicationIds.length > 0) {
        await trx
          .insertInto('user_favourites')
          .values(applicationIds.map((id, position) => ({ user_id: user.userId, application_id: id, position })))
          .execute();
      }
      return favouritesOf(trx, user.userId);
    });
    return c.json(answer);
  });

  return app;
}
