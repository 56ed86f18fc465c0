// The portal server's migrations (issue #31.4): a database that the server created before its
// migrations were files (its `CREATE ... IF NOT EXISTS` strings, run at every start, no record
// kept) migrates cleanly, keeps its sessions and ends with the schema of a fresh database; on
// PGlite and on a throw-away PostgreSQL server (@portal/tooling/postgres-server).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser, StoredSession } from '@portal/core';
import { postgresBin, startPostgres, type RunningPostgres } from '@portal/tooling/postgres-server';
import { createSessions } from '../sessions.ts';
import { migrate, openPortalDatabase } from './database.ts';

/** What the server ran at each start before #31.4 (apps/portal-server/src/db.ts of that time), verbatim. */
const oldStatements = [
  `CREATE TABLE IF NOT EXISTS portal_session (
     id_hash text PRIMARY KEY,
     user_id text NOT NULL,
     issuer text NOT NULL,
     tokens jsonb NOT NULL,
     signed_in_user jsonb NOT NULL,
     user_agent text NOT NULL DEFAULT '',
     created_at timestamptz NOT NULL,
     last_seen_at timestamptz NOT NULL,
     expires_at timestamptz NOT NULL
   )`,
  'CREATE INDEX IF NOT EXISTS portal_session_user ON portal_session (user_id)',
  'CREATE INDEX IF NOT EXISTS portal_session_expires ON portal_session (expires_at)',
  `CREATE TABLE IF NOT EXISTS portal_used_state (
     state text PRIMARY KEY,
     used_at timestamptz NOT NULL
   )`,
];

const lifetimes = { idleMs: 3_600_000, absoluteMs: 86_400_000 };
const tokens: StoredSession = {
  accessToken: 'access',
  accessTokenIsIdToken: false,
  idToken: 'id',
  refreshToken: 'refresh',
  expiresAt: Date.now() + 600_000,
};
const user: SignedInUser = {
  id: 'u-old',
  issuer: 'http://localhost:4001/b2c_1a_signin/v2.0',
  fullName: 'Olga Alt',
  hkData: { attributes: { firstName: 'Olga', lastName: 'Alt' }, permissions: [], internal: false },
};

/** A database as the old server left it: its tables, a signed-in session (written as it wrote one) and a used state. */
async function oldStyle(db: Kysely<unknown>): Promise<string> {
  for (const statement of oldStatements) await sql.raw(statement).execute(db);
  const cookieValue = randomBytes(32).toString('base64url');
  const idHash = createHash('sha256').update(cookieValue).digest('hex');
  const at = new Date();
  await sql`INSERT INTO portal_session (id_hash, user_id, issuer, tokens, signed_in_user, user_agent, created_at, last_seen_at, expires_at)
    VALUES (${idHash}, ${user.id}, ${user.issuer}, ${JSON.stringify(tokens)}, ${JSON.stringify(user)}, 'Old', ${at}, ${at},
            ${new Date(at.getTime() + lifetimes.absoluteMs)})`.execute(db);
  await sql`INSERT INTO portal_used_state (state, used_at) VALUES ('old-state', now())`.execute(db);
  return cookieValue;
}

/** Every column, index and constraint of the public schema, to compare two databases. */
async function schemaOf(db: Kysely<unknown>) {
  const columns = await sql<Record<string, unknown>>`
    SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name LIKE 'portal\\_%' AND table_name NOT LIKE 'portal\\_server\\_migration%'
     ORDER BY table_name, column_name`.execute(db);
  const indexes = await sql<Record<string, unknown>>`
    SELECT tablename, indexname, indexdef FROM pg_indexes
     WHERE schemaname = 'public' AND tablename IN ('portal_session', 'portal_used_state') ORDER BY indexname`.execute(
    db,
  );
  return { columns: columns.rows, indexes: indexes.rows };
}

async function migratesCleanly(open: () => Promise<Awaited<ReturnType<typeof openPortalDatabase>>>) {
  const before = await open();
  const cookie = await oldStyle(before.db as Kysely<unknown>);
  await before.close();

  const after = await open();
  try {
    await migrate(after.db);
    // Recorded as applied; a second start finds nothing to do.
    const applied = await sql<{ name: string }>`SELECT name FROM portal_server_migration`.execute(after.db);
    expect(applied.rows.map((r) => r.name)).toEqual(['0001_sessions']);
    await migrate(after.db);
    // The session signed in before the migration is still open, the used state still used.
    const sessions = createSessions(after.db, lifetimes);
    expect((await sessions.find(cookie))?.user).toEqual(user);
    expect(await sessions.claimState('old-state')).toBe(false);
    expect(await sessions.claimState('new-state')).toBe(true);
    return await schemaOf(after.db as Kysely<unknown>);
  } finally {
    await after.close();
  }
}

async function freshSchema(open: () => Promise<Awaited<ReturnType<typeof openPortalDatabase>>>) {
  const fresh = await open();
  try {
    await migrate(fresh.db);
    return await schemaOf(fresh.db as Kysely<unknown>);
  } finally {
    await fresh.close();
  }
}

describe('a database of the server before its migrations were files', () => {
  const root = mkdtempSync(join(tmpdir(), 'portal-db-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('migrates on PGlite: the sessions kept, the schema as a fresh database has it', async () => {
    const old = await migratesCleanly(() => openPortalDatabase({ dataDir: join(root, 'old') }));
    const fresh = await freshSchema(() => openPortalDatabase({}));
    expect(old.columns).toHaveLength(11);
    expect(old.indexes).toHaveLength(4);
    expect(old).toEqual(fresh);
  }, 90_000);

  describe('on a PostgreSQL server', () => {
    let postgres: RunningPostgres | undefined;
    beforeAll(async () => {
      const bin = postgresBin();
      if (bin === undefined)
        throw new Error('this test needs the PostgreSQL server from Debian (apt-get install postgresql)');
      postgres = await startPostgres(bin);
    }, 60_000);
    afterAll(async () => postgres?.stop());

    const database = async (name: string) => {
      if (postgres === undefined) throw new Error('no server');
      const admin = await openPortalDatabase({ connectionString: postgres.url });
      await sql.raw(`CREATE DATABASE ${name}`).execute(admin.db);
      await admin.close();
      const url = new URL(postgres.url);
      url.pathname = `/${name}`;
      return url.toString();
    };

    it('migrates, and instances starting together on it migrate once', async () => {
      const oldUrl = await database('old_style');
      const old = await migratesCleanly(() => openPortalDatabase({ connectionString: oldUrl }));
      const freshUrl = await database('fresh');
      const instances = await Promise.all([1, 2, 3].map(() => openPortalDatabase({ connectionString: freshUrl })));
      try {
        await Promise.all(instances.map((i) => migrate(i.db)));
        const first = instances[0];
        if (first === undefined) throw new Error('no instance');
        expect(await schemaOf(first.db as Kysely<unknown>)).toEqual(old);
      } finally {
        await Promise.all(instances.map((i) => i.close()));
      }
    });
  });
});
