// Sessions survive a restart of the portal server: they live in the database, not in memory.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createFakeIdentityProvider } from '@portal/core/testing';
import { runtimeConfigFromEnv } from '@portal/portal/runtime-config';
import { directoryUserId, providerConfigFromEnv } from '@portal/server';
import type { ServerConfig } from './config.ts';
import { createServer } from './server.ts';
import { signInAt } from './test-sign-in.ts';

const portal = 'http://localhost:5173';
const clock = {
  now: () => Date.now(),
  setTimeout: (cb: () => void, ms: number) => setTimeout(cb, ms),
  clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout),
};

it('a signed-in browser is still signed in after the server restarts', async () => {
  const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  const config: ServerConfig = {
    port: 0,
    host: '127.0.0.1',
    runtime: runtimeConfigFromEnv({ PORTAL_URL: portal }),
    provider: providerConfigFromEnv({}),
    apiUrl: 'http://api.test',
    distDir: dist,
    firstViewEntry: '',
    databaseUrl: undefined,
    dataDir: join(mkdtempSync(join(tmpdir(), 'portal-sessions-')), 'db'),
    session: { idleMs: 3_600_000, absoluteMs: 86_400_000 },
    upstreamTimeoutMs: 2_000,
    shutdownGraceMs: 100,
  };
  const idp = createFakeIdentityProvider({
    clock,
    issuer: 'http://localhost:4001/b2c_1a_signin/v2.0',
    user: { sub: 'u-restart' },
  });
  const options = { identityProvider: idp, log: () => undefined };

  const first = await createServer(config, options);
  const cookie = await signInAt(first.app, idp, portal);
  expect(cookie).not.toBe('');
  await first.close();

  const second = await createServer(config, options);
  try {
    const page = await (await second.app.request(`${portal}/`, { headers: { cookie } })).text();
    expect(page).toContain(`"user":{"id":"${directoryUserId(idp.issuer, 'u-restart')}"`);
  } finally {
    await second.close();
  }
});
