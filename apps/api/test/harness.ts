// Test harness: a database (PGlite in memory, or a fresh database on a PostgreSQL server
// when the vitest project provides one), the demo seed, a local key set for tokens, and
// the app called in-process through app.request().
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { JWK } from 'jose';
import type { Hono } from 'hono';
import { Duration, Effect, Schedule } from 'effect';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp } from '../src/app.ts';
import { createAuthenticator } from '../src/auth.ts';
import type { Authenticator } from '../src/auth.ts';
import { permissionsOf } from '../src/services/access.ts';
import type { AppEnv } from '../src/context.ts';
import { migrate, openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/database.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { makeDispatcher } from '../src/webhooks/dispatcher.ts';
import { secretBox } from '../src/secrets.ts';
import type { Dispatcher, DispatcherOptions } from '../src/webhooks/dispatcher.ts';
import type { MailQueue } from '../src/mail/outbox.ts';
import { startJobRunner } from '../src/jobs/runner.ts';

export const AUTHORITY = 'http://localhost:4901';
const AUDIENCE = 'portal-api';
const POLICIES = ['b2c_1a_signin', 'b2c_1a_refresh', 'b2c_1a_password_change', 'b2c_1a_email_change'];
export const PORTAL = 'http://localhost:5999';

const { privateKey, publicKey } = await generateKeyPair('RS256');
const other = await generateKeyPair('RS256');
const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
const keys = createLocalJWKSet({ keys: [jwk] });

/**
 * A response's JSON read as the contract's type `T` (`Schema<'MyApplicationList'>`, `ApiError`), for a test
 * that does not check the answer against the document itself: contract.test.ts and the suites that call
 * test/openapi.ts's checkResponse do, with the same types (#31.6).
 */
export async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export interface TokenOptions {
  sub?: string;
  permissions?: string[];
  policy?: string;
  issuer?: string;
  audience?: string;
  expiresIn?: string | number;
  email?: string;
  hkData?: unknown;
  wrongKey?: boolean;
  /** The groups claim (#29.3), as the provider would put it in the access token. */
  groups?: unknown;
  /** The token's iat (seconds); default now. */
  issuedAt?: number;
}

/** The API's authenticator for the test provider: B2C-style policies, one key set, internal tokens. */
export function testAuthenticator(keySet: typeof keys = keys) {
  return createAuthenticator({
    audience: AUDIENCE,
    issuers: POLICIES.map((policy) => ({ issuer: `${AUTHORITY}/${policy}/v2.0`, keys: keySet, policy })),
    policyClaim: 'tfp',
    internal: { issuer: `${AUTHORITY}/internal`, keys: keySet },
  });
}

/**
 * The API's authenticator for standard providers (#27, ADR 0029): each of `issuers` one issuer, their
 * tokens without the portal's data claim (permissions from the directory); beside them the test
 * provider's sign-in issuer, whose tokens (`token()`) carry their permissions, for administrators.
 */
export function standardAuthenticator(db: Database, issuers: readonly string[]) {
  return createAuthenticator({
    audience: AUDIENCE,
    issuers: [`${AUTHORITY}/b2c_1a_signin/v2.0`, ...issuers].map((issuer) => ({ issuer, keys })),
    directoryPermissions: async (userId) => new Set(await permissionsOf(db, userId)),
  });
}

/** An access token of a standard provider (LemonLDAP::NG, Keycloak): its `sub` any string, no data claim. */
export async function standardToken(options: {
  issuer: string;
  sub: string;
  email?: string;
  givenName?: string;
  familyName?: string;
  groups?: readonly string[];
}): Promise<string> {
  const claims: Record<string, unknown> = {};
  if (options.groups !== undefined) claims.groups = options.groups;
  if (options.email !== undefined) claims.email = options.email;
  if (options.givenName !== undefined) claims.given_name = options.givenName;
  if (options.familyName !== undefined) claims.family_name = options.familyName;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setSubject(options.sub)
    .setIssuer(options.issuer)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(privateKey);
}

export async function token(options: TokenOptions = {}): Promise<string> {
  const claims: Record<string, unknown> = {
    hkData: options.hkData ?? {
      attributes: { firstName: 'Test', lastName: 'User' },
      permissions: options.permissions ?? [],
    },
  };
  if (options.email) claims.email = options.email;
  if (options.groups !== undefined) claims.groups = options.groups;
  // B2C names the policy of every token in `tfp` (the API reads it, never the issuer).
  claims.tfp = (options.policy ?? 'b2c_1a_signin').toUpperCase();
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setSubject(options.sub ?? '00000000-0000-4000-8000-000000000006')
    .setIssuer(options.issuer ?? `${AUTHORITY}/${options.policy ?? 'b2c_1a_signin'}/v2.0`)
    .setAudience(options.audience ?? AUDIENCE)
    .setIssuedAt(options.issuedAt)
    .setExpirationTime(options.expiresIn ?? '10m')
    .sign(options.wrongKey ? other.privateKey : privateKey);
}

export async function internalToken(options: { scope?: string; issuer?: string } = {}): Promise<string> {
  return new SignJWT({ scp: options.scope ?? 'idp.internal' })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setSubject('idp')
    .setIssuer(options.issuer ?? `${AUTHORITY}/internal`)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(privateKey);
}

/** The key ring of the tests' secrets at rest (#29.5): fixed, so every test file's database opens with it. */
export const testSecrets = secretBox([{ id: 'test', key: Buffer.from('api tests: secrets at rest key!!', 'utf8') }]);

let serverDbCounter = 0;

/** A fresh database for one test file, migrated (unless `migrated: false`: empty, for a test of the migrations). */
export async function freshDatabase(
  options: { migrated?: boolean } = {},
): Promise<{ db: Database; close: () => Promise<void>; url: string | undefined }> {
  const migrated = options.migrated ?? true;
  const serverUrl = inject('postgresUrl');
  if (!serverUrl) {
    const db = await openDatabase();
    if (migrated) await migrate(db, { secrets: testSecrets });
    return { db, close: () => db.destroy(), url: undefined };
  }
  const name = `api_test_${process.pid}_${Date.now()}_${serverDbCounter++}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ connectionString: url.toString() });
  if (migrated) await migrate(db, { secrets: testSecrets });
  return {
    db,
    url: url.toString(),
    close: async () => {
      await db.destroy();
      const drop = new pg.Client({ connectionString: serverUrl });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    },
  };
}

/** A delivery that failed is due again at once (the tests sweep again rather than wait). */
export const noBackoff = Schedule.spaced(Duration.zero);

/** A dispatcher (its wake-up queue made at once). */
export const dispatcherFor = (options: DispatcherOptions): Dispatcher => Effect.runSync(makeDispatcher(options));

/** One sweep of `dispatcher`, waited for: how many deliveries it attempted. */
export const sweep = (dispatcher: Dispatcher): Promise<number> => Effect.runPromise(dispatcher.sweep);

export interface Harness {
  app: Hono<AppEnv>;
  db: Database;
  /** The database's connection string on a PostgreSQL server (a second pool: another instance); undefined on PGlite. */
  databaseUrl: string | undefined;
  dispatcher: Dispatcher;
  queued: { count: number };
  /**
   * Follows the answer of a call that became a job (#28.6): 202 with the job; the job is read until it is
   * finished, and answered as the call answered before it was a job: 200 with its result, or its error's status
   * with its error (in the language of `headers.lang`).
   */
  finish: (
    accepted: Response,
    init?: { token?: string | undefined; headers?: Record<string, string> },
  ) => Promise<Response>;
  request: (
    method: string,
    path: string,
    // No token (`undefined`): an anonymous call.
    init?: {
      token?: string | undefined;
      body?: unknown;
      rawBody?: RequestInit['body'];
      headers?: Record<string, string> | undefined;
    },
  ) => Promise<Response>;
  close: () => Promise<void>;
}

export async function harness(
  options: {
    seed?: boolean;
    fetchImpl?: typeof fetch;
    mail?: MailQueue;
    /** Another token check than the test provider's (`standardAuthenticator`). */
    auth?: (db: Database) => Authenticator;
  } = {},
): Promise<Harness> {
  const { db, close, url } = await freshDatabase();
  if (options.seed ?? true)
    await seedDemo(db, { portalUrl: PORTAL, dealerShopUrl: 'http://localhost:4992', secrets: testSecrets });
  const queued = { count: 0 };
  const dispatcher = dispatcherFor({
    db,
    secrets: testSecrets,
    backoff: noBackoff,
    maxAttempts: 3,
    ...(options.fetchImpl === undefined ? {} : { fetchImpl: options.fetchImpl }),
    timeout: 2000,
  });
  const onWebhookQueued = () => {
    queued.count++;
  };
  const jobs = startJobRunner({
    db,
    mail: options.mail,
    onWebhookQueued,
    pollInterval: '200 millis',
    heartbeat: '100 millis',
    log: () => undefined,
  });
  const app = createApp({
    db,
    auth: options.auth?.(db) ?? testAuthenticator(keys),
    onWebhookQueued,
    allowHttpWebhooks: true,
    publicUrl: 'http://localhost:4900',
    mail: options.mail,
    secrets: testSecrets,
    jobs: { wake: jobs.wake, settled: jobs.settled, running: jobs.running, answerWaitMs: 1000 },
    corsOrigins: [PORTAL],
  });
  const request: Harness['request'] = async (method, path, init = {}) => {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: RequestInit['body'] = init.rawBody;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    return app.request(path, { method, headers, ...(body === undefined ? {} : { body }) });
  };
  return {
    app,
    db,
    databaseUrl: url,
    dispatcher,
    queued,
    close: async () => {
      await jobs.stop();
      await close();
    },
    request,
    finish: async (accepted, init = {}) => {
      if (accepted.status !== 202) return accepted;
      const base = 'http://localhost:4900';
      let job = (await accepted.json()) as { status: string; statusUrl: string; result: unknown; error: unknown };
      const path = job.statusUrl.slice(base.length);
      for (let tries = 0; job.status === 'QUEUED' || job.status === 'RUNNING'; tries++) {
        if (tries > 600) throw new Error(`job ${path} did not finish`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        const r = await request('GET', path, init);
        if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${await r.text()}`);
        job = (await r.json()) as typeof job;
      }
      if (job.status === 'SUCCEEDED') return Response.json(job.result, { status: 200 });
      const failure = job.error as { status: number; body: unknown };
      return Response.json(failure.body, { status: failure.status });
    },
  };
}
