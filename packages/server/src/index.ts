// @portal/server: what the portal server and the API share (architecture §2): the identity
// provider's configuration and its discovery checks (issue #27); a request body read up to its
// limit with the drain of a refused one (#31.2); the database, its opener, advisory locks and
// migrator (issue #31.4); the process edges (a signal, an HTTP server's close); the directory's
// user id of a provider's subject (ADR 0029).
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
export { readBoundedBody, refusedBodyDrainBytes, refusedBodyDrainMs, type BoundedBody } from './http/bounded-body.ts';
export { onServer, openDatabase, type DatabaseOptions, type OpenedDatabase } from './database/open.ts';
export { withAdvisoryLock, type LockKey, type Release } from './database/locks.ts';
export { migrateToLatest, MigrationFailed, migratorFor, type MigrationSet } from './database/migrate.ts';
export { closeHttpServer, nextSignal } from './process.ts';
export { directoryUserId, uuidPattern } from './identity/user-id.ts';
