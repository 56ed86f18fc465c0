// The signed-in user's row. A user the identity provider knows but the API has not seen yet
// is created from the token's claims on first use (just-in-time provisioning), under the
// directory's id of their subject (ADR 0029), with the issuer and subject an administrator sees.
import type { Principal } from '../auth.ts';
import type { Database } from '../db/database.ts';
import { notFound } from '../http/errors.ts';
import { cached } from '../http/list-cache.ts';
import { recordHistory } from '../history.ts';

export async function ensureUser(db: Database, me: Principal): Promise<void> {
  const found = await db.selectFrom('users').select('id').where('id', '=', me.userId).executeTakeFirst();
  if (found) return;
  const email = me.email?.slice(0, 254);
  if (!email) throw notFound();
  await db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .executeTakeFirst();
    if (taken) throw notFound();
    const row = {
      id: me.userId,
      email,
      first_name: (me.givenName ?? '').slice(0, 100),
      last_name: (me.familyName ?? '').slice(0, 100),
      language: 'de',
      internal: false,
    };
    await trx
      .insertInto('users')
      .values({ ...row, issuer: me.issuer, subject: me.subject })
      .execute();
    await recordHistory(trx, {
      table: 'users',
      entity: me.userId,
      mode: 'CREATE',
      by: me.userId,
      after: { email, firstName: row.first_name, lastName: row.last_name },
    });
  });
}

/** The number of users a search (a LIKE pattern on `search`) matches; cached until users change. */
export function countUsersMatching(db: Database, like: string): Promise<number> {
  return cached(db, ['users'], `users:count:${like}`, async () =>
    Number(
      (
        await db
          .selectFrom('users')
          .where('search', 'like', like)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  );
}
