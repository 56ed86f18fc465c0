// A wrong provider configuration stops the API's start with one line (issue #27): the real main.ts,
// started as a process, with a provider on loopback that answers what it is told. A right one
// starts it, and SIGTERM stops it: the server, the jobs and the database closed (ADR 0026).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let provider: Server;
let base = '';
beforeAll(async () => {
  provider = createServer((request, response) => {
    const realm = /^\/realms\/(hk|ok)\/\.well-known\/openid-configuration$/.exec(request.url ?? '')?.[1];
    response.writeHead(realm === undefined ? 404 : 200, {
      'content-type': 'application/json',
    });
    response.end(
      JSON.stringify({
        // The hk realm names another issuer; the ok realm is right.
        issuer: `${base}/realms/${realm === 'ok' ? 'ok' : 'other'}`,
        authorization_endpoint: `${base}/a`,
        token_endpoint: `${base}/t`,
        jwks_uri: `${base}/k`,
      }),
    );
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const address = provider.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(import.meta.dirname, '..', 'src', 'main.ts')], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'development',
        PORTAL_PORT: '0',
        PORTAL_HOST: '127.0.0.1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('the start with a wrong provider configuration', () => {
  it('stops at once with one line for each kind of mistake', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ IDP_KIND: 'saml' }, 'IDP_KIND: expected one of b2c, entra-external-id, oidc, got "saml"'],
      [{ IDP_KIND: 'oidc' }, "IDP_ISSUER: expected the provider's issuer URL (IDP_KIND=oidc), got nothing"],
      [
        { IDP_KIND: 'oidc', IDP_ISSUER: `${base}/realms/hk` },
        `IDP_ISSUER: expected the issuer ${base}/realms/hk, the provider's document at ${base}/realms/hk/.well-known/openid-configuration names ${base}/realms/other (issuer mismatch)`,
      ],
      [
        { IDP_KIND: 'oidc', IDP_ISSUER: `${base}/realms/gone` },
        `IDP_ISSUER: expected a discovery document at ${base}/realms/gone/.well-known/openid-configuration, the provider answered HTTP 404`,
      ],
      // The API checks tokens only: production asks it for no client secret (it starts up to the database).
    ];
    for (const [env, line] of cases) {
      const { code, stderr } = await start(env);
      expect(code, line).toBe(1);
      expect(stderr.trim()).toBe(`api: cannot start: ${line}`);
    }
  });
});

describe('the start and the shutdown', () => {
  it('starts with a right configuration and stops on SIGTERM: server, jobs and database closed, exit 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'api-start-'));
    try {
      const child = spawn(process.execPath, [join(import.meta.dirname, '..', 'src', 'main.ts')], {
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'development',
          IDP_KIND: 'oidc',
          IDP_ISSUER: `${base}/realms/ok`,
          API_PORT: '0',
          API_DATA_DIR: join(dataDir, 'api'),
          API_SEED: 'none',
          API_EXPIRY_INTERVAL_MS: '100',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      await expect.poll(() => stdout, { timeout: 90_000, interval: 100 }).toContain('api: listening on');
      // The jobs sweep meanwhile (the expiry job every 100 ms); the shutdown interrupts them.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const stopping = Date.now();
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await exited;
      clearTimeout(timer);
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      expect(stdout).toContain('api: SIGTERM, stopping');
      expect(Date.now() - stopping).toBeLessThan(10_000);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
