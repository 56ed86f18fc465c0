// The portal server's database: sessions and used states in PostgreSQL (ADR 0009), opened and
// migrated by @portal/server's opener and migrator, which the API shares (issue #31.4): PGlite
// under PORTAL_DATA_DIR (or in memory) by default, a server with PORTAL_DATABASE_URL/DATABASE_URL.
import { migrateToLatest, openDatabase, type MigrationSet, type OpenedDatabase } from '@portal/server';
import type { Kysely } from 'kysely';
import * as sessions from './migrations/0001_sessions.ts';
import type { PortalDB } from './schema.ts';

/** The database with its lock taken without waiting (`tryLock`, the refresh lock of one session). */
export type PortalDatabase = OpenedDatabase<PortalDB>;

export function openPortalDatabase(options: {
  readonly connectionString?: string | undefined;
  readonly dataDir?: string | undefined;
}): Promise<PortalDatabase> {
  return openDatabase<PortalDB>({
    connectionString: options.connectionString,
    dataDir: options.dataDir,
    // A database out of reach answers within 5 s (the health check, a page's session) rather than never.
    pool: { max: 10, connectTimeoutMs: 5_000 },
    name: 'portal-server',
  });
}

/**
 * The portal server's migrations, recorded in a table of their own: the local cluster gives the
 * API and the portal servers one database, and each migrator must see only its own migrations.
 */
const portalMigrations: MigrationSet = {
  migrations: { '0001_sessions': sessions },
  table: 'portal_server_migration',
};

export function migrate(db: Kysely<PortalDB>): Promise<void> {
  return migrateToLatest(db, portalMigrations);
}
