// @portal/server: what the portal server and the API share (architecture §2): the identity
// provider's configuration and its discovery checks (issue #27); the database, its opener,
// advisory locks and migrator (issue #31.4).
export {
  checkProviderUrl,
  providerConfigFromEnv,
  ProviderConfigError,
  tokenFlowKeys,
  type ClaimNames,
  type ClientAuth,
  type ProviderConfig,
  type ProviderKind,
} from './provider/config.ts';
export { discoveryUrl, loadProvider, type LoadedProvider, type ProviderMetadata } from './provider/discovery.ts';
export { onServer, openDatabase, type DatabaseOptions, type OpenedDatabase } from './database/open.ts';
export { withAdvisoryLock, type LockKey, type Release } from './database/locks.ts';
export { migrateToLatest, MigrationFailed, migratorFor, type MigrationSet } from './database/migrate.ts';
export { closeHttpServer, nextSignal } from './process.ts';
