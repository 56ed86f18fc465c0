// The portal server's database: the stack's embedded PostgreSQL (PGlite, one process) by
// default, a PostgreSQL server through `pg` with PORTAL_DATABASE_URL. Only what the session
// store needs: parameterised queries, a lock held by one caller across instances, migrations
// that run once when several instances start together.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface Sql {
  query<Row extends Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
  /**
   * Runs `task` while holding the advisory lock `key` (a 64-bit integer derived from a name):
   * on a server, one caller across every instance; on PGlite (one process) the process's own
   * single flight is enough, so it runs `task` at once.
   */
  withLock<T>(key: bigint, task: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function openSql(options: {
  readonly connectionString?: string;
  readonly dataDir?: string;
}): Promise<Sql> {
  if (options.connectionString !== undefined && options.connectionString !== '') {
    const pool = new pg.Pool({ connectionString: options.connectionString, max: 10, connectionTimeoutMillis: 5_000 });
    pool.on('error', (error) => console.warn(`portal-server: idle database connection lost: ${error.message}`));
    return {
      async query(text, params = []) {
        return (await pool.query(text, [...params])).rows;
      },
      async withLock(key, task) {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [key.toString()]);
          try {
            return await task();
          } finally {
            await client.query('SELECT pg_advisory_unlock($1)', [key.toString()]);
          }
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir !== undefined) mkdirSync(dirname(resolve(options.dataDir)), { recursive: true });
  const db = await PGlite.create(options.dataDir === undefined ? {} : { dataDir: options.dataDir });
  return {
    async query(text, params = []) {
      return (await db.query(text, [...params])).rows as never;
    },
    withLock: (_key, task) => task(),
    close: () => db.close(),
  };
}

/** Migrations, run under one advisory lock so that instances starting together do them once. */
const migrations: readonly string[] = [
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
  // States whose callback has been handled: a reload, a Back or a second tab with the same
  // code never makes a second token request (the cookie's deletion may not have arrived).
  `CREATE TABLE IF NOT EXISTS portal_used_state (
     state text PRIMARY KEY,
     used_at timestamptz NOT NULL
   )`,
];

const migrationLockKey = 0x706f7274616cn; // "portal"

export async function migrate(sql: Sql): Promise<void> {
  await sql.withLock(migrationLockKey, async () => {
    for (const statement of migrations) await sql.query(statement);
  });
}
