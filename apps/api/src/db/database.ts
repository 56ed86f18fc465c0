// Opens the database: PGlite (embedded PostgreSQL, data under a directory or in memory) by
// default, a PostgreSQL server through `pg` when a connection string is given.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Migration, MigrationProvider } from 'kysely/migration';
import pg from 'pg';
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
import * as countersPerBackend from './migrations/0018_counters_per_backend.ts';
import * as jobs from './migrations/0019_jobs.ts';
import type { SecretBox } from '../secrets.ts';
import * as requiredAnswer from './migrations/0016_required_answer.ts';
import * as initiateLogin from './migrations/0017_initiate_login.ts';
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

async function openPGlite(dataDir?: string): Promise<PGlite> {
  // PGlite creates its own folder, not the ones above it (a first run into an empty data dir).
  if (dataDir !== undefined && !dataDir.includes('://')) mkdirSync(dirname(resolve(dataDir)), { recursive: true });
  return PGlite.create({ ...(dataDir === undefined ? {} : { dataDir }), extensions: { pg_trgm } });
}

const servers = new WeakSet<Database>();

/** True for a PostgreSQL server (queries of one request may run at once on several connections), false for PGlite (one at a time). */
export function onServer(db: Database): boolean {
  return servers.has(db);
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.connectionString) {
    const pool = new pg.Pool({ connectionString: options.connectionString, max: 10 });
    // An idle connection closed by the server (restart, DROP DATABASE ... FORCE) must not
    // crash the process; the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`database: idle connection lost: ${error.message}`));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    servers.add(db);
    return db;
  }
  const pglite = options.pglite ?? (await openPGlite(options.dataDir));
  return new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) });
}

class StaticMigrations implements MigrationProvider {
  readonly #options: MigrateOptions;
  constructor(options: MigrateOptions) {
    this.#options = options;
  }

  async getMigrations(): Promise<Record<string, Migration>> {
    return {
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
      '0013_secrets_at_rest': secretsAtRest(this.#options.secrets),
      '0014_access_sources': accessSources,
      '0015_directory_group_syncs': directoryGroupSyncs,
      '0016_required_answer': requiredAnswer,
      '0017_initiate_login': initiateLogin,
      '0018_counters_per_backend': countersPerBackend,
      '0019_jobs': jobs,
    };
  }
}

export interface MigrateOptions {
  /** The key ring that seals the secrets stored in plain text before migration 0012. */
  secrets: SecretBox;
}

/** The migrator of the API's migrations (tests step through them with `migrateTo`). */
export function migrator(db: Database, options: MigrateOptions): Migrator {
  return new Migrator({ db, provider: new StaticMigrations(options) });
}

export async function migrate(db: Database, options: MigrateOptions): Promise<void> {
  const { error, results } = await migrator(db, options).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`migration failed: ${failed?.migrationName ?? ''} ${String(error)}`);
}
