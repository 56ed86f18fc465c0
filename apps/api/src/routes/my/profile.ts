// The signed-in user's profile (/My/Profile): read and changed (names, company, address, language), with its history.
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { readJson } from '../../http/body.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { recordHistory } from '../../history.ts';
import { signedIn, type S } from './shared.ts';

/** The user's profile as the contract answers it. */
export async function profileOf(db: Database, userId: string): Promise<S['Profile']> {
  const u = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!u) throw notFound();
  return {
    id: u.id,
    email: u.email,
    firstName: u.first_name,
    lastName: u.last_name,
    fullName: u.full_name,
    companyName: u.company_name,
    address: u.address ?? null,
    language: u.language as S['Language'],
    internal: u.internal,
    canChangeEmail: !u.internal,
    canChangePassword: !u.internal,
    createdAt: new Date(u.created_at).toISOString(),
  };
}

export function profileRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const me = signedIn(deps);

  app.get('/My/Profile', async (c) => {
    const user = await me(c.req.header('authorization'));
    return c.json(await profileOf(db, user.userId));
  });

  app.put('/My/Profile', async (c) => {
    const user = await me(c.req.header('authorization'));
    const body = await readJson(c, 'ProfileInput');
    // Names are stored trimmed: one of blanks only is as missing as an empty one (#17.18).
    const blank = (['firstName', 'lastName'] as const).filter((field) => body[field].trim() === '');
    if (blank.length > 0) throw badRequest(blank.map((field) => ({ key: 'required' as const, field })));
    await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('users').selectAll().where('id', '=', user.userId).executeTakeFirstOrThrow();
      const after = {
        firstName: body.firstName.trim(),
        lastName: body.lastName.trim(),
        companyName: body.companyName ?? null,
        address: body.address ?? null,
        language: body.language,
      };
      await trx
        .updateTable('users')
        .set({
          first_name: after.firstName,
          last_name: after.lastName,
          company_name: after.companyName,
          address: JSON.stringify(after.address),
          language: after.language,
        })
        .where('id', '=', user.userId)
        .execute();
      await recordHistory(trx, {
        table: 'users',
        entity: user.userId,
        mode: 'UPDATE',
        by: user.userId,
        before: {
          firstName: before.first_name,
          lastName: before.last_name,
          companyName: before.company_name,
          address: before.address ?? null,
          language: before.language,
        },
        after,
      });
    });
    return c.json(await profileOf(db, user.userId));
  });

  return app;
}
