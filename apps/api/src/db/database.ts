// The API's database (Kysely over PGlite under API_DATA_DIR or in memory, or a PostgreSQL
// server with DATABASE_URL) and its migrations: opened and migrated by @portal/server's
// opener and migrator, which the portal server shares (issue #31.4).
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import type { Migration, Migrator } from 'kysely/migration';
import { migrateToLatest, migratorFor, openDatabase as openShared, type MigrationSet } from '@portal/server';
import * as initial from './migrations/0001_initial.ts';
import * as rowCounts from './migrations/0002_row_counts.ts';
import * as listPerformance from './migrations/0003_list_performance.ts';
import * as historyDetails from './migrations/0004_history_details.ts';
import * as deliveryClaims from './migrations/0005_delivery_claims.ts';
import * as webhookSigning from './migrations/0006_webhook_signing.ts';
import * as favourites from './migrations/0007_favourites.ts';
import * as launches from './migrations/0008_launches.ts';
import * as deliveryAttempts from './migrations/0009_delivery_attempts.ts';
import * as webhookPause from './migrations/0010_webhook_pause.ts';
import * as accessGovernance from './migrations/0011_access_governance.ts';
import * as mailOutbox from './migrations/0012_mail_outbox.ts';
import { secretsAtRest } from './migrations/0013_secrets_at_rest.ts';
import * as accessSources from './migrations/0014_access_sources.ts';
import * as directoryGroupSyncs from './migrations/0015_directory_group_syncs.ts';
import * as jobs from './migrations/0019_jobs.ts';
import * as requiredAnswer from './migrations/0016_required_answer.ts';
import * as initiateLogin from './migrations/0017_initiate_login.ts';
import * as countersPerBackend from './migrations/0018_counters_per_backend.ts';
import * as providerSubjects from './migrations/0020_provider_subjects.ts';
import type { SecretBox } from '../secrets.ts';
import type { DB } from './schema.ts';

export type Database = Kysely<DB>;

export interface DatabaseOptions {
  /** Directory for PGlite's files; undefined = in memory. Ignored with a connection string. */
  dataDir?: string | undefined;
  /** A PostgreSQL connection string: use a server through `pg`; undefined = PGlite. */
  connectionString?: string | undefined;
  /** An already opened PGlite (tests clone one). */
  pglite?: PGlite;
}

export { onServer } from '@portal/server';

/**
 * The API's database. The API takes no advisory lock without waiting (the portal server's
 * `tryLock`), so the shared opener's lock connection is never opened here and `db.destroy()`
 * closes everything.
 */
export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const opened = await openShared<DB>({
    connectionString: options.connectionString,
    dataDir: options.dataDir,
    pglite: options.pglite,
    extensions: { pg_trgm },
    name: 'api',
  });
  return opened.db;
}

/** The API's migrations by name; 0013 seals the secrets stored in plain text before with the key ring. */
function migrations(options: MigrateOptions): MigrationSet {
  const all: Record<string, Migration> = {
    '0001_initial': initial,
    '0002_row_counts': rowCounts,
    '0003_list_performance': listPerformance,
    '0004_history_details': historyDetails,
    '0005_delivery_claims': deliveryClaims,
    '0006_webhook_signing': webhookSigning,
    '0007_favourites': favourites,
    '0008_launches': launches,
    '0009_delivery_attempts': deliveryAttempts,
    '0010_webhook_pause': webhookPause,
    '0011_access_governance': accessGovernance,
    '0012_mail_outbox': mailOutbox,
    '0013_secrets_at_rest': secretsAtRest(options.secrets),
    '0014_access_sources': accessSources,
    '0015_directory_group_syncs': directoryGroupSyncs,
    '0016_required_answer': requiredAnswer,
    '0017_initiate_login': initiateLogin,
    '0018_counters_per_backend': countersPerBackend,
    '0019_jobs': jobs,
    '0020_provider_subjects': providerSubjects,
  };
  // Kysely's own table (`kysely_migration`), as before the shared migrator.
  return { migrations: all };
}

export interface MigrateOptions {
  /** The key ring that seals the secrets stored in plain text before migration 0012. */
  secrets: SecretBox;
}

/** The migrator of the API's migrations (tests step through them with `migrateTo`). */
export function migrator(db: Database, options: MigrateOptions): Migrator {
  return migratorFor(db, migrations(options));
}

export async function migrate(db: Database, options: MigrateOptions): Promise<void> {
  await migrateToLatest(db, migrations(options));
}
