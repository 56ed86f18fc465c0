// Figures of the scale-out shape (issue #21), printed, never asserted: throughput and
// p50/p95/p99 of the launcher's list and an admin list through HAProxy with two API instances
// and with one, 50 clients at once for 10 s each, and the errors while an API instance is
// killed under that load. Runs after `npm run bench`'s main figures; needs Debian's PostgreSQL
// and HAProxy (skipped with a note without them).
import { availableParallelism } from 'node:os';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callApi, signInThrough } from './cluster-client.ts';
import { startMailCatcher } from './mail-catcher.ts';
import { quantile, renderTable, type Row } from './stats.ts';

const ports = { portal: 5490, api: 4490, idp: 4491, shop: 4492 };
const portal = `http://localhost:${ports.portal}`;
const clients = 50;
const seconds = 10;
const dealerShop = 'a1000000-0000-4000-8000-000000000001';

interface Run {
  readonly count: number;
  readonly errors: number;
  readonly latencies: number[];
  readonly ms: number;
}

async function load(
  cookie: string,
  path: string,
  durationMs: number,
  during?: { atMs: number; act: () => void },
): Promise<Run> {
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now();
  const until = start + durationMs;
  if (during !== undefined) setTimeout(during.act, during.atMs);
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const outcome = await callApi(portal, cookie, 'GET', path);
        if (outcome.status === 200) latencies.push(performance.now() - t0);
        else errors += 1;
      }
    }),
  );
  return { count: latencies.length, errors, latencies, ms: performance.now() - start };
}

const row = (figure: string, run: Run, note = ''): Row => {
  const q = (p: number) => Math.round(quantile(run.latencies, p) ?? NaN);
  return {
    figure,
    value: run.count / (run.ms / 1000),
    unit: 'count',
    budget: undefined,
    note: `req/s; p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, p99 ${q(0.99)} ms; ${run.errors} errors${note === '' ? '' : `; ${note}`}`,
  };
};

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
    console.log('scale-out figures: not measured (HAProxy is not installed: apt-get install haproxy)');
    return;
  }
  const env = stackEnv({ ...process.env, STACK_DATA_DIR: mkdtempSync(join(tmpdir(), 'scale-out-bench-')) });
  // Its own SMTP server for whatever the API instances mail (the stack's MailDev is not running).
  const mail = await startMailCatcher();
  const cluster = await startCluster({ instances: 2, env, smtp: mail.target }).catch(async (error: unknown) => {
    await mail.close();
    throw error;
  });
  try {
    const [customer, admin] = await Promise.all([
      signInThrough(portal, 'customer@hk-demo.test'),
      signInThrough(portal, 'admin@hk-demo.test'),
    ]);
    const launcher = '/My/Applications';
    const adminList = `/Admin/Applications/${dealerShop}/Users`;
    const rows: Row[] = [];
    // Warm-up (JIT, connection pools, caches), not recorded.
    await load(customer, launcher, 3_000);
    await load(admin, adminList, 3_000);
    rows.push(row('GET /My/Applications, 2 API instances, 50 clients', await load(customer, launcher, seconds * 1000)));
    rows.push(
      row('admin list (application users), 2 API instances, 50 clients', await load(admin, adminList, seconds * 1000)),
    );
    const [first, second] = cluster.apis;
    if (first === undefined || second === undefined) throw new Error('two API instances expected');
    second.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 4_000)); // HAProxy takes it out after two failed checks
    rows.push(row('GET /My/Applications, 1 API instance, 50 clients', await load(customer, launcher, seconds * 1000)));
    rows.push(
      row('admin list (application users), 1 API instance, 50 clients', await load(admin, adminList, seconds * 1000)),
    );
    await second.start();
    await new Promise((r) => setTimeout(r, 2_000));
    rows.push(
      row(
        'GET /My/Applications, 2 API instances, one killed at 3 s',
        await load(customer, launcher, seconds * 1000, { atMs: 3_000, act: () => first.kill('SIGKILL') }),
        'errors: calls under way on the killed instance (the page retries GETs; this client does not)',
      ),
    );
    console.log(
      `\nScale-out (issue #21): portal servers and API instances on one PostgreSQL behind HAProxy; ${availableParallelism()} cores (every process on this one machine)\n`,
    );
    console.log(renderTable(rows));
  } finally {
    await cluster.stop();
    await mail.close();
  }
}

await main();
