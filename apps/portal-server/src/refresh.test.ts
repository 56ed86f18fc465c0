// The refresh through the portal server's /api (issue #28): each session under its own lock,
// in the process and across instances, so that no session waits for another's refresh (a
// slow or hanging provider answer holds up only its own session), and the refresh lead capped
// by the token's lifetime. The provider is core's fake (its answers held until released, its
// clock the test's), the API a fake fetch; two instances share a throw-away PostgreSQL server.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeIdentityProvider, type FakeIdentityProvider } from '@portal/core/testing';
import { runtimeConfigFromEnv } from '@portal/portal/runtime-config';
import { providerConfigFromEnv } from '@portal/server';
import { postgresBin, startPostgres, type RunningPostgres } from '@portal/tooling/postgres-server';
import type { ServerConfig } from './config.ts';
import { sql } from 'kysely';
import { openPortalDatabase, type PortalDatabase } from './db/database.ts';
import { createServer } from './server.ts';
import { createRefreshLocks, refreshLockKey } from './sessions.ts';
import { signInAt } from './test-sign-in.ts';

type Server = Awaited<ReturnType<typeof createServer>>;

const portal = 'http://localhost:5173';

/** The test's time: the system's, moved on by `advance` (no sleeps). */
function movableClock() {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    setTimeout: (cb: () => void, ms: number) => setTimeout(cb, ms),
    clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout),
    advance(ms: number) {
      offset += ms;
    },
  };
}

/** The API: every call's bearer token, answered 200 (the provider's discovery answers too). */
function fakeApi() {
  const bearers: string[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (url.pathname.endsWith('/.well-known/openid-configuration')) return new Response('{}');
    bearers.push(new Headers(init?.headers).get('authorization') ?? '');
    return Response.json({ items: [], total: 0 });
  };
  return { fetch, bearers };
}

function config(): ServerConfig {
  const distDir = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  writeFileSync(
    join(distDir, 'index.html'),
    '<!doctype html><html lang="de"><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  return {
    port: 0,
    host: '127.0.0.1',
    runtime: runtimeConfigFromEnv({ PORTAL_URL: portal }),
    provider: providerConfigFromEnv({}),
    apiUrl: 'http://api.test',
    distDir,
    firstViewEntry: '',
    databaseUrl: undefined,
    dataDir: '',
    session: { idleMs: 3_600_000, absoluteMs: 86_400_000 },
    upstreamTimeoutMs: 2_000,
    shutdownGraceMs: 100,
  };
}

function provider(clock: ReturnType<typeof movableClock>, expiresIn = 3600): FakeIdentityProvider {
  return createFakeIdentityProvider({
    clock,
    issuer: 'http://localhost:4001/b2c_1a_signin/v2.0',
    expiresIn,
    user: { sub: 'u-dana', email: 'dana@hk-demo.test', hkData: { attributes: {}, permissions: [] } },
  });
}

async function startServer(
  database: PortalDatabase,
  idp: FakeIdentityProvider,
  api: ReturnType<typeof fakeApi>,
  clock: ReturnType<typeof movableClock>,
): Promise<Server> {
  return createServer(config(), {
    database,
    identityProvider: idp,
    fetch: api.fetch,
    now: clock.now,
    log: () => undefined,
    startFirstView: null,
  });
}

/** A sign-in through `server` at the fake provider: the session cookie (`name=value`). */
const signIn = (server: Server, idp: FakeIdentityProvider): Promise<string> => signInAt(server.app, idp, portal, '/');

const callApi = async (server: Server, cookie: string): Promise<Response> =>
  server.app.request(`${portal}/api/My/Applications`, { headers: { cookie } });

/** Every stored token due for a refresh now. */
const makeDue = (server: Server) =>
  sql`UPDATE portal_session SET tokens = jsonb_set(tokens, '{expiresAt}', to_jsonb(1::bigint))`.execute(
    server.database.db,
  );

/** The promise's value, or 'pending' when it has not settled within `ms`. */
const within = <T>(promise: Promise<T>, ms: number): Promise<T | 'pending'> =>
  Promise.race([promise, new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms))]);

const waitFor = async (condition: () => boolean, ms = 5_000): Promise<void> => {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('one instance: each session under its own lock', () => {
  const clock = movableClock();
  const idp = provider(clock);
  const api = fakeApi();
  let server: Server;
  beforeAll(async () => {
    server = await startServer(await openPortalDatabase({}), idp, api, clock);
  });
  afterAll(async () => {
    await server.close();
    await server.database.close();
  });

  it('two sessions refreshing at once against a slow provider run side by side: the second is answered while the first is held', async () => {
    const [a, b] = [await signIn(server, idp), await signIn(server, idp)];
    await makeDue(server);
    const before = idp.calls.refresh.length;
    const slow = idp.holdNext();
    try {
      const first = callApi(server, a);
      await waitFor(() => idp.calls.refresh.length === before + 1);
      const second = await within(callApi(server, b), 3_000);
      expect(second === 'pending' ? 'still waiting for the first session' : second.status).toBe(200);
      expect(await within(first, 50)).toBe('pending');
      slow.resolve();
      expect((await first).status).toBe(200);
      expect(idp.calls.refresh.length - before).toBe(2);
    } finally {
      slow.resolve();
    }
  });

  it('a refresh that hangs holds up only its own session: five others refresh meanwhile; its own next call waits and shares its tokens', async () => {
    const hanging = await signIn(server, idp);
    const others = await Promise.all(Array.from({ length: 5 }, () => signIn(server, idp)));
    await makeDue(server);
    const before = idp.calls.refresh.length;
    const hang = idp.holdNext();
    try {
      const stuck = [callApi(server, hanging)];
      await waitFor(() => idp.calls.refresh.length === before + 1);
      stuck.push(callApi(server, hanging));
      const answers = await within(Promise.all(others.map((cookie) => callApi(server, cookie))), 3_000);
      expect(answers === 'pending' ? 'waiting for the hanging session' : answers.map((r) => r.status)).toEqual(
        Array(5).fill(200),
      );
      expect(idp.calls.refresh.length - before).toBe(6);
      expect(await within(Promise.all(stuck), 50)).toBe('pending');
      api.bearers.length = 0;
      hang.resolve();
      expect((await Promise.all(stuck)).map((r) => r.status)).toEqual([200, 200]);
      expect(idp.calls.refresh.length - before).toBe(6);
      expect(new Set(api.bearers).size).toBe(1);
    } finally {
      hang.resolve();
    }
  });

  it('the lock key of a session is two int4 from its stored hash; locks of one session queue, of two do not', async () => {
    expect(refreshLockKey('7fffffff80000000' + '0'.repeat(48))).toEqual([2_147_483_647, -2_147_483_648]);
    expect(() => refreshLockKey('not a hash')).toThrow();
    const order: string[] = [];
    const locks = createRefreshLocks({ tryLock: async () => async () => undefined }, { waitMs: 1_000 });
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const a1 = locks.forSession('a'.repeat(64)).run(async () => {
      await gate;
      order.push('a1');
    });
    const a2 = locks.forSession('a'.repeat(64)).run(async () => {
      order.push('a2');
    });
    const b = locks.forSession('b'.repeat(64)).run(async () => {
      order.push('b');
    });
    expect(await within(b, 1_000)).not.toBe('pending');
    open();
    await Promise.all([a1, a2]);
    expect(order).toEqual(['b', 'a1', 'a2']);
  });
});

describe('a session whose lock another instance holds too long', () => {
  const clock = movableClock();
  const idp = provider(clock);
  const api = fakeApi();
  let server: Server;
  let heldElsewhere = false;
  beforeAll(async () => {
    const database = await openPortalDatabase({});
    const tryLock: PortalDatabase['tryLock'] = async (key) => (heldElsewhere ? undefined : database.tryLock(key));
    // upstreamTimeoutMs 2,000: a call waits 4 s for the other instance.
    server = await startServer({ ...database, tryLock }, idp, api, clock);
  });
  afterAll(async () => {
    await server.close();
    await server.database.close();
  });

  it('answers 502 after the wait, refreshes nothing and keeps the session; the next call refreshes', async () => {
    const cookie = await signIn(server, idp);
    await makeDue(server);
    heldElsewhere = true;
    const started = Date.now();
    const answer = await callApi(server, cookie);
    expect(answer.status).toBe(502);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_500);
    expect(idp.calls.refresh).toHaveLength(0);
    expect(answer.headers.getSetCookie()).toEqual([]);
    heldElsewhere = false;
    expect((await callApi(server, cookie)).status).toBe(200);
    expect(idp.calls.refresh).toHaveLength(1);
  });

  it('the wait is bounded and tries again with growing pauses; the task never runs without the lock', async () => {
    let tries = 0;
    let ran = false;
    const locks = createRefreshLocks(
      {
        tryLock: async () => {
          tries += 1;
          return undefined;
        },
      },
      { waitMs: 300, pollMs: 10 },
    );
    const outcome = await locks
      .forSession('c'.repeat(64))
      .run(async () => {
        ran = true;
      })
      .then(
        () => 'ran',
        (error: unknown) => (error as Error).name,
      );
    expect(outcome).toBe('RefreshLockTimeout');
    expect(ran).toBe(false);
    // 10, 20, 40, 80, 80 ms … within 300 ms: a handful of tries, not hundreds.
    expect(tries).toBeGreaterThanOrEqual(4);
    expect(tries).toBeLessThanOrEqual(8);
  });
});

describe('the refresh lead, capped at half the token lifetime', () => {
  const clock = movableClock();
  const idp = provider(clock, 60);
  const api = fakeApi();
  let server: Server;
  beforeAll(async () => {
    server = await startServer(await openPortalDatabase({}), idp, api, clock);
  });
  afterAll(async () => {
    await server.close();
    await server.database.close();
  });

  it('60-second tokens: a call 10 s after the grant does not refresh, one 40 s after does; three tabs over 5 minutes refresh every 30 s', async () => {
    const cookie = await signIn(server, idp);
    const refreshes = () => idp.calls.refresh.length;
    clock.advance(10_000);
    expect((await callApi(server, cookie)).status).toBe(200);
    expect(refreshes()).toBe(0);
    clock.advance(30_000);
    expect((await callApi(server, cookie)).status).toBe(200);
    expect(refreshes()).toBe(1);
    // Three tabs calling every 5 s until 5 minutes after the sign-in (a 60 s lead refreshed on every call).
    for (let t = 45; t <= 300; t += 5) {
      clock.advance(5_000);
      for (let tab = 0; tab < 3; tab += 1) expect((await callApi(server, cookie)).status).toBe(200);
    }
    expect(refreshes()).toBe(9);
  });
});

describe('two instances on one PostgreSQL server', () => {
  const clock = movableClock();
  const idp = provider(clock);
  const api = fakeApi();
  let postgres: RunningPostgres | undefined;
  let instances: Server[] = [];
  beforeAll(async () => {
    const bin = postgresBin();
    if (bin === undefined)
      throw new Error(
        'this test needs the PostgreSQL server from Debian (apt-get install postgresql; npm test installs it)',
      );
    postgres = await startPostgres(bin);
    const url = postgres.url;
    instances = [
      await startServer(await openPortalDatabase({ connectionString: url }), idp, api, clock),
      await startServer(await openPortalDatabase({ connectionString: url }), idp, api, clock),
    ];
  }, 60_000);
  afterAll(async () => {
    for (const instance of instances) {
      await instance.close();
      await instance.database.close();
    }
    await postgres?.stop();
  });
  const on = (i: number): Server => {
    const server = instances[i % instances.length];
    if (server === undefined) throw new Error('no instance');
    return server;
  };

  it('one refresh per session: five sessions, ten calls each spread over both instances', async () => {
    const cookies = await Promise.all(Array.from({ length: 5 }, (_, i) => signIn(on(i), idp)));
    await makeDue(on(0));
    const before = idp.calls.refresh.length;
    api.bearers.length = 0;
    const answers = await Promise.all(
      cookies.flatMap((cookie) => Array.from({ length: 10 }, (_, i) => callApi(on(i), cookie))),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(idp.calls.refresh.length - before).toBe(5);
    expect(new Set(api.bearers).size).toBe(5);
  });

  it("sessions on two instances refresh at once against a slow provider; the held session's call on the other instance waits for it and refreshes nothing", async () => {
    const [a, b] = [await signIn(on(0), idp), await signIn(on(1), idp)];
    await makeDue(on(0));
    const before = idp.calls.refresh.length;
    const slow = idp.holdNext();
    try {
      const first = callApi(on(0), a);
      await waitFor(() => idp.calls.refresh.length === before + 1);
      const sameSessionElsewhere = callApi(on(1), a);
      const second = await within(callApi(on(1), b), 3_000);
      expect(second === 'pending' ? 'still waiting for the first session' : second.status).toBe(200);
      expect(await within(Promise.all([first, sameSessionElsewhere]), 100)).toBe('pending');
      api.bearers.length = 0;
      slow.resolve();
      expect((await Promise.all([first, sameSessionElsewhere])).map((r) => r.status)).toEqual([200, 200]);
      expect(idp.calls.refresh.length - before).toBe(2);
      expect(new Set(api.bearers).size).toBe(1);
    } finally {
      slow.resolve();
    }
  });
});
