// PostgreSQL's advisory locks as both servers take them (ADR 0010): waited for on one
// connection of the pool for rare, short work (the API's seed), or taken without waiting on
// one connection of the instance's own (the portal server's refresh of one session, issue #28).
import { sql, type Kysely } from 'kysely';
import pg from 'pg';

/**
 * An advisory-lock key of PostgreSQL's two-int4 key space (`pg_try_advisory_lock(k1, k2)`),
 * apart from the single bigint keys (the API's seed and webhook locks, Kysely's migration lock).
 */
export type LockKey = readonly [number, number];
/** Gives a lock back. */
export type Release = () => Promise<void>;

/**
 * Runs `task` on one connection while it holds the session-level advisory lock `key` (a bigint
 * of the single-key space), waiting for it: one caller at a time across every instance on a
 * PostgreSQL server. On PGlite (one process, one session) the lock is taken at once. The
 * connection is held throughout, so this is for rare, short work.
 */
export async function withAdvisoryLock<DB, T>(
  db: Kysely<DB>,
  key: bigint,
  task: (connection: Kysely<DB>) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${key})`.execute(connection);
    try {
      return await task(connection);
    } finally {
      await sql`SELECT pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}

/** The connection that holds an instance's `tryLock` locks: opened on first use, again after a loss. */
export function lockConnection(connectionString: string, name: string) {
  let current: Promise<pg.Client> | undefined;
  let connected: pg.Client | undefined;
  let closed = false;
  /** The connection's queries, one after another (pg refuses to be asked twice at once from version 9). */
  let queue: Promise<unknown> = Promise.resolve();
  const one = <T>(query: () => Promise<T>): Promise<T> => {
    const result = queue.then(query, query);
    queue = result.catch(() => undefined);
    return result;
  };
  const lost = (client: pg.Client, why: string) => {
    if (connected !== client) return;
    console.warn(`${name}: lock connection lost (${why}); its locks are released`);
    connected = undefined;
    current = undefined;
  };
  const client = (): Promise<pg.Client> => {
    if (closed) return Promise.reject(new Error('the database is closed'));
    current ??= (async () => {
      const opened = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
      opened.on('error', (error) => lost(opened, error.message));
      opened.on('end', () => lost(opened, 'ended'));
      try {
        await opened.connect();
      } catch (error) {
        current = undefined;
        throw error;
      }
      if (closed) {
        await opened.end().catch(() => undefined);
        throw new Error('the database is closed');
      }
      connected = opened;
      return opened;
    })();
    return current;
  };
  return {
    async tryLock(key: LockKey): Promise<Release | undefined> {
      const holder = await client();
      const rows = await one(() =>
        holder.query<{ taken: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS taken', [...key]),
      );
      if (rows.rows[0]?.taken !== true) return undefined;
      return async () => {
        // A lost connection released it already; a new one never held it.
        if (connected !== holder) return;
        await one(() => holder.query('SELECT pg_advisory_unlock($1, $2)', [...key])).catch(() => undefined);
      };
    },
    async close(): Promise<void> {
      closed = true;
      const open = connected;
      connected = undefined;
      current = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}
