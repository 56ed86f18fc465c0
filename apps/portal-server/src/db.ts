// The portal server's database: the stack's embedded PostgreSQL (PGlite, one process) by
// default, a PostgreSQL server through `pg` with PORTAL_DATABASE_URL. Only what the session
// store needs: parameterised queries, a lock held by one caller across instances (waited
// for, for migrations; or taken without waiting, per session, for the refresh), migrations
// that run once when several instances start together.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * An advisory-lock key of PostgreSQL's two-int4 key space, apart from the single bigint keys
 * (the migration lock here, the API's seed and webhook locks on the same database).
 */
export type LockKey = readonly [number, number];

export interface Sql {
  query<Row extends Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
  /**
   * Runs `task` while holding the advisory lock `key` (a 64-bit integer derived from a name),
   * waiting for it on a connection of the pool: on a server, one caller across every
   * instance; on PGlite (one process) the process's own single flight is enough, so it runs
   * `task` at once. For rare, short work (migrations): the connection is held throughout.
   */
  withLock<T>(key: bigint, task: () => Promise<T>): Promise<T>;
  /**
   * Takes the advisory lock `key` for this instance if no other instance holds it, without
   * waiting (`pg_try_advisory_lock`): answers its release, or undefined when it is taken. Every
   * such lock is held on one connection of its own, whatever their number, so held locks take
   * nothing from the pool; if that connection is lost, PostgreSQL releases its locks and the
   * next call opens another. The caller keeps one holder per key in the process (advisory
   * locks are re-entrant on a connection). On PGlite (one process) always taken.
   */
  tryLock(key: LockKey): Promise<(() => Promise<void>) | undefined>;
  close(): Promise<void>;
}

export async function openSql(options: {
  readonly connectionString?: string;
  readonly dataDir?: string;
}): Promise<Sql> {
  if (options.connectionString !== undefined && options.connectionString !== '') {
    const pool = new pg.Pool({ connectionString: options.connectionString, max: 10, connectionTimeoutMillis: 5_000 });
    pool.on('error', (error) => console.warn(`portal-server: idle database connection lost: ${error.message}`));
    const locks = lockConnection(options.connectionString);
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
      async tryLock(key) {
        const client = await locks.client();
        const rows = await client.query<{ taken: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS taken', [...key]);
        if (rows.rows[0]?.taken !== true) return undefined;
        return async () => {
          // A lost connection released it already; a new one never held it.
          if (!locks.isCurrent(client)) return;
          await client.query('SELECT pg_advisory_unlock($1, $2)', [...key]).catch(() => undefined);
        };
      },
      close: async () => {
        await locks.close();
        await pool.end();
      },
    };
  }
  if (options.dataDir !== undefined) mkdirSync(dirname(resolve(options.dataDir)), { recursive: true });
  const db = await PGlite.create(options.dataDir === undefined ? {} : { dataDir: options.dataDir });
  return {
    async query(text, params = []) {
      return (await db.query(text, [...params])).rows as never;
    },
    withLock: (_key, task) => task(),
    tryLock: async () => async () => undefined,
    close: () => db.close(),
  };
}

/** The connection that holds this instance's `tryLock` locks: opened on first use, again after a loss. */
function lockConnection(connectionString: string) {
  let current: Promise<pg.Client> | undefined;
  let connected: pg.Client | undefined;
  let closed = false;
  const lost = (client: pg.Client, why: string) => {
    if (connected !== client) return;
    console.warn(`portal-server: lock connection lost (${why}); its locks are released`);
    connected = undefined;
    current = undefined;
  };
  return {
    client(): Promise<pg.Client> {
      if (closed) return Promise.reject(new Error('the database is closed'));
      current ??= (async () => {
        const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
        client.on('error', (error) => lost(client, error.message));
        client.on('end', () => lost(client, 'ended'));
        try {
          await client.connect();
        } catch (error) {
          current = undefined;
          throw error;
        }
        if (closed) {
          await client.end().catch(() => undefined);
          throw new Error('the database is closed');
        }
        connected = client;
        return client;
      })();
      return current;
    },
    isCurrent: (client: pg.Client) => connected === client,
    async close() {
      closed = true;
      const client = connected;
      connected = undefined;
      current = undefined;
      await client?.end().catch(() => undefined);
    },
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
