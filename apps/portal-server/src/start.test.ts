// A wrong provider configuration stops the start with one line (issue #27): the real main.ts,
// started as a process, with a provider on loopback that answers what it is told. A right one
// starts it, and SIGTERM drains and stops it: HTTP server, sweep and database closed (ADR 0026).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
    const child = spawn(process.execPath, [join(import.meta.dirname, 'main.ts')], {
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
      [
        { NODE_ENV: 'production', IDP_KIND: 'oidc', IDP_ISSUER: `${base}/realms/hk` },
        'IDP_CLIENT_SECRET: expected a client secret or IDP_CLIENT_PRIVATE_JWK in production (the portal server is a confidential client), got neither',
      ],
    ];
    for (const [env, line] of cases) {
      const { code, stderr } = await start(env);
      expect(code, line).toBe(1);
      expect(stderr.trim()).toBe(`portal-server: cannot start: ${line}`);
    }
  });
});

describe('the start and the shutdown', () => {
  it('starts with a right configuration; SIGTERM drains, closes and exits 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-start-'));
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    );
    try {
      const child = spawn(process.execPath, [join(import.meta.dirname, 'main.ts')], {
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'development',
          PORTAL_PORT: '0',
          PORTAL_HOST: '127.0.0.1',
          PORTAL_DIST_DIR: dir,
          PORTAL_SSR_ENTRY: join(dir, 'none.js'),
          PORTAL_DATA_DIR: join(dir, 'sessions'),
          IDP_KIND: 'oidc',
          IDP_ISSUER: `${base}/realms/ok`,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      await expect.poll(() => stdout, { timeout: 60_000, interval: 100 }).toContain('portal-server: listening on');
      const port = /\(port (\d+);/.exec(stdout)?.[1];
      expect((await fetch(`http://127.0.0.1:${port ?? ''}/health`)).status).toBe(200);
      // (A request under way finishing within the grace time: @portal/server's process.test.ts.)
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await exited;
      clearTimeout(timer);
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      expect(stdout).toContain('portal-server: SIGTERM, draining');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
