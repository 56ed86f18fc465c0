// The refresh under load (issue #28), printed, never asserted: many sessions due at once
// through two portal servers behind HAProxy (scripts/cluster.ts) against a provider whose
// token endpoint answers after a delay (IDP_TOKEN_DELAY_MS). Each session is refreshed under
// its own lock, so the wall time of all of them is set by the machine's throughput, not by
// the sum of the provider's delays (one lock for everyone made it sessions × delay). Printed
// against the time of one call that refreshes. Runs after `npm run bench`'s other figures;
// alone: `pnpm --filter @portal/bench bench:refresh`. Needs Debian's PostgreSQL and HAProxy.
//
// Environment: BENCH_REFRESH_SESSIONS (1000), BENCH_REFRESH_DELAY_MS (200), BENCH_REFRESH_INSTANCES (2).
import { createHash } from 'node:crypto';
import { availableParallelism, tmpdir } from 'node:os';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { signInMany } from './cluster-client.ts';
import { startMailCatcher } from './mail-catcher.ts';
import { median, quantile, renderTable, type Row } from './stats.ts';

const ports = { portal: 5520, api: 4520, idp: 4521, shop: 4522 };
const portal = `http://localhost:${ports.portal}`;
const sessions = Number(process.env.BENCH_REFRESH_SESSIONS ?? 1000);
const delayMs = Number(process.env.BENCH_REFRESH_DELAY_MS ?? 200);
const instances = Number(process.env.BENCH_REFRESH_INSTANCES ?? 2);
/** Calls of each session at once: the balancer sends them to different instances. */
const callsPerSession = 2;
/** Sessions for the one-call figure, apart from the many. */
const singles = 5;
const user = 'customer@hk-demo.test';

const idHashOf = (cookie: string) =>
  createHash('sha256')
    .update(cookie.slice(cookie.indexOf('=') + 1))
    .digest('hex');

interface Call {
  readonly status: number | 'network';
  readonly ms: number;
}

async function call(cookie: string): Promise<Call> {
  const started = performance.now();
  try {
    const response = await fetch(`${portal}/api/My/Applications`, {
      headers: { cookie, lang: 'de', accept: 'application/json' },
      signal: AbortSignal.timeout(300_000),
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch {
    return { status: 'network', ms: performance.now() - started };
  }
}

/** A page of the build is not what this measures: the portal server serves a stub page here. */
function stubDist(dir: string): string {
  const dist = join(dir, 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="de"><head></head><body><div id="root"></div></body></html>',
  );
  return dist;
}

async function main(): Promise<void> {
  Object.assign(process.env, {
    PORTAL_PORT: String(ports.portal),
    API_PORT: String(ports.api),
    IDP_PORT: String(ports.idp),
    DEALER_SHOP_PORT: String(ports.shop),
  });
  const { stackEnv } = await import('../../scripts/stack-config.ts');
  const { haproxyAvailable, startCluster } = await import('../../scripts/cluster.ts');
  if (!haproxyAvailable()) {
    console.log('refresh figures: not measured (HAProxy is not installed: apt-get install haproxy)');
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'refresh-bench-'));
  const env = {
    ...stackEnv({ ...process.env, STACK_DATA_DIR: dataDir }),
    IDP_TOKEN_DELAY_MS: String(delayMs),
    PORTAL_DIST_DIR: stubDist(dataDir),
    PORTAL_SSR_ENTRY: join(dataDir, 'no-first-view.js'),
  };
  const began = performance.now();
  // Its own SMTP server for whatever the API instances mail (the stack's MailDev is not running).
  const mail = await startMailCatcher();
  const cluster = await startCluster({ instances, env, smtp: mail.target }).catch(async (error: unknown) => {
    await mail.close();
    throw error;
  });
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  try {
    const signInStarted = performance.now();
    const cookies = await signInMany(portal, user, sessions + singles);
    const signInMs = performance.now() - signInStarted;
    const makeDue = (of: readonly string[]) =>
      db.query(
        `UPDATE portal_session SET tokens = jsonb_set(tokens, '{expiresAt}', to_jsonb(1::bigint)) WHERE id_hash = ANY($1)`,
        [of.map(idHashOf)],
      );
    const single = cookies.slice(0, singles);
    const many = cookies.slice(singles);

    // Warm-up and the call without a refresh (tokens fresh from the sign-in).
    for (const cookie of single) await call(cookie);
    const plain: number[] = [];
    for (const cookie of single) plain.push((await call(cookie)).ms);
    // One call that refreshes, one session at a time.
    const one: number[] = [];
    for (const cookie of single) {
      await makeDue([cookie]);
      one.push((await call(cookie)).ms);
    }

    await makeDue(many);
    const started = performance.now();
    const calls = await Promise.all(
      many.flatMap((cookie) => Array.from({ length: callsPerSession }, () => call(cookie))),
    );
    const wallMs = performance.now() - started;
    const { rows } = await db.query<{ refreshed: string; left: string }>(
      `SELECT count(*) FILTER (WHERE (tokens->>'expiresAt')::bigint > 1) AS refreshed, count(*) AS left
         FROM portal_session WHERE id_hash = ANY($1)`,
      [many.map(idHashOf)],
    );
    const refreshed = Number(rows[0]?.refreshed ?? 0);
    const alive = Number(rows[0]?.left ?? 0);
    const ok = calls.filter((c) => c.status === 200).length;
    const others = [...new Set(calls.filter((c) => c.status !== 200).map((c) => String(c.status)))];
    const q = (p: number) =>
      Math.round(
        quantile(
          calls.map((c) => c.ms),
          p,
        ) ?? NaN,
      );
    const oneMs = median(one) ?? NaN;
    const table: Row[] = [
      {
        figure: `refresh: one session due, one call (provider answers in ${delayMs} ms)`,
        value: oneMs,
        unit: 'ms',
        budget: undefined,
        note: `median of ${singles}; the same call without a refresh: ${Math.round(median(plain) ?? NaN)} ms`,
        samples: one,
      },
      {
        figure: `refresh: ${sessions.toLocaleString('en')} sessions due at once, ${callsPerSession} calls each, ${instances} portal servers (provider ${delayMs} ms), wall time`,
        value: wallMs,
        unit: 'ms',
        budget: undefined,
        note:
          `${(wallMs / oneMs).toFixed(1)}× one call; ${ok} of ${calls.length} calls 200${others.length > 0 ? ` (others: ${others.join(', ')})` : ''}; ` +
          `per call p50 ${q(0.5)}, p95 ${q(0.95)}, max ${q(1)} ms; ${refreshed} of ${sessions} sessions refreshed, ${sessions - alive} ended; ` +
          `one lock for all (before #28) needs ≥ ${sessions.toLocaleString('en')} × ${delayMs} ms = ${((sessions * delayMs) / 1000).toFixed(0)} s`,
      },
    ];
    console.log(
      `\nRefresh under load (issue #28): ${instances} portal servers and API instances on one PostgreSQL behind HAProxy, ` +
        `the local provider with IDP_TOKEN_DELAY_MS=${delayMs}; ${availableParallelism()} cores (every process on this one machine); ` +
        `${sessions + singles} sessions of ${user} signed in in ${(signInMs / 1000).toFixed(1)} s; ${((performance.now() - began) / 1000).toFixed(0)} s in all\n`,
    );
    console.log(renderTable(table));
  } finally {
    await db.end().catch(() => undefined);
    await cluster.stop();
    await mail.close();
  }
}

await main();
