// IDP_TOKEN_DELAY_MS (issue #28): every answer of the token endpoint is held that long, so a
// bench can measure the portal server against a slow provider; nothing else is delayed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import identities from '@portal/contract/demo-identities.json' with { type: 'json' };
import { ConfigError, configFromEnv } from './config.ts';
import { startIdp, type Idp } from './server.ts';

const delayMs = 800;
let idp: Idp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hk-idp-delay-'));
  idp = await startIdp({ ...configFromEnv({ IDP_TOKEN_DELAY_MS: String(delayMs) }), port: 0, dataDir });
});

afterAll(async () => {
  await idp.close();
  await rm(dataDir, { recursive: true, force: true });
});

const timed = async (run: () => Promise<Response>) => {
  const started = performance.now();
  const response = await run();
  await response.text();
  return { status: response.status, ms: performance.now() - started };
};

it('reads the delay from the environment: none by default; a wrong value names the variable', () => {
  expect(configFromEnv({}).tokenDelayMs).toBe(0);
  expect(configFromEnv({ IDP_TOKEN_DELAY_MS: '200' }).tokenDelayMs).toBe(200);
  for (const wrong of ['-5', 'slow', '1.5'])
    expect(() => configFromEnv({ IDP_TOKEN_DELAY_MS: wrong })).toThrow(
      new ConfigError(`IDP_TOKEN_DELAY_MS must be a whole number of milliseconds, 0 or more; it is "${wrong}"`),
    );
});

it("holds the token endpoint's answer (a refused refresh grant too) for the delay; discovery answers at once", async () => {
  const discovery = await timed(() => fetch(idp.policies.signin.urls.discovery));
  expect(discovery.status).toBe(200);
  expect(discovery.ms).toBeLessThan(delayMs);
  const grant = await timed(() =>
    fetch(idp.policies.signin.urls.token, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: identities.clients.portal.clientId,
        grant_type: 'refresh_token',
        refresh_token: 'unknown',
      }),
    }),
  );
  expect(grant.status).toBe(400);
  expect(grant.ms).toBeGreaterThanOrEqual(delayMs - 5);
});
