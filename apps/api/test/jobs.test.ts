// Jobs (#28.6, ADR 0025): an applied import, a bulk change of an application's users and a decision
// of several requests answer 202 with the job, run in the job runner (src/jobs/runner.ts) with a
// lease, and say SUCCEEDED only with their work committed, exactly once:
// - the lifecycle: QUEUED → RUNNING → SUCCEEDED with the call's result, or FAILED with its error (in
//   the reader's language) and nothing changed;
// - the same submit again (an Idempotency-Key, or the same body as the user's last job) is the first
//   job, not a second run; two at once are one job;
// - a job whose instance died (its lease ran out) is taken over and done once; one that keeps dying
//   is FAILED; a live lease is left alone; a runner that lost its claim keeps nothing (PostgreSQL
//   server); a runner stopped under way rolls back and gives the job back;
// - only whoever may start that kind of job reads it;
// - the table's states follow a model under any order of submits, sweeps and dead instances.
import { Effect } from 'effect';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, assert, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { ApiError, Schema } from '@portal/contract';
import { createApp } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { accessRequests, apps, roles, users } from '../src/db/seed/ids.ts';
import { makeJobRunner, startJobRunner } from '../src/jobs/runner.ts';
import { claimsOf } from '../src/services/access.ts';
import { freshDatabase, json, PORTAL, testAuthenticator, testSecrets, token } from './harness.ts';
import { anyString, matching } from './matchers.ts';

let db: Database;
let close: () => Promise<void>;
let app: ReturnType<typeof createApp>;
let admin = '';
let appAdmin = '';
let partner = '';
/** An administrator of the kitchen planner without the right to decide its requests. */
let plannerAdminOnly = '';
const queuedWebhooks = { count: 0 };
/** The run on a PostgreSQL server (vitest.postgres.config.ts): queries run beside a transaction there. */
const onPostgresServer = Boolean(inject('postgresUrl'));

// No runner behind the app: a submit stays QUEUED until a test's runner sweeps.
beforeAll(async () => {
  ({ db, close } = await freshDatabase());
  await seedDemo(db, { portalUrl: PORTAL, dealerShopUrl: 'http://localhost:4992', secrets: testSecrets });
  app = createApp({
    db,
    auth: testAuthenticator(),
    onWebhookQueued: () => undefined,
    allowHttpWebhooks: true,
    publicUrl: 'http://localhost:4900/api',
    secrets: testSecrets,
    jobs: { wake: () => undefined, settled: async () => undefined, running: () => undefined, answerWaitMs: 0 },
    corsOrigins: [PORTAL],
  });
  const tokenOf = async (id: string) => token({ sub: id, permissions: (await claimsOf(db, id)).hkData.permissions });
  admin = await tokenOf(users.globalAdmin);
  appAdmin = await tokenOf(users.appAdmin);
  partner = await tokenOf(users.partner);
  plannerAdminOnly = await token({ sub: users.appAdmin, permissions: ['kitchen_planner.admin'] });
  // Users for the imports of this file.
  await sql`INSERT INTO users (id, email, first_name, last_name, company_name, language, internal)
    SELECT 'f0000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'), 'job' || i || '@jobs.test', 'Job', 'User ' || i, null, 'de', false
    FROM generate_series(1, 3000) AS i`.execute(db);
});
afterAll(() => close());
beforeEach(async () => {
  // Nothing of an earlier test waits for a runner.
  await db.deleteFrom('jobs').execute();
  queuedWebhooks.count = 0;
});

type Job = Schema<'Job'>;
const userId = (i: number) => `f0000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
const importPath = `/Admin/Applications/${apps.kitchenPlanner}/Users/Import`;
const csvOf = (from: number, to: number, role = 'kitchen_planner.viewer') =>
  ['email,roles', ...Array.from({ length: to - from + 1 }, (_, i) => `job${from + i}@jobs.test,${role}`)].join('\n');

/** The answer read as `T`: a job (202, or the job read back), or `ApiError` where the test expects a refusal. */
async function send<T = Job>(
  method: string,
  path: string,
  as: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T; location: string | null }> {
  const r = await app.request(path.replace(/^http:\/\/localhost:4900\/api/, ''), {
    method,
    headers: {
      authorization: `Bearer ${as}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: r.status, body: await json<T>(r), location: r.headers.get('location') };
}

const runner = (instance: string, options: Partial<Parameters<typeof makeJobRunner>[0]> = {}) =>
  makeJobRunner({
    db,
    instance,
    onWebhookQueued: () => {
      queuedWebhooks.count++;
    },
    log: () => undefined,
    ...options,
  });
const sweep = (r: ReturnType<typeof runner>) => Effect.runPromise(r.sweep);
/** Sweeps until nothing is left to claim (one user's jobs on an application are claimed one after another). */
async function sweepAll(r: ReturnType<typeof runner>): Promise<number> {
  let claimed = 0;
  for (let n = await sweep(r); n > 0; n = await sweep(r)) claimed += n;
  return claimed;
}
const jobRow = (id: string) => db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const grantOf = (user: string) =>
  db
    .selectFrom('application_users')
    .select('role_ids')
    .where('application_id', '=', apps.kitchenPlanner)
    .where('user_id', '=', user)
    .executeTakeFirst();
const historyCount = async (user: string) =>
  Number(
    (
      await db
        .selectFrom('history')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('table_name', '=', 'application_users')
        // One entry per change of the access (a row per changed field: its roles).
        .where('field', '=', 'roleIds')
        .where('entity', 'like', `%${user}%`)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the lifecycle of a job', () => {
  it('answers 202 with its address, runs once claimed, and answers the import’s result', async () => {
    const accepted = await send('POST', importPath, appAdmin, { csv: csvOf(1, 3), apply: true });
    expect(accepted.status).toBe(202);
    const job = accepted.body;
    expect(job).toMatchObject({
      kind: 'USERS_IMPORT',
      applicationId: apps.kitchenPlanner,
      status: 'QUEUED',
      progress: { done: 0, total: null },
      startedAt: null,
      finishedAt: null,
      result: null,
      error: null,
    });
    expect(accepted.location).toBe(
      `http://localhost:4900/api/Admin/Applications/${apps.kitchenPlanner}/Jobs/${job.id}`,
    );
    expect(job.statusUrl).toBe(accepted.location);
    expect(await grantOf(userId(1))).toBeUndefined();

    expect(await sweep(runner('a'))).toBe(1);
    const done = await send('GET', job.statusUrl, appAdmin);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      id: job.id,
      status: 'SUCCEEDED',
      progress: { done: 3, total: 3 },
      result: { applied: true, invalid: [] },
      error: null,
    });
    const result = done.body.result;
    assert(result !== null && 'rows' in result);
    expect(result.rows.map((r) => [r.line, r.change])).toEqual([
      [2, 'GRANT'],
      [3, 'GRANT'],
      [4, 'GRANT'],
    ]);
    expect(done.body.startedAt).not.toBeNull();
    expect(done.body.finishedAt).not.toBeNull();
    for (const i of [1, 2, 3]) expect(await grantOf(userId(i))).toEqual({ role_ids: [roles.plannerViewer] });
    expect(await jobRow(job.id)).toMatchObject({ attempts: 1, claimed_by: null, claimed_until: null });
    // Nothing is left to claim.
    expect(await sweep(runner('a'))).toBe(0);
    // The webhook deliveries a job queued (the dealer shop has a webhook) wake the dispatcher once it is committed.
    expect(queuedWebhooks.count).toBe(0);
    await send('POST', `/Admin/Applications/${apps.dealerOrdering}/Users/Import`, admin, {
      csv: 'email,roles\njob4@jobs.test,dealer_ordering.viewer',
      apply: true,
    });
    expect(await sweep(runner('a'))).toBe(1);
    expect(queuedWebhooks.count).toBe(1);
  });

  it('knows the rows of a bulk change and of a decision before it runs, and counts them', async () => {
    const bulk = await send('POST', `/Admin/Applications/${apps.kitchenPlanner}/Users/Bulk`, appAdmin, {
      action: 'addRoles',
      userIds: [userId(10), userId(11)],
      roleIds: [roles.plannerViewer],
    });
    expect(bulk.body).toMatchObject({ kind: 'USERS_BULK', status: 'QUEUED', progress: { done: 0, total: 2 } });
    const decide = await send('POST', `/Admin/Applications/${apps.kitchenPlanner}/AccessRequests/Decide`, appAdmin, {
      requestIds: [accessRequests.partnerPlanner],
      decision: { decision: 'DENY', reason: 'Nein' },
    });
    expect(decide.body).toMatchObject({ kind: 'ACCESS_REQUESTS_DECIDE', progress: { done: 0, total: 1 } });
    expect(await sweepAll(runner('a'))).toBe(2);
    expect((await send('GET', bulk.body.statusUrl, appAdmin)).body).toMatchObject({
      status: 'SUCCEEDED',
      progress: { done: 2, total: 2 },
      result: { count: 2 },
    });
    expect((await send('GET', decide.body.statusUrl, appAdmin)).body).toMatchObject({
      status: 'SUCCEEDED',
      result: { count: 1 },
    });
  });

  it('fails with the call’s refusal, in the reader’s language, and changes nothing', async () => {
    const csv = 'email,roles\njob20@jobs.test,kitchen_planner.viewer\njob21@jobs.test,no.such.role';
    const accepted = await send('POST', importPath, appAdmin, { csv, apply: true });
    await sweep(runner('a'));
    const de = await send('GET', accepted.body.statusUrl, appAdmin);
    expect(de.body).toMatchObject({ status: 'FAILED', result: null, finishedAt: anyString() });
    expect(de.body.error).toEqual({
      status: 400,
      body: {
        error: {
          code: 'import.invalidRows',
          message: 'Die Datei enthält ungültige Zeilen; es wurde nichts geändert.',
          errors: [{ field: 'lines.3', message: matching(/^Zeile 3: .*no\.such\.role/) }],
        },
      },
    });
    const en = await send('GET', accepted.body.statusUrl, appAdmin, undefined, { lang: 'en' });
    expect(en.body.error?.body.error).toMatchObject({
      message: 'The file contains invalid lines; nothing was changed.',
      errors: [{ field: 'lines.3', message: matching(/^Line 3: .*no\.such\.role/) }],
    });
    expect(await grantOf(userId(20))).toBeUndefined();
    expect(queuedWebhooks.count).toBe(0);
  });

  it('runs as the submitter could when it was accepted: with the permissions their token held then', async () => {
    const accepted = await send('POST', importPath, plannerAdminOnly, {
      csv: 'email,roles\njob30@jobs.test,kitchen_planner.admin',
      apply: true,
    });
    expect((await jobRow(accepted.body.id)).permissions).toEqual(['kitchen_planner.admin']);
    // Read from the job, not from anywhere else: without them the planner's admin role may not be granted.
    await db.updateTable('jobs').set({ permissions: [] }).where('id', '=', accepted.body.id).execute();
    await sweep(runner('a'));
    const job = (await send('GET', accepted.body.statusUrl, appAdmin, undefined, { lang: 'en' })).body;
    expect(job).toMatchObject({ status: 'FAILED', error: { status: 400 } });
    expect(job.error?.body.error.errors[0]?.message).toContain('kitchen_planner.admin');
    expect(await grantOf(userId(30))).toBeUndefined();
  });
});

describe('the same submit again', () => {
  const body = { csv: csvOf(40, 41), apply: true };

  it('with the same Idempotency-Key is the first job, run once; another body under it is 409', async () => {
    const key = { 'Idempotency-Key': 'import-key-0001' };
    const first = await send('POST', importPath, appAdmin, body, key);
    const again = await send('POST', importPath, appAdmin, body, key);
    expect(again.status).toBe(202);
    expect(again.body.id).toBe(first.body.id);
    expect(again.location).toBe(first.location);
    await sweep(runner('a'));
    expect((await send('POST', importPath, appAdmin, body, key)).body).toMatchObject({
      id: first.body.id,
      status: 'SUCCEEDED',
    });
    expect(await db.selectFrom('jobs').select('id').execute()).toHaveLength(1);
    expect(await historyCount(userId(40))).toBe(1);
    const other = await send<ApiError>('POST', importPath, appAdmin, { ...body, csv: csvOf(42, 42) }, key);
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({ code: 'job.keyReused', errors: [{ field: 'Idempotency-Key' }] });
    // Each user has keys of their own.
    expect((await send('POST', importPath, admin, body, key)).body.id).not.toBe(first.body.id);
  });

  it('at the same moment, with one key, is one job', async () => {
    const key = { 'Idempotency-Key': 'import-key-0002' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send('POST', importPath, appAdmin, { csv: csvOf(43, 43), apply: true }, key)),
    );
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await db.selectFrom('jobs').select('id').execute()).toHaveLength(1);
  });

  it('refuses an Idempotency-Key that is not 8 to 200 printable characters', async () => {
    for (const bad of ['short', 'x'.repeat(201), 'mit leerzeichen']) {
      const r = await send<ApiError>('POST', importPath, appAdmin, body, { 'Idempotency-Key': bad });
      expect(r.status).toBe(400);
      expect(r.body.error.errors).toEqual([{ field: 'Idempotency-Key', message: anyString() }]);
    }
    expect(await db.selectFrom('jobs').select('id').execute()).toHaveLength(0);
  });

  it('without a key: the same body as the user’s last job on the application, unless that job failed', async () => {
    const add = { action: 'addRoles', userIds: [userId(50)], roleIds: [roles.plannerViewer] };
    const remove = { action: 'removeAccess', userIds: [userId(50)] };
    const bulk = `/Admin/Applications/${apps.kitchenPlanner}/Users/Bulk`;
    const first = await send('POST', bulk, appAdmin, add);
    expect((await send('POST', bulk, appAdmin, add)).body.id).toBe(first.body.id);
    await sweep(runner('a'));
    // Answered finished, its result as it was: not run again.
    expect((await send('POST', bulk, appAdmin, add)).body).toMatchObject({ id: first.body.id, status: 'SUCCEEDED' });
    // An add, a remove and the same add again are three jobs.
    const removed = await send('POST', bulk, appAdmin, remove);
    expect(removed.body.id).not.toBe(first.body.id);
    const third = await send('POST', bulk, appAdmin, add);
    expect(third.body.id).not.toBe(first.body.id);
    // In the order they came.
    await sweepAll(runner('a'));
    expect(await grantOf(userId(50))).toEqual({ role_ids: [roles.plannerViewer] });
    // Another user's same body is their own job.
    expect((await send('POST', bulk, admin, add)).body.id).not.toBe(third.body.id);
    // A failed job changed nothing: the same body runs again.
    const wrong = { action: 'removeRoles', userIds: [userId(51)], roleIds: [roles.plannerViewer] };
    const failed = await send('POST', bulk, appAdmin, wrong);
    await sweepAll(runner('a'));
    expect((await jobRow(failed.body.id)).status).toBe('FAILED');
    expect((await send('POST', bulk, appAdmin, wrong)).body.id).not.toBe(failed.body.id);
  });

  it('without a key, after the window, is a new job', async () => {
    const first = await send('POST', importPath, appAdmin, { csv: csvOf(52, 52), apply: true });
    await db
      .updateTable('jobs')
      .set({ created_at: sql<Date>`now() - interval '11 minutes'` })
      .where('id', '=', first.body.id)
      .execute();
    expect((await send('POST', importPath, appAdmin, { csv: csvOf(52, 52), apply: true })).body.id).not.toBe(
      first.body.id,
    );
  });
});

describe('a dead instance’s job (the lease)', () => {
  /** As if instance `dead` had claimed the job and died: RUNNING, its lease run out (or not yet). */
  const claimedByDead = (id: string, leaseLeft: string, attempts = 1) =>
    db
      .updateTable('jobs')
      .set({
        status: 'RUNNING',
        claimed_by: 'dead',
        claimed_until: sql<Date>`now() + ${leaseLeft}::interval`,
        attempts,
        started_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .execute();

  it('is left alone while the lease holds, taken over once it ran out, and done once', async () => {
    const accepted = await send('POST', importPath, appAdmin, { csv: csvOf(60, 62), apply: true });
    await claimedByDead(accepted.body.id, '30 seconds');
    expect(await sweep(runner('b'))).toBe(0);
    expect((await send('GET', accepted.body.statusUrl, appAdmin)).body.status).toBe('RUNNING');
    await claimedByDead(accepted.body.id, '-1 second');
    expect(await sweep(runner('b'))).toBe(1);
    expect(await jobRow(accepted.body.id)).toMatchObject({ status: 'SUCCEEDED', attempts: 2, claimed_by: null });
    for (const i of [60, 61, 62]) expect(await historyCount(userId(i))).toBe(1);
    expect(await sweep(runner('c'))).toBe(0);
  });

  it('is FAILED after the third instance died with it, with nothing changed', async () => {
    const accepted = await send('POST', importPath, appAdmin, { csv: csvOf(63, 63), apply: true });
    await claimedByDead(accepted.body.id, '-1 second', 3);
    expect(await sweep(runner('b'))).toBe(0);
    const job = (await send('GET', accepted.body.statusUrl, appAdmin, undefined, { lang: 'en' })).body;
    expect(job).toMatchObject({ status: 'FAILED', error: { status: 500, body: { error: { code: 'job.abandoned' } } } });
    expect(job.error?.body.error.message).toBe(
      'The job was interrupted 3 times and is not tried again; nothing was changed.',
    );
    expect(await grantOf(userId(63))).toBeUndefined();
  });

  it('is given back, rolled back, when its runner stops under way; another instance then does it', async () => {
    const accepted = await send('POST', importPath, appAdmin, { csv: csvOf(100, 2099), apply: true });
    const stopping = startJobRunner({ db, instance: 'stopping', heartbeat: '50 millis', log: () => undefined });
    stopping.wake();
    // Until it is under way: on a PostgreSQL server its progress shows it; on PGlite nothing is read beside its
    // transaction (2,000 lines take it several seconds): a moment after the claim.
    if (onPostgresServer) {
      for (let i = 0; i < 500 && (await jobRow(accepted.body.id)).done === 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 10));
    } else await new Promise((resolve) => setTimeout(resolve, 1000));
    await stopping.stop();
    const row = await jobRow(accepted.body.id);
    expect(row).toMatchObject({ status: 'QUEUED', claimed_by: null, result: null, attempts: 1 });
    expect(await grantOf(userId(100))).toBeUndefined();
    expect(await grantOf(userId(2099))).toBeUndefined();
    expect(await sweep(runner('b'))).toBe(1);
    expect(await jobRow(accepted.body.id)).toMatchObject({ status: 'SUCCEEDED', attempts: 2, done: 2000, total: 2000 });
    expect(await historyCount(userId(100))).toBe(1);
    expect(await historyCount(userId(2099))).toBe(1);
  }, 120_000);

  // A runner that is alive but lost its claim (another instance took the job over) keeps nothing. On
  // PGlite nothing runs beside a transaction, so only a PostgreSQL server can show it.
  it.runIf(onPostgresServer)(
    'keeps nothing when another instance took the claim while it ran (PostgreSQL server)',
    async () => {
      const accepted = await send('POST', importPath, appAdmin, { csv: csvOf(2100, 2999), apply: true });
      const slow = startJobRunner({ db, instance: 'slow', heartbeat: '20 millis', log: () => undefined });
      slow.wake();
      // While it runs, its progress is there to read, and another instance takes the claim.
      let seen = 0;
      for (let i = 0; i < 500 && seen === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        const job = (await send('GET', accepted.body.statusUrl, appAdmin)).body;
        if (job.status === 'RUNNING' && job.progress.done > 0 && job.progress.done < 900) seen = job.progress.done;
      }
      expect(seen).toBeGreaterThan(0);
      await db.updateTable('jobs').set({ claimed_by: 'thief' }).where('id', '=', accepted.body.id).execute();
      await slow.stop();
      expect(await jobRow(accepted.body.id)).toMatchObject({ status: 'RUNNING', claimed_by: 'thief' });
      expect(await grantOf(userId(2100))).toBeUndefined();
      expect(await historyCount(userId(2100))).toBe(0);
    },
    120_000,
  );
});

describe('who reads a job', () => {
  it('the application’s administrators; decisions only those who may decide; others 403, unknown 404', async () => {
    const imported = await send('POST', importPath, appAdmin, { csv: csvOf(70, 70), apply: true });
    const decided = await send('POST', `/Admin/Applications/${apps.kitchenPlanner}/AccessRequests/Decide`, admin, {
      requestIds: [accessRequests.customerPlanner],
      decision: { decision: 'DENY' },
    });
    // Another administrator of the application reads it too (the same permission as the action).
    expect((await send('GET', imported.body.statusUrl, admin)).status).toBe(200);
    expect((await send('GET', imported.body.statusUrl, plannerAdminOnly)).status).toBe(200);
    expect((await send('GET', imported.body.statusUrl, partner)).status).toBe(403);
    expect((await send('GET', decided.body.statusUrl, appAdmin)).status).toBe(200);
    expect((await send('GET', decided.body.statusUrl, plannerAdminOnly)).status).toBe(403);
    // Under another application's path, or an id that is none: 404.
    const elsewhere = decided.body.statusUrl.replace(apps.kitchenPlanner, apps.dealerOrdering);
    expect((await send('GET', elsewhere, admin)).status).toBe(404);
    expect((await send('GET', `/Admin/Applications/${apps.kitchenPlanner}/Jobs/not-a-job`, admin)).status).toBe(404);
    const anonymous = await app.request(imported.body.statusUrl.replace('http://localhost:4900/api', ''));
    expect(anonymous.status).toBe(401);
  });
});

describe('a small job is answered finished', () => {
  it('when the runner of the instance that accepted it is done within the wait', async () => {
    const running = startJobRunner({ db, instance: 'here', log: () => undefined });
    const quick = createApp({
      db,
      auth: testAuthenticator(),
      onWebhookQueued: () => undefined,
      allowHttpWebhooks: true,
      publicUrl: 'http://localhost:4900/api',
      secrets: testSecrets,
      jobs: { ...running, answerWaitMs: 10_000 },
      corsOrigins: [PORTAL],
    });
    try {
      const started = performance.now();
      const r = await quick.request(importPath, {
        method: 'POST',
        headers: { authorization: `Bearer ${appAdmin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ csv: csvOf(80, 84), apply: true }),
      });
      const job = await json<Job>(r);
      expect(r.status).toBe(202);
      expect(job).toMatchObject({ status: 'SUCCEEDED', progress: { done: 5, total: 5 }, result: { applied: true } });
      // Answered when the job was done, not after the whole wait.
      expect(performance.now() - started).toBeLessThan(10_000);
    } finally {
      await running.stop();
    }
  });
});

describe('the jobs as a state machine (model-based)', () => {
  // The model: per job its status and claims; a key names one job. Commands: submit an import
  // (valid or with an unknown role) for a user of its own, with a key (maybe one used before),
  // a sweep by one of two instances, an instance that claims a QUEUED job and dies, time passing
  // (the dead instances' leases run out). Checked after each: the table equals the model, and a
  // job's user has the access exactly when its job SUCCEEDED, with one history entry.
  const maxAttempts = 3;
  interface ModelJob {
    user: number;
    valid: boolean;
    status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED';
    attempts: number;
    /** Claimed by a dead instance whose lease has not run out. */
    leased: boolean;
  }
  interface Model {
    jobs: Map<string, ModelJob>;
    keys: Map<string, string>;
    next: number;
  }
  interface Real {
    runners: Record<'a' | 'b', ReturnType<typeof runner>>;
  }

  class Submit implements fc.AsyncCommand<Model, Real> {
    readonly valid: boolean;
    readonly key: number;
    constructor(valid: boolean, key: number) {
      this.valid = valid;
      this.key = key;
    }
    check = () => true;
    async run(m: Model) {
      const keyName = `model-key-${this.key}`;
      const known = m.keys.get(keyName);
      const user = 200 + m.next;
      const csv = `email,roles\njob${user}@jobs.test,${this.valid ? 'kitchen_planner.viewer' : 'no.such.role'}`;
      const r = await send('POST', importPath, appAdmin, { csv, apply: true }, { 'Idempotency-Key': keyName });
      if (known !== undefined) {
        // The key names its job: another body is 409, and nothing new is queued.
        expect(r.status).toBe(409);
        return;
      }
      expect(r.status).toBe(202);
      m.next++;
      m.keys.set(keyName, r.body.id);
      m.jobs.set(r.body.id, { user, valid: this.valid, status: 'QUEUED', attempts: 0, leased: false });
      await compare(m);
    }
    toString = () => `submit(${this.valid ? 'valid' : 'invalid'}, key ${this.key})`;
  }
  class Sweep implements fc.AsyncCommand<Model, Real> {
    readonly instance: 'a' | 'b';
    constructor(instance: 'a' | 'b') {
      this.instance = instance;
    }
    check = () => true;
    async run(m: Model, r: Real) {
      // Until nothing is left to claim: every job that may run, runs.
      while ((await sweep(r.runners[this.instance])) > 0);
      // Jobs that died too often are FAILED first; then the user's jobs on the application in the order they came, up
      // to one a dead instance still holds (the rest wait for it).
      for (const job of m.jobs.values())
        if (job.status === 'RUNNING' && !job.leased && job.attempts >= maxAttempts) job.status = 'FAILED';
      for (const job of m.jobs.values()) {
        if (job.status === 'RUNNING' && job.leased) break;
        if (job.status !== 'QUEUED' && job.status !== 'RUNNING') continue;
        job.attempts++;
        job.status = job.valid ? 'SUCCEEDED' : 'FAILED';
      }
      await compare(m);
    }
    toString = () => `sweep(${this.instance})`;
  }
  class DiesWithAJob implements fc.AsyncCommand<Model, Real> {
    check = (m: Readonly<Model>) => [...m.jobs.values()].some((j) => j.status === 'QUEUED');
    async run(m: Model) {
      const [id, job] = [...m.jobs.entries()].find(([, j]) => j.status === 'QUEUED') ?? [];
      if (id === undefined || job === undefined) return;
      await db
        .updateTable('jobs')
        .set({
          status: 'RUNNING',
          claimed_by: 'dead',
          claimed_until: sql<Date>`now() + interval '1 hour'`,
          attempts: sql<number>`attempts + 1`,
        })
        .where('id', '=', id)
        .execute();
      job.status = 'RUNNING';
      job.attempts++;
      job.leased = true;
      await compare(m);
    }
    toString = () => 'an instance claims a job and dies';
  }
  class LeasesRunOut implements fc.AsyncCommand<Model, Real> {
    check = () => true;
    async run(m: Model) {
      await db
        .updateTable('jobs')
        .set({ claimed_until: sql<Date>`now() - interval '1 second'` })
        .where('claimed_by', '=', 'dead')
        .execute();
      for (const job of m.jobs.values()) job.leased = false;
    }
    toString = () => 'the leases run out';
  }

  async function compare(m: Model) {
    const rows = await db.selectFrom('jobs').select(['id', 'status', 'attempts']).execute();
    expect(rows).toHaveLength(m.jobs.size);
    for (const row of rows) {
      const job = m.jobs.get(row.id);
      expect(job, row.id).toBeDefined();
      if (!job) continue;
      expect([row.status, row.attempts], `job of user ${job.user}`).toEqual([job.status, job.attempts]);
      // The work is there exactly when the job says SUCCEEDED: never done and said otherwise.
      const granted = await grantOf(userId(job.user));
      expect(granted !== undefined, `access of user ${job.user} (${job.status})`).toBe(job.status === 'SUCCEEDED');
      expect(await historyCount(userId(job.user))).toBe(job.status === 'SUCCEEDED' ? 1 : 0);
    }
  }

  it('keeps its invariants under any order of submits, sweeps and dead instances', async () => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.commands(
          [
            fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 5 })).map(([valid, key]) => new Submit(valid, key)),
            fc.constantFrom('a' as const, 'b' as const).map((instance) => new Sweep(instance)),
            fc.constant(new DiesWithAJob()),
            fc.constant(new LeasesRunOut()),
          ],
          { maxCommands: 14 },
        ),
        async (commands) => {
          round++;
          await db.deleteFrom('jobs').execute();
          await db
            .deleteFrom('application_users')
            .where('application_id', '=', apps.kitchenPlanner)
            .where('user_id', 'like', 'f0000000-%')
            .execute();
          await db.deleteFrom('history').where('entity', 'like', '%f0000000-%').execute();
          const real: Real = { runners: { a: runner(`a${round}`), b: runner(`b${round}`) } };
          await fc.asyncModelRun(() => ({ model: { jobs: new Map(), keys: new Map(), next: 0 }, real }), commands);
        },
      ),
      { numRuns: 12 },
    );
  }, 300_000);
});
