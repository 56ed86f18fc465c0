// The size of the launcher's HTML (#28.15, ADR 0028: under 25 KB, decoded): the portal's real
// server bundle and stylesheet render `/` for the demo partner (the bench's page: two granted
// tiles and one requested, as the demo seed's API lists them), and the test prints its parts.
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createFakeIdentityProvider } from '@portal/core/testing';
import { runtimeConfigFromEnv } from '@portal/portal/runtime-config';
import { providerConfigFromEnv } from '@portal/server';
import { openPortalDatabase, type PortalDatabase } from './db/database.ts';
import { createServer } from './server.ts';
import { signInAt } from './test-sign-in.ts';

const portal = 'http://localhost:5173';
const dist = join(import.meta.dirname, '..', '..', 'portal', 'dist');
/** The budget in the bench's unit (1 KB = 1,000 bytes). */
const budget = 25_000;

/** The demo seed's applications of the partner (apps/api/src/db/seed/demo.ts), as `/My/Applications` answers them. */
const tile = (id: string, label: string, description: string, url: string, sortNumber: number) => ({
  id,
  label,
  logoUrl: null,
  url,
  description,
  internal: false,
  sortNumber,
  favouritePosition: null,
  lastLaunchedAt: null,
  accessEndsAt: null,
  pendingRequestId: null,
});
const partnerTiles = [
  {
    ...tile(
      'a1000000-0000-4000-8000-000000000001',
      'Händlerbestellung',
      'Bestellungen für Fachhändler aufgeben und verfolgen.',
      'http://localhost:4002',
      10,
    ),
    accessStatus: 'granted',
  },
  {
    ...tile(
      'a1000000-0000-4000-8000-000000000002',
      'Küchenplaner',
      'Küchen im Browser planen und als Angebot exportieren.',
      'https://planner.hk-demo.test',
      20,
    ),
    accessStatus: 'requested',
    pendingRequestId: '60000000-0000-4000-8000-000000000001',
  },
  {
    ...tile(
      'a1000000-0000-4000-8000-000000000003',
      'Serviceportal',
      'Reklamationen, Ersatzteile und Montageanleitungen.',
      'https://service.hk-demo.test',
      30,
    ),
    accessStatus: 'granted',
  },
];

const fakeApi: typeof fetch = async (input) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  if (url.pathname.endsWith('/.well-known/openid-configuration')) return new Response('{}');
  if (url.pathname === '/My/Applications')
    return Response.json({ items: partnerTiles, total: partnerTiles.length, page: 1, pageSize: 100 });
  return Response.json({ error: { code: 'notFound', message: 'no', errors: [] } }, { status: 404 });
};

function distDir(): string {
  const href = /<link rel="stylesheet"[^>]*href="\/([^"]+)"/.exec(readFileSync(join(dist, 'index.html'), 'utf8'))?.[1];
  if (href === undefined) throw new Error('the portal build has no stylesheet');
  const dir = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), readFileSync(join(dist, 'index.html')));
  writeFileSync(join(dir, href), readFileSync(join(dist, href)));
  return dir;
}

let database: PortalDatabase;
let server: Awaited<ReturnType<typeof createServer>>;
beforeAll(async () => {
  database = await openPortalDatabase({});
  const clock = {
    now: () => Date.now(),
    setTimeout: (cb: () => void, ms: number) => setTimeout(cb, ms),
    clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout),
  };
  const identityProvider = createFakeIdentityProvider({
    clock,
    issuer: 'http://localhost:4001/b2c_1a_signin/v2.0',
    expiresIn: 3600,
    user: {
      sub: '00000000-0000-4000-8000-000000000003',
      email: 'partner@hk-demo.test',
      hkData: {
        attributes: { firstName: 'Dana', lastName: 'Dealer', customerNumber: 'K-200871', phone: '+49 40 123456' },
        permissions: ['dealer_ordering.order', 'dealer_ordering.view', 'service_portal.use'],
      },
    },
  });
  server = await createServer(
    {
      port: 0,
      host: '127.0.0.1',
      runtime: runtimeConfigFromEnv({ PORTAL_URL: portal }),
      provider: providerConfigFromEnv({}),
      apiUrl: 'http://api.test',
      distDir: distDir(),
      firstViewEntry: join(import.meta.dirname, '..', '..', 'portal', 'dist-ssr', 'server-render.js'),
      databaseUrl: undefined,
      dataDir: '',
      session: { idleMs: 3_600_000, absoluteMs: 86_400_000 },
      upstreamTimeoutMs: 2_000,
      shutdownGraceMs: 100,
    },
    { database, identityProvider, fetch: fakeApi, log: () => undefined },
  );
  sessionCookie = await signInAt(server.app, identityProvider, portal);
});
let sessionCookie = '';
afterAll(async () => {
  await server.close();
  await database.close();
});

const bytes = (text: string) => Buffer.byteLength(text);
const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;

it("keeps the demo partner's launcher HTML under 25 KB, decoded (#28.15)", async () => {
  const response = await server.app.request(`${portal}/`, {
    headers: { cookie: `${sessionCookie}; i18n_redirected=de`, accept: 'text/html', 'accept-encoding': 'identity' },
  });
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain('Händlerbestellung');
  const css = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].reduce((n, m) => n + bytes(m[1] ?? ''), 0);
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].reduce((n, m) => n + bytes(m[1] ?? ''), 0);
  const root = /<div id="root">([\s\S]*?)<\/div><(script|\/body)/.exec(html)?.[1] ?? '';
  const markup = bytes(root);
  const classes = [...root.matchAll(/\sclass="[^"]*"/g)].reduce((n, m) => n + bytes(m[0]), 0);
  const svg = [...root.matchAll(/<svg[\s\S]*?<\/svg>/g)].reduce((n, m) => n + bytes(m[0]), 0);
  const total = bytes(html);
  if (process.env.FIRST_VIEW_DUMP !== undefined) writeFileSync(process.env.FIRST_VIEW_DUMP, html);
  console.log(
    `launcher / (demo partner, de): ${kb(total)} = inline CSS ${kb(css)}, root markup ${kb(markup)} ` +
      `(class attributes ${kb(classes)}, svg ${kb(svg)}), scripts and boot data ${kb(scripts)}, ` +
      `the rest (head, links) ${kb(total - css - markup - scripts)}`,
  );
  expect(total).toBeLessThan(budget);
  // The icons the tiles repeat are drawn once, as symbols every tile uses (packages/ui's IconSymbols).
  const uses = [...root.matchAll(/<use href="#([^"]+)"/g)].map((m) => m[1] ?? '');
  expect(uses.length).toBeGreaterThanOrEqual(4);
  for (const id of new Set(uses)) expect(root.split(`<symbol id="${id}">`)).toHaveLength(2);
  expect(root.split('d="M3.75 6A2.25 2.25 0 0 1 6 3.75h2.25')).toHaveLength(2);
});
