// Starts the reference IAM API: database (PGlite under API_DATA_DIR, or DATABASE_URL),
// migrations, seed of an empty database, webhook dispatcher and the HTTP server.
import { createApp } from './app.ts';
import { createAuthenticator, remoteKeys } from './auth.ts';
import { configOrExit } from './config.ts';
import { migrate, openDatabase } from './db/database.ts';
import { seed } from './db/seed/index.ts';
import { listen } from './server.ts';
import { createDispatcher } from './webhooks/dispatcher.ts';
import { unreadableWebhookSecrets } from './webhooks/secrets.ts';
import { createExpiryJob } from './jobs/expiry.ts';

const config = configOrExit();
const { secrets } = config;
console.log(
  config.developmentSecretsKey
    ? 'api: API_SECRETS_KEYS is not set: webhook secrets are encrypted with the public development key (never for production)'
    : `api: webhook secrets are encrypted with key ${secrets.keyIds[0] ?? ''} (API_SECRETS_KEYS holds ${secrets.keyIds.join(', ')})`,
);
const db = await openDatabase({ dataDir: config.dataDir, connectionString: config.databaseUrl });
await migrate(db, { secrets });
// Every stored secret must open with the key ring: a key removed too early, or a different one under an id, stops the start.
const unreadable = await unreadableWebhookSecrets(db, secrets);
if (unreadable.count > 0) {
  console.error(`api: ${unreadable.count} stored webhook secret(s) cannot be read, e.g. ${unreadable.first ?? ''}`);
  await db.destroy();
  process.exit(1);
}
const seeded = await seed(db, config.seed, {
  portalUrl: config.portalUrl,
  dealerShopUrl: config.dealerShopUrl,
  secrets,
});
if (seeded.length) console.log(`api: seeded ${seeded.join(' + ')} data`);
const dispatcher = createDispatcher({ db, secrets });
const stopDispatcher = dispatcher.start();
// Time-bound access ends (#19, ADR 0017): removes due grants every API_EXPIRY_INTERVAL_MS.
const stopExpiry = createExpiryJob({ db, onWebhookQueued: () => dispatcher.notify() }).start(config.expiryIntervalMs);
const app = createApp({
  db,
  auth: createAuthenticator({
    authority: config.authority,
    audience: config.audience,
    policies: config.policies,
    keys: remoteKeys(config.jwksUrl),
    groupsClaim: config.groupsClaim,
  }),
  onWebhookQueued: () => dispatcher.notify(),
  allowHttpWebhooks: !config.production,
  publicUrl: config.publicUrl,
  secrets,
  corsOrigins: [config.portalUrl],
});
const server = listen(app, {
  port: config.port,
  onListening: (port) => {
    console.log(
      `api: listening on ${config.apiUrl} (port ${port}, ${config.databaseUrl ? 'PostgreSQL server' : `PGlite ${config.dataDir ?? 'in memory'}`})`,
    );
  },
});

let closing = false;
const shutdown = () => {
  if (closing) return;
  closing = true;
  server.close(() => {
    void Promise.all([stopExpiry(), stopDispatcher()])
      .then(() => db.destroy())
      .finally(() => process.exit(0));
  });
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
