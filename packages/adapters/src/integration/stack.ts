/// <reference types="node" />
// Starts the REAL local identity provider (apps/idp) and reference API (apps/api) as child
// processes on free loopback ports, with a temporary data directory, for the integration
// tests. No HTTP mock anywhere: the adapters talk to the real servers.

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const repoRoot = join(import.meta.dirname, '..', '..', '..', '..');

export interface Stack {
  readonly authority: string;
  readonly apiUrl: string;
  readonly portalUrl: string;
  readonly dataDir: string;
  readonly policies: { readonly signIn: string; readonly refresh: string };
  readonly apiScope: string;
  readonly apiAudience: string;
  /** The provider's private signing keys (to forge an expired but well-signed token). */
  signingJwk(): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Spawn `node <script>` and resolve once its output contains `ready`. */
function start(name: string, script: string, env: Record<string, string>, ready: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) resolve(child);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`${name} exited with ${String(code)} before it was ready:\n${output}`)),
    );
    child.once('error', reject);
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve();
      return;
    }
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export async function startStack(): Promise<Stack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'adapters-it-'));
  const [idpPort, apiPort, portalPort, shopPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const authority = `http://127.0.0.1:${idpPort}`;
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const portalUrl = `http://127.0.0.1:${portalPort}`;
  const policies = { signIn: 'b2c_1a_signin', refresh: 'b2c_1a_refresh' };
  const apiScope = 'api://portal-api/access';
  const apiAudience = 'portal-api';
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    PORTAL_URL: portalUrl,
    API_URL: apiUrl,
    DEALER_SHOP_URL: `http://127.0.0.1:${shopPort}`,
    IDP_AUTHORITY: authority,
    IDP_PORT: String(idpPort),
    IDP_HOST: '127.0.0.1',
    IDP_DATA_DIR: join(dataDir, 'idp'),
    API_PORT: String(apiPort),
    API_DATA_DIR: join(dataDir, 'api'),
    API_SEED: 'demo',
    API_AUDIENCE: apiAudience,
    API_SCOPE: apiScope,
    IDP_SIGNIN_POLICY: policies.signIn,
    IDP_REFRESH_POLICY: policies.refresh,
    IDP_PASSWORD_POLICY: 'b2c_1a_password_change',
    IDP_EMAIL_POLICY: 'b2c_1a_email_change',
    IDP_JWKS_URL: `${authority}/${policies.signIn}/discovery/v2.0/keys`,
  };
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map(stopChild));
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    children.push(await start('idp', join(repoRoot, 'apps/idp/src/main.ts'), env, 'listening on'));
    children.push(await start('api', join(repoRoot, 'apps/api/src/main.ts'), env, 'listening on'));
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    authority,
    apiUrl,
    portalUrl,
    dataDir,
    policies,
    apiScope,
    apiAudience,
    async signingJwk() {
      const stored = JSON.parse(await readFile(join(dataDir, 'idp', 'keys.json'), 'utf8')) as {
        keys: Record<string, unknown>[];
      };
      const [key] = stored.keys;
      if (key === undefined) throw new Error('no signing key');
      return key;
    },
    stop,
  };
}
