// pnpm --filter @portal/api bench [--postgres] [--users N] [--applications N] [--runs N] [--slowest]
// Seeds the large data set (100,000 users, 2,000 applications) into a fresh database and
// prints p50/p95 of the list calls (50-row pages with search and sort), in process.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createApp } from '../src/app.ts';
import { createAuthenticator } from '../src/auth.ts';
import { migrate, openDatabase } from '../src/db/database.ts';
import { apps, users } from '../src/db/seed/ids.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { seedLarge } from '../src/db/seed/large.ts';
import { claimsOf } from '../src/services/access.ts';
import { secretBox } from '../src/secrets.ts';
import { postgresBin, startPostgres } from '@portal/tooling/postgres-server';

const { values: args } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    users: { type: 'string', default: '100000' },
    applications: { type: 'string', default: '2000' },
    runs: { type: 'string', default: '40' },
    slowest: { type: 'boolean', default: false },
  },
});

let stopServer: (() => Promise<void>) | undefined;
let dataDir: string | undefined;
let connectionString: string | undefined;
if (args.postgres) {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
  const server = await startPostgres(bin);
  connectionString = server.url;
  stopServer = server.stop;
} else {
  dataDir = mkdtempSync(join(tmpdir(), 'api-bench-'));
}

const db = await openDatabase({ dataDir, connectionString });
// The bench's throw-away database: its secrets sealed with a key of this run only.
const secrets = secretBox([{ id: 'bench', key: randomBytes(32) }]);
try {
  let t = performance.now();
  await migrate(db, { secrets });
  await seedDemo(db, { portalUrl: 'http://localhost:5173', dealerShopUrl: 'http://localhost:4002', secrets });
  await seedLarge(db, { users: Number(args.users), applications: Number(args.applications) });
  console.log(
    `seeded ${args.users} users and ${args.applications} applications on ${args.postgres ? 'PostgreSQL server' : 'PGlite'} in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256' };
  const authority = 'http://localhost:4001';
  const app = createApp({
    db,
    auth: createAuthenticator({
      audience: 'portal-api',
      issuers: [{ issuer: `${authority}/b2c_1a_signin/v2.0`, keys: createLocalJWKSet({ keys: [jwk] }) }],
    }),
    onWebhookQueued: () => undefined,
    // No job is submitted here: no runner.
    jobs: { wake: () => undefined, settled: async () => undefined, running: () => undefined, answerWaitMs: 0 },
    allowHttpWebhooks: true,
    publicUrl: 'http://localhost:4000',
    secrets,
    corsOrigins: [],
  });
  const sign = async (sub: string) =>
    new SignJWT({ hkData: { permissions: (await claimsOf(db, sub)).hkData.permissions } })
      .setProtectedHeader({ alg: 'RS256', kid: 'bench' })
      .setSubject(sub)
      .setIssuer(`${authority}/b2c_1a_signin/v2.0`)
      .setAudience('portal-api')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
  const admin = await sign(users.globalAdmin);
  const partner = await sign(users.partner);

  const searches = ['', 'schmidt', 'anna', 'firma 42', 'user123', 'zz', 'mia keller'];
  // Terms searched once each (their count is not cached yet): the 40 generated last names,
  // each matching about 2,500 users.
  const fresh = [
    'bauer',
    'fischer',
    'hoffmann',
    'keller',
    'koch',
    'lange',
    'meyer',
    'neumann',
    'richter',
    'schmidt',
    'schulz',
    'wagner',
    'weber',
    'wolf',
    'zimmermann',
    'braun',
    'krüger',
    'hartmann',
    'werner',
    'schmitt',
    'krause',
    'lehmann',
    'köhler',
    'maier',
    'huber',
    'kaiser',
    'fuchs',
    'peters',
    'scholz',
    'möller',
    'jung',
    'hahn',
    'vogel',
    'friedrich',
    'günther',
    'berger',
    'roth',
    'beck',
    'lorenz',
    'frank',
  ];
  const freshTerm = (i: number) => encodeURIComponent(fresh[i % fresh.length] ?? '');
  const calls: { name: string; token: string; path: (i: number) => string; warm?: (i: number) => string }[] = [
    {
      name: 'GET /Users (sort fullName, page 1..n)',
      token: admin,
      path: (i) => `/Users?pageSize=50&page=${1 + (i % 20)}&sort=fullName`,
    },
    {
      name: 'GET /Users (search + sort)',
      token: admin,
      path: (i) =>
        `/Users?pageSize=50&search=${encodeURIComponent(searches[i % searches.length] ?? '')}&sort=${['fullName', 'email', 'createdAt', 'companyName'][i % 4]}&order=${i % 2 ? 'desc' : 'asc'}`,
    },
    { name: 'GET /Users (deep page)', token: admin, path: (i) => `/Users?pageSize=50&page=${1000 + i}&sort=email` },
    {
      name: 'GET /Applications (search + sort)',
      token: admin,
      path: (i) =>
        `/Applications?pageSize=50&search=${['', 'lager', '0042', 'service'][i % 4]}&sort=${['label', 'sortNumber', 'id'][i % 3]}`,
    },
    {
      name: 'GET /Admin/Applications',
      token: admin,
      path: (i) => `/Admin/Applications?pageSize=50&page=${1 + (i % 10)}`,
    },
    {
      name: 'GET /Admin/Applications/{id}/Users (20,000 users)',
      token: admin,
      path: (i) =>
        `/Admin/Applications/${apps.kitchenPlanner}/Users?pageSize=50&search=${encodeURIComponent(searches[i % searches.length] ?? '')}&sort=${['fullName', 'email', 'accessSince'][i % 3]}`,
    },
    {
      name: 'GET /Admin/Applications/{id}/AccessRequests',
      token: admin,
      path: (i) =>
        `/Admin/Applications/${apps.kitchenPlanner}/AccessRequests?pageSize=50&status=OPEN&search=${['', 'anna', 'firma'][i % 3]}`,
    },
    {
      name: 'GET /Users (search, each term once: count not cached)',
      token: admin,
      path: (i) =>
        `/Users?pageSize=50&search=${freshTerm(i)}&sort=${['fullName', 'email', 'createdAt', 'companyName'][i % 4]}`,
      warm: (i) => `/Users?pageSize=50&search=firma+${i}`,
    },
    {
      name: 'GET /Admin/Applications/{id}/Users (each term once)',
      token: admin,
      path: (i) =>
        `/Admin/Applications/${apps.kitchenPlanner}/Users?pageSize=50&search=${freshTerm(i)}&sort=${['fullName', 'email', 'accessSince'][i % 3]}`,
      warm: (i) => `/Admin/Applications/${apps.kitchenPlanner}/Users?pageSize=50&search=firma+${i}`,
    },
    {
      name: 'GET /Admin/Applications/{id}/AccessRequests (each term once)',
      token: admin,
      path: (i) => `/Admin/Applications/${apps.kitchenPlanner}/AccessRequests?pageSize=50&search=${freshTerm(i)}`,
      warm: (i) => `/Admin/Applications/${apps.kitchenPlanner}/AccessRequests?pageSize=50&search=firma+${i}`,
    },
    {
      name: 'GET /Users (deep pages, every sort and order)',
      token: admin,
      path: (i) =>
        `/Users?pageSize=50&page=${500 + ((i * 37) % 1500)}&sort=${['fullName', 'email', 'createdAt', 'companyName'][i % 4]}&order=${i % 8 < 4 ? 'asc' : 'desc'}`,
    },
    {
      name: 'GET /Applications/{id}/History',
      token: admin,
      path: () => `/Applications/${apps.dealerOrdering}/History?pageSize=50`,
    },
    { name: 'GET /My/Applications', token: partner, path: () => '/My/Applications' },
    // Access governance (#19): the catalogue of requestable applications and the user's own requests.
    {
      name: 'GET /My/Catalogue (search, pages)',
      token: partner,
      path: (i) => `/My/Catalogue?pageSize=25&page=${1 + (i % 4)}&search=${['', 'lager', 'service', '0042'][i % 4]}`,
    },
    {
      name: 'GET /My/AccessRequests (status, search)',
      token: partner,
      path: (i) =>
        `/My/AccessRequests?pageSize=25${['', '&status=OPEN', '&status=DENIED', '&search=k%C3%BCchen'][i % 4]}`,
    },
  ];
  const runs = Number(args.runs);
  const rows: string[][] = [];
  for (const call of calls) {
    for (let i = 0; i < 3; i++)
      await app.request((call.warm ?? call.path)(i), { headers: { authorization: `Bearer ${call.token}` } });
    const times: number[] = [];
    const slow: { ms: number; path: string }[] = [];
    for (let i = 0; i < runs; i++) {
      t = performance.now();
      const r = await app.request(call.path(i), { headers: { authorization: `Bearer ${call.token}` } });
      await r.arrayBuffer();
      times.push(performance.now() - t);
      slow.push({ ms: performance.now() - t, path: call.path(i) });
      if (r.status !== 200) throw new Error(`${call.name}: ${r.status}`);
    }
    if (args.slowest)
      for (const s of slow.sort((a, b) => b.ms - a.ms).slice(0, 3))
        console.log(`  slowest ${s.ms.toFixed(1)} ms ${s.path}`);
    times.sort((a, b) => a - b);
    const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
    rows.push([call.name, q(0.5).toFixed(1), q(0.95).toFixed(1), q(0.95) <= 50 ? 'ok' : 'over']);
  }
  const width = Math.max(...rows.map((r) => r[0]?.length ?? 0));
  console.log(`\n${'call'.padEnd(width)}  p50 ms  p95 ms  budget p95 <= 50 ms`);
  for (const r of rows)
    console.log(`${(r[0] ?? '').padEnd(width)}  ${(r[1] ?? '').padStart(6)}  ${(r[2] ?? '').padStart(6)}  ${r[3]}`);
} finally {
  await db.destroy();
  await stopServer?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
