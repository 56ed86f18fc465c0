// The database of either server (issue #31.4): PGlite, PostgreSQL embedded in the process
// (files under a directory, or in memory), by default; a PostgreSQL server through pg's pool
// with a connection string. Both are reached through Kysely. Beside the pool, a server opens
// one connection of its own on first use for the locks taken without waiting (`tryLock`).
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PGlite, type Extensions } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import { lockConnection, type LockKey, type Release } from './locks.ts';

export interface DatabaseOptions {
  /** A PostgreSQL connection string: a server through `pg`; undefined or empty: PGlite. */
  readonly connectionString?: string | undefined;
  /** PGlite's directory (created with its parents); undefined: in memory. Unused with a connection string. */
  readonly dataDir?: string | undefined;
  /** An already opened PGlite (tests clone one); closed with the database. */
  readonly pglite?: PGlite | undefined;
  /** PGlite's extensions (the API's pg_trgm); a server has its own. */
  readonly extensions?: Extensions | undefined;
  /** The pool: at most `max` connections (default 10); `connectTimeoutMs` waits for one at most this long (default: no limit). */
  readonly pool?: { readonly max?: number; readonly connectTimeoutMs?: number };
  /** Names the server in its log lines (`api`, `portal-server`). */
  readonly name: string;
}

export interface OpenedDatabase<DB> {
  readonly db: Kysely<DB>;
  /** True on a PostgreSQL server (queries of one request may run at once on several connections), false on PGlite (one at a time). */
  readonly onServer: boolean;
  /**
   * Takes the advisory lock `key` for this instance if no other instance holds it, without
   * waiting (`pg_try_advisory_lock`): answers its release, or undefined when it is taken. Every
   * such lock is held on one connection of its own, whatever their number, so held locks take
   * nothing from the pool; if that connection is lost, PostgreSQL releases its locks and the
   * next call opens another. The caller keeps one holder per key in the process (advisory
   * locks are re-entrant on a connection). On PGlite (one process) always taken.
   */
  tryLock(key: LockKey): Promise<Release | undefined>;
  /** Closes the lock connection (if one was opened) and the database (`db.destroy()`). */
  close(): Promise<void>;
}

const servers = new WeakSet<object>();

/** True for a database opened on a PostgreSQL server (the opened `db` itself, not its transactions), false for PGlite. */
export function onServer(db: object): boolean {
  return servers.has(db);
}

export async function openDatabase<DB>(options: DatabaseOptions): Promise<OpenedDatabase<DB>> {
  const { connectionString, name } = options;
  if (connectionString !== undefined && connectionString !== '') {
    const pool = new pg.Pool({
      connectionString,
      max: options.pool?.max ?? 10,
      ...(options.pool?.connectTimeoutMs === undefined
        ? {}
        : { connectionTimeoutMillis: options.pool.connectTimeoutMs }),
    });
    // An idle connection closed by the server (restart, DROP DATABASE ... FORCE) must not
    // crash the process; the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`${name}: idle database connection lost: ${error.message}`));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    servers.add(db);
    const locks = lockConnection(connectionString, name);
    return {
      db,
      onServer: true,
      tryLock: (key) => locks.tryLock(key),
      close: async () => {
        await locks.close();
        await db.destroy();
      },
    };
  }
  const pglite = options.pglite ?? (await openPGlite(options.dataDir, options.extensions));
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    onServer: false,
    tryLock: async () => async () => undefined,
    close: () => db.destroy(),
  };
}

async function openPGlite(dataDir: string | undefined, extensions: Extensions | undefined): Promise<PGlite> {
  // PGlite creates its own folder, not the ones above it (a first run into an empty data dir).
  if (dataDir !== undefined && !dataDir.includes('://')) mkdirSync(dirname(resolve(dataDir)), { recursive: true });
  return PGlite.create({
    ...(dataDir === undefined ? {} : { dataDir }),
    ...(extensions === undefined ? {} : { extensions }),
  });
}
