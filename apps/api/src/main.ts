// Starts the reference IAM API: database (PGlite under API_DATA_DIR, or DATABASE_URL),
// migrations, seed of an empty database, webhook dispatcher and the HTTP server.
import { loadProvider, ProviderConfigError, tokenFlowKeys } from '@portal/server';
import { createApp } from './app.ts';
import { createAuthenticator, remoteKeys } from './auth.ts';
import { configOrExit } from './config.ts';
import { migrate, openDatabase } from './db/database.ts';
import { seed } from './db/seed/index.ts';
import { listen } from './server.ts';
import { createDispatcher } from './webhooks/dispatcher.ts';
import { unreadableWebhookSecrets } from './webhooks/secrets.ts';
import { createExpiryJob } from './jobs/expiry.ts';
import { permissionsOf } from './services/access.ts';
import type { MailQueue } from './mail/outbox.ts';
import { startMailSender } from './mail/sender.ts';
import { smtpTransport } from './mail/smtp.ts';
import { startJobRunner } from './jobs/runner.ts';

/** How long a request that queued a job waits for it before answering 202 (a small import is answered finished). */
const JOB_ANSWER_WAIT_MS = 1000;

// A wrong value of the environment stops the start with one line (configOrExit).
const config = configOrExit();
const { secrets } = config;
console.log(
  config.developmentSecretsKey
    ? 'api: API_SECRETS_KEYS is not set: webhook secrets are encrypted with the public development key (never for production)'
    : `api: webhook secrets are encrypted with key ${secrets.keyIds[0] ?? ''} (API_SECRETS_KEYS holds ${secrets.keyIds.join(', ')})`,
);
let provider: Awaited<ReturnType<typeof loadProvider>>;
try {
  // The provider's discovery documents name the issuers and key sets of its tokens; a provider
  // still starting is waited for a while, a wrong configuration stops the start with one line.
  provider = await loadProvider(config.provider, {
    waitMs: 60_000,
    onWait: (problem) => console.log(`api: waiting for the identity provider (${problem.message})`),
  });
} catch (error) {
  if (!(error instanceof ProviderConfigError)) throw error;
  console.error(`api: cannot start: ${error.message}`);
  process.exit(1);
}
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
// E-mail (#29): with an SMTP host, events queue mails in the outbox and the sender sends them; without one, neither.
const mailConfig = config.mail;
const mail: MailQueue | undefined = mailConfig && {
  site: { brandName: mailConfig.brandName, portalUrl: config.portalUrl, timeZone: mailConfig.timeZone },
  internalCopyTo: mailConfig.internalCopyTo,
};
const stopMail = mailConfig
  ? startMailSender({
      db,
      transport: smtpTransport({ smtp: mailConfig.smtp, from: mailConfig.from }),
      pollInterval: mailConfig.pollIntervalMs,
      sendTimeout: mailConfig.sendTimeoutMs,
    })
  : async () => {};
console.log(
  mailConfig
    ? `api: mail through ${mailConfig.smtp.host}:${mailConfig.smtp.port} from ${mailConfig.from}`
    : 'api: no SMTP_HOST: no mail is sent',
);
// Time-bound access ends (#19, ADR 0017): removes due grants every API_EXPIRY_INTERVAL_MS.
const stopExpiry = createExpiryJob({ db, mail, onWebhookQueued: () => dispatcher.notify() }).start(
  config.expiryIntervalMs,
);
// Jobs (#28.6, ADR 0025): an applied import, a bulk change, several decisions run here, claimed with a lease.
const jobs = startJobRunner({
  db,
  mail,
  onWebhookQueued: () => dispatcher.notify(),
  pollInterval: config.jobPollIntervalMs,
});
const app = createApp({
  db,
  auth: createAuthenticator({
    audience: config.audience,
    issuers: tokenIssuers(),
    ...(config.provider.policyClaim === undefined ? {} : { policyClaim: config.provider.policyClaim }),
    claims: config.provider.claims,
    ...(config.internal === undefined
      ? {}
      : { internal: { issuer: config.internal.issuer, keys: remoteKeys(config.internal.jwksUrl) } }),
    directoryPermissions: async (userId) => new Set(await permissionsOf(db, userId)),
  }),
  onWebhookQueued: () => dispatcher.notify(),
  mail,
  allowHttpWebhooks: !config.production,
  publicUrl: config.publicUrl,
  secrets,
  jobs: { wake: jobs.wake, settled: jobs.settled, running: jobs.running, answerWaitMs: JOB_ANSWER_WAIT_MS },
  corsOrigins: [config.portalUrl],
});
/** The issuers of the sign-in and refresh flows, with their key sets (each key set fetched by one client). */
function tokenIssuers() {
  const keySets = new Map<string, ReturnType<typeof remoteKeys>>();
  return tokenFlowKeys(config.provider).flatMap((key) => {
    const metadata = provider.metadata.get(key);
    if (metadata === undefined) return [];
    let keys = keySets.get(metadata.jwksUri);
    if (keys === undefined) keySets.set(metadata.jwksUri, (keys = remoteKeys(metadata.jwksUri)));
    return [{ issuer: metadata.issuer, keys, ...(config.provider.kind === 'b2c' ? { policy: key } : {}) }];
  });
}

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
    void Promise.all([stopExpiry(), stopDispatcher(), stopMail(), jobs.stop()])
      .then(() => db.destroy())
      .finally(() => process.exit(0));
  });
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
