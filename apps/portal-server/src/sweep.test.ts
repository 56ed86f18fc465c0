// The sweep of ended sessions (ADR 0026): a fiber of the server's Scope on a schedule, at the
// start and then every `sweepEvery`, without any request; a sweep that fails is logged and the
// next one comes; closing the server waits for a sweep under way and starts no other.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TableNode, type KyselyPlugin, type QueryId } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser, StoredSession } from '@portal/core';
import { createFakeIdentityProvider } from '@portal/core/testing';
import { runtimeConfigFromEnv } from '@portal/portal/runtime-config';
import { providerConfigFromEnv } from '@portal/server';
import type { ServerConfig } from './config.ts';
import { openPortalDatabase, type PortalDatabase } from './db/database.ts';
import { createServer, type ServerOverrides } from './server.ts';

const idleMs = 3_600_000;
let offset = 0;
const clock = {
  now: () => Date.now() + offset,
  setTimeout: (cb: () => void, ms: number) => setTimeout(cb, ms),
  clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout),
};

function config(): ServerConfig {
  const distDir = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  writeFileSync(
    join(distDir, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  return {
    port: 0,
    host: '127.0.0.1',
    runtime: runtimeConfigFromEnv({ PORTAL_URL: 'http://localhost:5173' }),
    provider: providerConfigFromEnv({}),
    apiUrl: 'http://api.test',
    distDir,
    firstViewEntry: '',
    databaseUrl: undefined,
    dataDir: '',
    session: { idleMs, absoluteMs: 24 * idleMs },
    upstreamTimeoutMs: 2_000,
    shutdownGraceMs: 100,
  };
}

const tokens: StoredSession = {
  accessToken: 'access',
  accessTokenIsIdToken: false,
  idToken: 'id',
  refreshToken: 'refresh',
  expiresAt: Date.now() + 600_000,
};
const user: SignedInUser = {
  id: 'u-swept',
  issuer: 'http://localhost:4001/b2c_1a_signin/v2.0',
  fullName: 'Sven Swept',
  hkData: { attributes: { firstName: 'Sven', lastName: 'Swept' }, permissions: [], internal: false },
};

let database: PortalDatabase;
beforeAll(async () => {
  database = await openPortalDatabase({});
});
afterAll(async () => database.close());

const start = (overrides: Partial<ServerOverrides> = {}) =>
  createServer(config(), {
    database,
    identityProvider: createFakeIdentityProvider({ clock, issuer: user.issuer, user: { sub: user.id } }),
    now: clock.now,
    log: () => undefined,
    startFirstView: null,
    ...overrides,
  });

/** Counts (and may hold) the sweep's DELETE of sessions; fails the first `failures` of them. */
function watchSweeps(failures = 0) {
  const state = { deletes: 0, failures, held: undefined as Promise<void> | undefined };
  const watched = new Set<QueryId>();
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      if (
        node.kind === 'DeleteQueryNode' &&
        node.from.froms.some((f) => TableNode.is(f) && f.table.identifier.name === 'portal_session')
      ) {
        state.deletes++;
        if (state.failures-- > 0) throw new Error('Connection terminated unexpectedly');
        watched.add(queryId);
      }
      return node;
    },
    transformResult: async ({ result, queryId }) => {
      if (watched.delete(queryId) && state.held !== undefined) await state.held;
      return result;
    },
  };
  return { state, db: { ...database, db: database.db.withPlugin(plugin) } };
}

describe('the sweep of ended sessions', () => {
  it('deletes an idle session on its schedule, without any request', async () => {
    const server = await start({ sweepEvery: 100 });
    try {
      const { record } = await server.sessions.create(tokens, user, 'Test');
      expect(await server.sessions.read(record.idHash)).toBeDefined();
      offset += idleMs + 1_000;
      await expect.poll(async () => server.sessions.read(record.idHash), { timeout: 5_000 }).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it('logs a sweep that failed; the next one sweeps', async () => {
    const { state, db } = watchSweeps(1);
    const logged: Record<string, unknown>[] = [];
    const server = await start({ database: db, sweepEvery: 100, log: (entry) => logged.push(entry) });
    try {
      const { record } = await server.sessions.create(tokens, user, 'Test');
      offset += idleMs + 1_000;
      await expect.poll(async () => server.sessions.read(record.idHash), { timeout: 5_000 }).toBeUndefined();
      expect(logged).toContainEqual({ event: 'session sweep failed', error: 'Connection terminated unexpectedly' });
      expect(state.deletes).toBeGreaterThanOrEqual(2);
    } finally {
      await server.close();
    }
  });

  it('closing the server waits for a sweep under way and starts no other', async () => {
    const { state, db } = watchSweeps();
    let release = (): void => undefined;
    state.held = new Promise<void>((resolve) => (release = resolve));
    const server = await start({ database: db, sweepEvery: 50 });
    // The sweep at the start is held in its DELETE.
    await expect.poll(() => state.deletes, { timeout: 5_000 }).toBe(1);
    const closed = server.close().then(() => 'closed');
    const early = await Promise.race([closed, new Promise((resolve) => setTimeout(() => resolve('waiting'), 200))]);
    expect(early).toBe('waiting');
    release();
    expect(await closed).toBe('closed');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(state.deletes).toBe(1);
  });
});
