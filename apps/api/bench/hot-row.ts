// pnpm --filter @portal/api bench:hot-row [--users N] [--rounds N] [--json]
// Writers of one application at once on a PostgreSQL server (issue #28.7): two bulk grants
// (POST /Admin/Applications/{id}/Users/Bulk, addRoles for N users each, default 1,000, the
// contract's maximum; jobs since #28.6, of two administrators, so they run side by side, each
// timed from the submit to its end) and an expiry sweep (the API's job, N due grants in its batches of 100),
// all of the kitchen planner, on different users. Each alone, then all three at once; while they
// run, a separate connection samples pg_stat_activity every 10 ms for backends waiting for a lock.
// With one version row per table (migration 0003 before #28.7) the three queue on that row; with
// nothing shared they wait for nothing. In process: one Node process runs all three (the database
// work is parallel, the JavaScript of the three is not), on a throw-away server with the large
// data set at 20,000 users. `--json` ends the output with one line `HOTROW <json>` (bench/src/hot-row-bench.ts).
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { Effect } from 'effect';
import pg from 'pg';
import { createApp } from '../src/app.ts';
import { createAuthenticator } from '../src/auth.ts';
import { migrate, openDatabase } from '../src/db/database.ts';
import { apps, roles, users } from '../src/db/seed/ids.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { seedLarge } from '../src/db/seed/large.ts';
import { makeExpiryJob } from '../src/jobs/expiry.ts';
import { startJobRunner } from '../src/jobs/runner.ts';
import { claimsOf } from '../src/services/access.ts';
import { secretBox } from '../src/secrets.ts';
import { postgresBin, startPostgres } from '@portal/tooling/postgres-server';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '3' },
    json: { type: 'boolean', default: false },
  },
});
const perWriter = Number(args.users);
const rounds = Number(args.rounds);
const application = apps.kitchenPlanner;
const largeUsers = 20_000;
/** Generated user i of the large data set (i from 1). */
const userId = (i: number) => `f0000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;

const bin = postgresBin();
if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
const server = await startPostgres(bin);
const db = await openDatabase({ connectionString: server.url });
const sampler = new pg.Client({ connectionString: server.url });
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

interface Round {
  alone: { bulkA: number; bulkB: number; sweep: number; lockWaitMs: number };
  together: { bulkA: number; bulkB: number; sweep: number; wall: number; lockWaitMs: number };
}

/** Stops the job runner (set once it runs). */
let stopJobs = async (): Promise<void> => undefined;
try {
  const secrets = secretBox([{ id: 'bench', key: randomBytes(32) }]);
  await migrate(db, { secrets });
  await seedDemo(db, { portalUrl: 'http://localhost:5173', dealerShopUrl: 'http://localhost:4002', secrets });
  await seedLarge(db, { users: largeUsers, applications: 20 });
  await sampler.connect();

  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256' };
  const authority = 'http://localhost:4001';
  // A bulk grant is a job (#28.6): run by this runner, two at once (two administrators' jobs run side by side; one
  // administrator's would run one after another); the request waits for its job, so its time is click → done.
  const jobs = startJobRunner({ db, concurrency: 2, log: (message, error) => console.error(message, error) });
  stopJobs = jobs.stop;
  const app = createApp({
    db,
    jobs: { ...jobs, answerWaitMs: 600_000 },
    auth: createAuthenticator({
      audience: 'portal-api',
      issuers: [{ issuer: `${authority}/b2c_1a_signin/v2.0`, keys: createLocalJWKSet({ keys: [jwk] }) }],
    }),
    onWebhookQueued: () => undefined,
    allowHttpWebhooks: true,
    publicUrl: 'http://localhost:4000',
    secrets,
    corsOrigins: [],
  });
  /** A global administrator's token: bulk A is one administrator's, bulk B another's. */
  const adminToken = async (sub: string) =>
    new SignJWT({ hkData: { permissions: (await claimsOf(db, users.globalAdmin)).hkData.permissions } })
      .setProtectedHeader({ alg: 'RS256', kid: 'bench' })
      .setSubject(sub)
      .setIssuer(`${authority}/b2c_1a_signin/v2.0`)
      .setAudience('portal-api')
      .setIssuedAt()
      .setExpirationTime('2h')
      .sign(privateKey);
  const adminA = await adminToken(users.globalAdmin);
  const adminB = await adminToken(users.appAdmin);
  const expiry = makeExpiryJob({ db, batch: 100 });

  /** Users next, none of them with access to the application (a fresh slice of the large data set per use). */
  let next = 1;
  const freshUsers = async (n: number): Promise<string[]> => {
    const ids: string[] = [];
    while (ids.length < n) {
      if (next > largeUsers) throw new Error(`more users needed than the ${largeUsers} seeded`);
      ids.push(userId(next));
      next += 1;
    }
    await db
      .deleteFrom('application_users')
      .where('application_id', '=', application)
      .where('user_id', 'in', ids)
      .execute();
    return ids;
  };
  const bulk = async (ids: string[], admin = adminA): Promise<number> => {
    const t = performance.now();
    const response = await app.request(`/Admin/Applications/${application}/Users/Bulk`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'addRoles', userIds: ids, roleIds: [roles.planner] }),
    });
    const body = await response.text();
    const status = (JSON.parse(body) as { status?: string }).status;
    if (response.status !== 202 || status !== 'SUCCEEDED')
      throw new Error(`bulk grant: ${response.status} ${status ?? ''} ${body.slice(0, 200)}`);
    return performance.now() - t;
  };
  /** Grants of `ids` that ended a minute ago: the sweep's work. */
  const makeDue = async (ids: string[]) => {
    await sql`INSERT INTO application_users (application_id, user_id, role_ids, ends_at)
      SELECT ${application}, u, ARRAY[${roles.planner}]::text[], now() - interval '1 minute' FROM unnest(${ids}::text[]) AS u`.execute(
      db,
    );
  };
  const sweep = async (): Promise<number> => {
    const t = performance.now();
    const { removed } = await Effect.runPromise(expiry.sweep);
    if (removed < perWriter) throw new Error(`the sweep removed ${removed} grants, not ${perWriter}`);
    return performance.now() - t;
  };
  /** Runs `work` while sampling how long backends of this database wait for locks (summed over backends). */
  const sampled = async <T>(work: () => Promise<T>): Promise<{ result: T; lockWaitMs: number }> => {
    let lockWaitMs = 0;
    let running = true;
    const sampling = (async () => {
      let last = performance.now();
      while (running) {
        const { rows } = await sampler.query<{ n: string }>(
          `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        const now = performance.now();
        lockWaitMs += Number(rows[0]?.n ?? 0) * (now - last);
        last = now;
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    try {
      return { result: await work(), lockWaitMs };
    } finally {
      running = false;
      await sampling;
    }
  };

  const results: Round[] = [];
  // Warm-up: a small bulk grant and sweep (caches of the validators, the plans).
  await bulk(await freshUsers(50));
  await makeDue(await freshUsers(50));
  await Effect.runPromise(expiry.sweep);
  for (let round = 0; round < rounds; round += 1) {
    const alone = await sampled(async () => {
      const bulkA = await bulk(await freshUsers(perWriter));
      const bulkB = await bulk(await freshUsers(perWriter), adminB);
      await makeDue(await freshUsers(perWriter));
      return { bulkA, bulkB, sweep: await sweep() };
    });
    const a = await freshUsers(perWriter);
    const b = await freshUsers(perWriter);
    await makeDue(await freshUsers(perWriter));
    const together = await sampled(async () => {
      const t = performance.now();
      const [bulkA, bulkB, swept] = await Promise.all([bulk(a), bulk(b, adminB), sweep()]);
      return { bulkA, bulkB, sweep: swept, wall: performance.now() - t };
    });
    results.push({
      alone: { ...alone.result, lockWaitMs: alone.lockWaitMs },
      together: { ...together.result, lockWaitMs: together.lockWaitMs },
    });
    console.log(`round ${round + 1}: ${JSON.stringify(results.at(-1))}`);
  }
  const m = (pick: (r: Round) => number) => Math.round(median(results.map(pick)));
  const summary = {
    usersPerWriter: perWriter,
    rounds,
    alone: { bulkA: m((r) => r.alone.bulkA), bulkB: m((r) => r.alone.bulkB), sweep: m((r) => r.alone.sweep) },
    together: {
      bulkA: m((r) => r.together.bulkA),
      bulkB: m((r) => r.together.bulkB),
      sweep: m((r) => r.together.sweep),
      wall: m((r) => r.together.wall),
      lockWaitMs: m((r) => r.together.lockWaitMs),
    },
    wallSamples: results.map((r) => Math.round(r.together.wall)),
    lockWaitSamples: results.map((r) => Math.round(r.together.lockWaitMs)),
  };
  const sumAlone = summary.alone.bulkA + summary.alone.bulkB + summary.alone.sweep;
  console.log(
    `\nTwo bulk grants of ${perWriter} users and an expiry sweep of ${perWriter} grants, one application, PostgreSQL server (medians of ${rounds}):\n` +
      `  alone:    bulk A ${summary.alone.bulkA} ms, bulk B ${summary.alone.bulkB} ms, sweep ${summary.alone.sweep} ms (sum ${sumAlone} ms)\n` +
      `  at once:  bulk A ${summary.together.bulkA} ms, bulk B ${summary.together.bulkB} ms, sweep ${summary.together.sweep} ms, wall ${summary.together.wall} ms\n` +
      `  waiting for locks while at once: ${summary.together.lockWaitMs} ms (summed over backends)`,
  );
  if (args.json) console.log(`HOTROW ${JSON.stringify(summary)}`);
} finally {
  await stopJobs();
  await sampler.end().catch(() => undefined);
  await db.destroy();
  await server.stop();
}
