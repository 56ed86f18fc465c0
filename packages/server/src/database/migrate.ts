// The migrator of either server (issue #31.4): Kysely's, over migrations that are files of
// the server (`src/db/migrations/NNNN_name.ts`, each an `up` and a `down`), applied in the order
// of their names, once: instances starting together wait for Kysely's migration lock (an
// advisory lock on a PostgreSQL server; PGlite has one connection). Each server keeps what ran
// in its own table, so both may share one database (the local cluster gives them one).
import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationResultSet } from 'kysely/migration';

export interface MigrationSet {
  /** Each migration by its name; applied in the order of the names. */
  readonly migrations: Readonly<Record<string, Migration>>;
  /** The table of the migrations that ran (and `<table>_lock`); default Kysely's `kysely_migration`. */
  readonly table?: string;
}

/** The migrator of `set` on `db` (tests step through it with `migrateTo` and `migrateDown`). */
export function migratorFor<DB>(db: Kysely<DB>, set: MigrationSet): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...set.migrations }) },
    ...(set.table === undefined ? {} : { migrationTableName: set.table, migrationLockTableName: `${set.table}_lock` }),
  });
}

/** A migration that failed, by name (or the migrator's own error). */
export class MigrationFailed extends Error {
  constructor(results: MigrationResultSet) {
    const failed = results.results?.find((r) => r.status === 'Error');
    super(`migration failed: ${failed?.migrationName ?? ''} ${String(results.error)}`, { cause: results.error });
    this.name = 'MigrationFailed';
  }
}

/** Applies every migration of `set` not applied yet; throws MigrationFailed. */
export async function migrateToLatest<DB>(db: Kysely<DB>, set: MigrationSet): Promise<void> {
  const results = await migratorFor(db, set).migrateToLatest();
  if (results.error !== undefined || results.results?.some((r) => r.status === 'Error'))
    throw new MigrationFailed(results);
}
