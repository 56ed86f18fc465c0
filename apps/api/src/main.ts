// Starts the reference IAM API: the provider's discovery documents, the database (PGlite under
// API_DATA_DIR, or DATABASE_URL), migrations, seed of an empty database, the long-running work
// (webhook dispatcher, expiry job, mail sender, job runner) and the HTTP server.
//
// One Effect (ADR 0026): every resource is acquired in one Scope and released in reverse order
// whatever ends the program (SIGTERM/SIGINT, or a failure halfway through the start): the HTTP
// server stops accepting and lets its requests finish (10 s at most), then the jobs are
// interrupted (sends aborted and their claims given back, a transaction under way committed),
// then the database closes. The request handlers stay Promises behind Hono's `app.fetch`, the one
// boundary; they reach the jobs only through the dispatcher's `notify()` and the job runner's signals.
import type { Server } from 'node:http';
import { Cause, Data, Effect, Exit } from 'effect';
import { closeHttpServer, loadProvider, nextSignal, ProviderConfigError, tokenFlowKeys } from '@portal/server';
import { createApp } from './app.ts';
import { createAuthenticator, remoteKeys } from './auth.ts';
import { configOrExit } from './config.ts';
import { migrate, openDatabase } from './db/database.ts';
import { seed } from './db/seed/index.ts';
import { listen } from './server.ts';
import { makeDispatcher } from './webhooks/dispatcher.ts';
import { unreadableWebhookSecrets } from './webhooks/secrets.ts';
import { makeExpiryJob } from './jobs/expiry.ts';
import { permissionsOf } from './services/access.ts';
import type { MailQueue } from './mail/outbox.ts';
import { makeMailSender } from './mail/sender.ts';
import { smtpTransport } from './mail/smtp.ts';
import { makeJobRunner } from './jobs/runner.ts';

/** How long a request that queued a job waits for it before answering 202 (a small import is answered finished). */
const JOB_ANSWER_WAIT_MS = 1000;

/** The start stops with this one line (after `api: `): a wrong configuration, an unreadable secret. */
class StartRefused extends Data.TaggedError('StartRefused')<{ readonly line: string }> {}
/** A step of the start failed unexpectedly (the database out of reach, a migration). */
class StartFailed extends Data.TaggedError('StartFailed')<{ readonly step: string; readonly cause: unknown }> {}

const step = <A>(name: string, run: () => Promise<A>) =>
  Effect.tryPromise({ try: run, catch: (cause) => new StartFailed({ step: name, cause }) });

// A wrong value of the environment stops the start with one line (configOrExit).
const config = configOrExit();
const { secrets } = config;
/** How long requests under way may take to finish at shutdown. */
const shutdownGraceMs = 10_000;

const program = Effect.gen(function* () {
  console.log(
    config.developmentSecretsKey
      ? 'api: API_SECRETS_KEYS is not set: webhook secrets are encrypted with the public development key (never for production)'
      : `api: webhook secrets are encrypted with key ${secrets.keyIds[0] ?? ''} (API_SECRETS_KEYS holds ${secrets.keyIds.join(', ')})`,
  );
  // The provider's discovery documents name the issuers and key sets of its tokens; a provider
  // still starting is waited for a while, a wrong configuration stops the start with one line.
  const provider = yield* Effect.tryPromise({
    try: () =>
      loadProvider(config.provider, {
        waitMs: 60_000,
        onWait: (problem) => console.log(`api: waiting for the identity provider (${problem.message})`),
      }),
    catch: (cause) =>
      cause instanceof ProviderConfigError
        ? new StartRefused({ line: `cannot start: ${cause.message}` })
        : new StartFailed({ step: 'the identity provider', cause }),
  });
  const db = yield* Effect.acquireRelease(
    step('the database', () => openDatabase({ dataDir: config.dataDir, connectionString: config.databaseUrl })),
    (opened) =>
      Effect.promise(() => opened.destroy().catch((e: unknown) => console.error('api: closing the database', e))),
  );
  yield* step('the migrations', () => migrate(db, { secrets }));
  // Every stored secret must open with the key ring: a key removed too early, or a different one under an id, stops the start.
  const unreadable = yield* step('the stored secrets', () => unreadableWebhookSecrets(db, secrets));
  if (unreadable.count > 0)
    return yield* new StartRefused({
      line: `${unreadable.count} stored webhook secret(s) cannot be read, e.g. ${unreadable.first ?? ''}`,
    });
  // A user of the provider as the demo's administrator (API_SEED_ADMIN): at the sign-in flow's issuer.
  const signInIssuer = provider.metadata.get(config.provider.flows.signIn)?.issuer;
  const providerAdmin =
    config.seedAdmin === undefined || signInIssuer === undefined
      ? undefined
      : { ...config.seedAdmin, issuer: signInIssuer };
  const seeded = yield* step('the seed', () =>
    seed(db, config.seed, {
      portalUrl: config.portalUrl,
      dealerShopUrl: config.dealerShopUrl,
      secrets,
      providerAdmin,
    }),
  );
  if (seeded.length) console.log(`api: seeded ${seeded.join(' + ')} data`);

  const dispatcher = yield* makeDispatcher({ db, secrets });
  yield* Effect.forkScoped(Effect.scoped(dispatcher.run));
  // E-mail (#29): with an SMTP host, events queue mails in the outbox and the sender sends them; without one, neither.
  const mailConfig = config.mail;
  const mail: MailQueue | undefined = mailConfig && {
    site: { brandName: mailConfig.brandName, portalUrl: config.portalUrl, timeZone: mailConfig.timeZone },
    internalCopyTo: mailConfig.internalCopyTo,
  };
  if (mailConfig) {
    const sender = makeMailSender({
      db,
      transport: smtpTransport({ smtp: mailConfig.smtp, from: mailConfig.from }),
      pollInterval: mailConfig.pollIntervalMs,
      sendTimeout: mailConfig.sendTimeoutMs,
    });
    yield* Effect.forkScoped(Effect.scoped(sender.run));
  }
  console.log(
    mailConfig
      ? `api: mail through ${mailConfig.smtp.host}:${mailConfig.smtp.port} from ${mailConfig.from}`
      : 'api: no SMTP_HOST: no mail is sent',
  );
  // Time-bound access ends (#19, ADR 0017): removes due grants every API_EXPIRY_INTERVAL_MS.
  yield* Effect.forkScoped(
    makeExpiryJob({ db, mail, onWebhookQueued: dispatcher.notify, interval: config.expiryIntervalMs }).run,
  );
  // Jobs (#28.6, ADR 0025): an applied import, a bulk change, several decisions run here, claimed with a lease.
  const jobs = makeJobRunner({ db, mail, onWebhookQueued: dispatcher.notify, pollInterval: config.jobPollIntervalMs });
  yield* Effect.forkScoped(Effect.scoped(jobs.run));

  const app = createApp({
    db,
    auth: createAuthenticator({
      audience: config.audience,
      issuers: tokenIssuers(provider),
      ...(config.provider.policyClaim === undefined ? {} : { policyClaim: config.provider.policyClaim }),
      claims: config.provider.claims,
      ...(config.internal === undefined
        ? {}
        : { internal: { issuer: config.internal.issuer, keys: remoteKeys(config.internal.jwksUrl) } }),
      directoryPermissions: async (userId) => new Set(await permissionsOf(db, userId)),
    }),
    onWebhookQueued: dispatcher.notify,
    mail,
    allowHttpWebhooks: !config.production,
    publicUrl: config.publicUrl,
    secrets,
    jobs: { wake: jobs.wake, settled: jobs.settled, running: jobs.running, answerWaitMs: JOB_ANSWER_WAIT_MS },
    corsOrigins: [config.portalUrl],
  });
  yield* Effect.acquireRelease(
    Effect.async<Server, StartFailed>((resume) => {
      const server = listen(app, {
        port: config.port,
        onListening: (port) => {
          console.log(
            `api: listening on ${config.apiUrl} (port ${port}, ${config.databaseUrl ? 'PostgreSQL server' : `PGlite ${config.dataDir ?? 'in memory'}`})`,
          );
          resume(Effect.succeed(server));
        },
      });
      server.once('error', (cause) => resume(Effect.fail(new StartFailed({ step: 'the HTTP server', cause }))));
    }),
    (server) => Effect.promise(() => closeHttpServer(server, shutdownGraceMs)),
  );
  const signal = yield* Effect.promise((abort) => nextSignal(['SIGTERM', 'SIGINT'], abort));
  console.log(`api: ${signal}, stopping`);
});

/** The issuers of the sign-in and refresh flows, with their key sets (each key set fetched by one client). */
function tokenIssuers(provider: Awaited<ReturnType<typeof loadProvider>>) {
  const keySets = new Map<string, ReturnType<typeof remoteKeys>>();
  return tokenFlowKeys(config.provider).flatMap((key) => {
    const metadata = provider.metadata.get(key);
    if (metadata === undefined) return [];
    let keys = keySets.get(metadata.jwksUri);
    if (keys === undefined) keySets.set(metadata.jwksUri, (keys = remoteKeys(metadata.jwksUri)));
    return [{ issuer: metadata.issuer, keys, ...(config.provider.kind === 'b2c' ? { policy: key } : {}) }];
  });
}

void Effect.runPromiseExit(Effect.scoped(program)).then((exit) => {
  if (Exit.isSuccess(exit)) process.exit(0);
  const failure = Cause.failureOption(exit.cause);
  if (failure._tag === 'None') console.error('api: stopped', Cause.pretty(exit.cause));
  else if (failure.value._tag === 'StartRefused') console.error(`api: ${failure.value.line}`);
  else console.error(`api: could not start (${failure.value.step})`, failure.value.cause);
  process.exit(1);
});
