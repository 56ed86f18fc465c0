// Scale-out under faults (issue #21): two API and two portal-server instances on one
// PostgreSQL behind HAProxy (scripts/cluster.ts); 20 signed-in virtual users for 60 s load the
// launcher, save their profile, ask for access and decide requests (each write with a unique
// marker; two deciders race for each request) and, as administrators, grant and change access
// (each a webhook event to a local receiver). The requests and decisions are mailed (#29): the
// marketing downloads get a notification address and the internal copy in the setup (through
// the API, as an administrator), so each request queues two mails and each denial one to the
// requester; both API instances send them to an SMTP server of the test on loopback
// (smtp-server; `ClusterOptions.smtp`), which counts a mail when it answers 250 to a client
// still connected, by its Message-ID (`<outbox id@portal>`, the same on every attempt of one
// mail). At 20 s one API instance is killed (SIGKILL) and started again 5 s later; at 40 s one
// portal server. From 3 s before the kill until 0.5 s after it the SMTP server holds its
// answers, so the killed instance dies with its sends under way (asserted: at least one held
// message's client was gone). Then: every acknowledged write is in the database exactly once,
// every webhook delivery arrived, every mail of the run is SENT (the killed instance's once its
// lease ran out: the send timeout + 30 s after the claim) and arrived, each acknowledged request
// and denial has its mails exactly once, and a delivery or a mail arrived twice only when the
// kill fell between the receiver's answer and the sender's record (at most one of each; the
// figures say how many); nobody was signed out, reads recovered by the client's retry (GET
// only), and only requests under way on a killed instance failed. Loopback only; bounded in
// time (about 3 to 4 minutes with start-up and the mails' drain).
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cluster } from '../../scripts/cluster.ts';
import { callApi, signInThrough, type Outcome } from './cluster-client.ts';
import { startMailCatcher, type MailCatcher } from './mail-catcher.ts';

const root = join(import.meta.dirname, '..', '..');
const ports = { portal: 5480, api: 4480, idp: 4481, receiver: 4482 };
const runMs = 60_000;
const identities = JSON.parse(readFileSync(join(root, 'packages/contract/demo/identities.json'), 'utf8')) as {
  accounts: { id: string; email: string; kind: string }[];
  clients: { dealerShop: { clientId: string } };
};
const portal = `http://localhost:${ports.portal}`;
const call = (cookie: string, method: string, path: string, body?: unknown): Promise<Outcome> =>
  callApi(portal, cookie, method, path, body);
const dealerShop = identities.clients.dealerShop.clientId;
const marketing = 'a1000000-0000-4000-8000-000000000004';
const dealerRoles = ['30000000-0000-4000-8000-000000000003', '30000000-0000-4000-8000-000000000002'];
const extraUser = (n: number) => `70000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

let cluster: Cluster | undefined;
let receiver: Server;
const received = new Map<string, number>();
let mailServer: MailCatcher | undefined;
/** Mails the SMTP server took (answered 250 to a client still connected), by Message-ID: the outbox row's id. */
const mailsReceived = new Map<string, number>();
/**
 * Around the kill the SMTP server holds its answer to every message that has arrived, so the
 * killed instance dies with sends under way: `held` messages were held, `dropped` of them by a
 * client that was gone when the answer came (not taken, as a mail server takes a message only
 * with its 250).
 */
const smtpHold: { until: Promise<void> | undefined; held: number; dropped: number } = {
  until: undefined,
  held: 0,
  dropped: 0,
};
/** Where the marketing downloads' requests are mailed during the run. */
const notificationAddress = 'marketing-anfragen@hk-demo.test';
const logs: string[] = [];

interface Tally {
  reads: number;
  readsRetried: number;
  readsFailed: number;
  writesAcknowledged: number;
  writesFailed: number;
  unauthorized: number;
  markers: string[];
  /** Failures by status and second of the run, for the log. */
  failures: string[];
}

/** A read as the portal's client makes it: retried on a network failure or 502/503, twice, with backoff. */
async function read(cookie: string, path: string, tally: Tally): Promise<unknown> {
  tally.reads += 1;
  for (let attempt = 0; ; attempt += 1) {
    const outcome = await call(cookie, 'GET', path);
    if (outcome.status === 401) tally.unauthorized += 1;
    if (typeof outcome.status === 'number' && outcome.status < 300) return outcome.json;
    const retryable = outcome.status === 'network' || outcome.status === 502 || outcome.status === 503;
    if (!retryable || attempt === 2) {
      tally.readsFailed += 1;
      tally.failures.push(`GET ${path.split('?')[0] ?? ''} ${outcome.status}`);
      return undefined;
    }
    tally.readsRetried += 1;
    await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
  }
}

/**
 * A write is never retried (it may have been done): acknowledged (2xx, its marker kept),
 * refused as expected (`expected`, e.g. 409 for a request already open), or failed.
 */
async function write(
  cookie: string,
  method: string,
  path: string,
  body: unknown,
  tally: Tally,
  marker?: string,
  expected: readonly number[] = [],
): Promise<void> {
  const outcome = await call(cookie, method, path, body);
  if (outcome.status === 401) tally.unauthorized += 1;
  if (typeof outcome.status === 'number' && outcome.status < 300) {
    tally.writesAcknowledged += 1;
    if (marker !== undefined) tally.markers.push(marker);
  } else if (typeof outcome.status !== 'number' || !expected.includes(outcome.status)) {
    tally.writesFailed += 1;
    tally.failures.push(
      `${method} ${path.replace(/[0-9a-f-]{36}/g, '…')} ${outcome.status} ${String(JSON.stringify(outcome.json)).slice(0, 120)}`,
    );
  }
}

async function userLoop(vu: number, cookie: string, until: number, tally: Tally): Promise<void> {
  const profile = (await read(cookie, '/My/Profile', tally)) as
    { firstName: string; lastName: string; language: string; address: unknown } | undefined;
  for (let i = 0; Date.now() < until; i += 1) {
    await read(cookie, '/My/Applications', tally);
    if (i % 3 === 2 && profile !== undefined) {
      const marker = `so-${vu}-${i}`;
      await write(
        cookie,
        'PUT',
        '/My/Profile',
        {
          firstName: profile.firstName,
          lastName: profile.lastName,
          language: profile.language,
          address: profile.address,
          companyName: marker,
        },
        tally,
        marker,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Asks for access to the marketing downloads, again once the last request was decided (409 while one is open). */
async function requesterLoop(vu: number, cookie: string, until: number, tally: Tally): Promise<void> {
  for (let i = 0; Date.now() < until; i += 1) {
    await read(cookie, '/My/Applications', tally);
    const marker = `rq-${vu}-${i}`;
    await write(
      cookie,
      'POST',
      `/My/Applications/${marketing}/AccessRequest`,
      { comment: marker },
      tally,
      marker,
      [409],
    );
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Denies the open requests for the marketing downloads, each with a reason that names the decision. */
async function deciderLoop(vu: number, cookie: string, until: number, tally: Tally): Promise<void> {
  for (let i = 0; Date.now() < until; i += 1) {
    const open = (await read(cookie, `/Admin/Applications/${marketing}/AccessRequests?status=OPEN`, tally)) as
      { items?: { id: string }[] } | undefined;
    for (const [j, request] of (open?.items ?? []).slice(0, 5).entries()) {
      const marker = `dn-${vu}-${i}-${j}`;
      // Both deciders go for the same requests: one decision wins, the other is told 409.
      await write(
        cookie,
        'PUT',
        `/Admin/Applications/AccessRequests/${request.id}`,
        { decision: 'DENY', reason: marker },
        tally,
        marker,
        [409],
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function adminLoop(vu: number, cookie: string, until: number, tally: Tally): Promise<void> {
  for (let i = 0; Date.now() < until; i += 1) {
    const user = extraUser(1 + ((vu * 7 + i) % 48));
    await read(cookie, `/Admin/Applications/${dealerShop}/Users`, tally);
    await write(
      cookie,
      'PUT',
      `/Admin/Applications/${dealerShop}/Users/${user}`,
      { roleIds: [dealerRoles[i % 2]] },
      tally,
    );
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const id = String(req.headers['x-portal-delivery-id'] ?? '');
    req.resume();
    req.on('end', () => {
      if (id !== '') received.set(id, (received.get(id) ?? 0) + 1);
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(ports.receiver, '127.0.0.1', resolve));
  // The API instances' SMTP server on a free loopback port: takes every mail that arrived in
  // full (a message cut off by a kill never ends its stream) and counts it when it answers 250.
  mailServer = await startMailCatcher({
    pollIntervalMs: 250,
    async onMail({ raw, connected }) {
      const headers = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
      const id = /^Message-ID:\s*<([^@>]+)@portal>/im.exec(headers)?.[1];
      const hold = smtpHold.until;
      if (hold !== undefined) {
        smtpHold.held += 1;
        await hold;
        // Its client was killed meanwhile: answered into the void, not taken.
        if (!connected()) {
          smtpHold.dropped += 1;
          return;
        }
      }
      if (id !== undefined) mailsReceived.set(id, (mailsReceived.get(id) ?? 0) + 1);
    },
  });
  Object.assign(process.env, {
    PORTAL_PORT: String(ports.portal),
    API_PORT: String(ports.api),
    IDP_PORT: String(ports.idp),
    DEALER_SHOP_PORT: String(ports.receiver),
  });
  const { stackEnv } = await import('../../scripts/stack-config.ts');
  const { startCluster } = await import('../../scripts/cluster.ts');
  const env = {
    ...stackEnv({ ...process.env, STACK_DATA_DIR: mkdtempSync(join(tmpdir(), 'scale-out-')) }),
    DEALER_SHOP_URL: `http://127.0.0.1:${ports.receiver}`,
  };
  cluster = await startCluster({
    instances: 2,
    env,
    smtp: mailServer.target,
    log: (name, line) => {
      logs.push(`[${name}] ${line}`);
    },
  });
});

afterAll(async () => {
  await cluster?.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await mailServer?.close();
});

describe('two API and two portal-server instances behind HAProxy, one of each killed under load', () => {
  it('loses no acknowledged write, delivers every webhook and every mail, signs nobody out', async () => {
    if (cluster === undefined) throw new Error('no cluster');
    const running = cluster;
    const db = new pg.Client({ connectionString: running.databaseUrl });
    await db.connect();
    try {
      const kinds = ['customer', 'partner', 'new-user', 'internal-employee'];
      const accountOf = (kind: string) => identities.accounts.find((a) => a.kind === kind)?.email ?? '';
      // 10 users (launcher and profile), 4 requesters (each its own account), 2 deciders, 4 administrators granting access.
      const requesters = ['customer', 'partner', 'new-user', 'internal-employee'];
      const vus = Array.from({ length: 20 }, (_, vu) => {
        const role = vu < 10 ? 'user' : vu < 14 ? 'requester' : vu < 16 ? 'decider' : 'admin';
        const kind =
          role === 'user' ? kinds[vu % kinds.length] : role === 'requester' ? requesters[vu - 10] : 'global-admin';
        return { vu, role, email: accountOf(kind ?? 'customer') };
      });
      const cookies = await Promise.all(vus.map((v) => signInThrough(portal, v.email)));
      // The marketing downloads' requests are mailed: a notification address and the internal
      // copy, set as an administrator sets them (the application as it is, with those two changed).
      const adminCookie = cookies[vus.findIndex((v) => v.role === 'admin')] ?? '';
      const application = await call(adminCookie, 'GET', `/Applications/${marketing}`);
      expect(application.status).toBe(200);
      const {
        id: _id,
        accessRequestsAmount: _amount,
        adminPermissionKey: _key,
        released: _released,
        webhook: _webhook,
        ...settings
      } = application.json as Record<string, unknown>;
      const saved = await call(adminCookie, 'PUT', `/Applications/${marketing}`, {
        ...settings,
        webhook: null,
        notificationEmail: notificationAddress,
        internalCopyOfAccessRequests: true,
      });
      expect(saved.status, JSON.stringify(saved.json)).toBe(200);
      const since = new Date();
      const tallies = vus.map((): Tally => ({
        reads: 0,
        readsRetried: 0,
        readsFailed: 0,
        writesAcknowledged: 0,
        writesFailed: 0,
        unauthorized: 0,
        markers: [],
        failures: [],
      }));
      const start = Date.now();
      const until = start + runMs;
      const at = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, start + ms - Date.now())));
      const faults = (async () => {
        const [api] = running.apis;
        const [portal] = running.portals;
        if (api === undefined || portal === undefined) throw new Error('no instances');
        // The SMTP server holds its answers from 3 s before the kill until 0.5 s after it: both
        // instances fill their send slots, and the killed one dies in the middle of its sends.
        await at(17_000);
        let release = () => {};
        smtpHold.until = new Promise<void>((resolve) => {
          release = resolve;
        });
        await at(20_000);
        api.kill('SIGKILL');
        await at(20_500);
        smtpHold.until = undefined;
        release();
        await at(25_000);
        await api.start();
        await at(40_000);
        portal.kill('SIGKILL');
        await at(45_000);
        await portal.start();
      })();
      const loops = { user: userLoop, requester: requesterLoop, decider: deciderLoop, admin: adminLoop } as const;
      await Promise.all([
        faults,
        ...vus.map((v, i) => loops[v.role as keyof typeof loops](v.vu, cookies[i] ?? '', until, tallies[i] as Tally)),
      ]);

      const sum = (key: Exclude<keyof Tally, 'markers' | 'failures'>) => tallies.reduce((n, t) => n + t[key], 0);
      const figures = {
        reads: sum('reads'),
        readsRetried: sum('readsRetried'),
        readsFailed: sum('readsFailed'),
        writesAcknowledged: sum('writesAcknowledged'),
        writesFailed: sum('writesFailed'),
        unauthorized: sum('unauthorized'),
      };
      console.log(`scale-out: ${JSON.stringify(figures)}`);
      const failureKinds = new Map<string, number>();
      for (const f of tallies.flatMap((t) => t.failures)) failureKinds.set(f, (failureKinds.get(f) ?? 0) + 1);
      if (failureKinds.size > 0)
        console.log(`scale-out failures:\n${[...failureKinds].map(([f, n]) => `  ${n} × ${f}`).join('\n')}`);

      // Nobody was signed out; every read recovered; only writes under way on a killed instance failed.
      expect(figures.unauthorized).toBe(0);
      expect(figures.readsFailed).toBe(0);
      expect(figures.writesAcknowledged).toBeGreaterThan(100);
      expect(figures.writesFailed).toBeLessThanOrEqual(2 * vus.length);

      // Every acknowledged profile save is in the history exactly once.
      const markers = tallies.flatMap((t) => t.markers);
      const rows = await db.query<{ value: string }>(
        `SELECT value FROM history WHERE table_name = 'users' AND field = 'companyName' AND updated_at >= $1`,
        [since],
      );
      const seen = new Map<string, number>();
      for (const { value } of rows.rows) {
        const marker = /so-\d+-\d+/.exec(value)?.[0];
        if (marker !== undefined) seen.set(marker, (seen.get(marker) ?? 0) + 1);
      }
      expect(markers.filter((m) => m.startsWith('so-') && seen.get(m) !== 1)).toEqual([]);
      // Every acknowledged request and decision is there exactly once.
      const requests = await db.query<{ comment: string | null; reason: string | null; status: string }>(
        `SELECT comment, reason, status FROM access_requests WHERE application_id = $1 AND requested_at >= $2`,
        [marketing, since],
      );
      const count = (values: (string | null)[], marker: string) => values.filter((v) => v === marker).length;
      expect(
        markers.filter(
          (m) =>
            m.startsWith('rq-') &&
            count(
              requests.rows.map((r) => r.comment),
              m,
            ) !== 1,
        ),
      ).toEqual([]);
      const denials = (
        await db.query<{ reason: string | null }>(
          `SELECT reason FROM access_requests WHERE status = 'DENIED' AND decided_at >= $1`,
          [since],
        )
      ).rows.map((r) => r.reason);
      expect(markers.filter((m) => m.startsWith('dn-') && count(denials, m) !== 1)).toEqual([]);
      console.log(
        `scale-out: ${markers.filter((m) => m.startsWith('rq-')).length} requests, ${markers.filter((m) => m.startsWith('dn-')).length} decisions, ${markers.filter((m) => m.startsWith('so-')).length} profile saves acknowledged`,
      );

      // Every delivery of the run arrives; a repeat only for a send the kill interrupted.
      const deadline = Date.now() + 90_000;
      let pending = 1;
      while (pending > 0 && Date.now() < deadline) {
        pending = Number(
          (await db.query<{ n: string }>(`SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'PENDING'`))
            .rows[0]?.n ?? 0,
        );
        if (pending > 0) await new Promise((r) => setTimeout(r, 500));
      }
      expect(pending).toBe(0);
      const deliveries = (
        await db.query<{ id: string; status: string }>(
          `SELECT id, status FROM webhook_deliveries WHERE created_at >= $1`,
          [since],
        )
      ).rows;
      expect(deliveries.length).toBeGreaterThan(50);
      expect(deliveries.filter((d) => d.status !== 'SUCCEEDED')).toEqual([]);
      expect(deliveries.filter((d) => !received.has(d.id))).toEqual([]);
      const repeated = [...received.values()].filter((n) => n > 1).length;
      console.log(`scale-out: ${deliveries.length} deliveries, ${repeated} received more than once`);
      expect(repeated).toBeLessThanOrEqual(1);

      // Every mail of the run is sent and arrives; a repeat only for a send the kill interrupted
      // between the server's acceptance and the record. The mails the killed instance held are
      // due again once their lease ran out (the send timeout, 30 s, + 30 s after the claim).
      const mailDeadline = Date.now() + 90_000;
      let mailsPending = 1;
      while (mailsPending > 0 && Date.now() < mailDeadline) {
        mailsPending = Number(
          (
            await db.query<{ n: string }>(
              `SELECT count(*) AS n FROM mail_outbox WHERE status = 'PENDING' AND created_at >= $1`,
              [since],
            )
          ).rows[0]?.n ?? 0,
        );
        if (mailsPending > 0) await new Promise((r) => setTimeout(r, 500));
      }
      expect(mailsPending).toBe(0);
      const mails = (
        await db.query<{
          id: string;
          kind: string;
          status: string;
          recipient: string;
          comment: string | null;
          reason: string | null;
        }>(
          `SELECT m.id, m.kind, m.status, m.recipient, r.comment, r.reason
             FROM mail_outbox m LEFT JOIN access_requests r ON r.id = m.request_id
            WHERE m.created_at >= $1`,
          [since],
        )
      ).rows;
      expect(mails.length).toBeGreaterThan(50);
      expect(mails.filter((m) => m.status !== 'SENT')).toEqual([]);
      expect(mails.filter((m) => !mailsReceived.has(m.id))).toEqual([]);
      // Each acknowledged request was mailed to the notification address and as the internal
      // copy, each acknowledged denial to its requester: exactly once each.
      const mailsOf = (kind: string, field: 'comment' | 'reason', marker: string) =>
        mails.filter((m) => m.kind === kind && m[field] === marker);
      expect(
        markers.filter(
          (m) =>
            m.startsWith('rq-') &&
            (mailsOf('ACCESS_REQUESTED', 'comment', m).length !== 2 ||
              !mailsOf('ACCESS_REQUESTED', 'comment', m).some((mail) => mail.recipient === notificationAddress)),
        ),
      ).toEqual([]);
      expect(markers.filter((m) => m.startsWith('dn-') && mailsOf('REQUEST_DENIED', 'reason', m).length !== 1)).toEqual(
        [],
      );
      const mailsRepeated = mails.filter((m) => (mailsReceived.get(m.id) ?? 0) > 1).length;
      // The kill cut sends short: mails whose answer never reached the killed instance, sent
      // again by an instance once the lease ran out (an attempt each, so more than one).
      const sentAgain = (
        await db.query<{ n: string }>(`SELECT count(*) AS n FROM mail_outbox WHERE created_at >= $1 AND attempts > 1`, [
          since,
        ])
      ).rows[0]?.n;
      console.log(
        `scale-out: ${mails.length} mails, ${mailsRepeated} received more than once (${smtpHold.held} held around the kill, ${smtpHold.dropped} of them by the killed instance, ${sentAgain ?? 0} tried more than once)`,
      );
      expect(smtpHold.dropped, 'the kill fell on sends under way').toBeGreaterThan(0);
      expect(Number(sentAgain ?? 0)).toBeGreaterThanOrEqual(smtpHold.dropped);
      expect(mailsRepeated).toBeLessThanOrEqual(1);
    } catch (error) {
      console.log(logs.slice(-40).join('\n'));
      throw error;
    } finally {
      await db.end();
    }
  });
});
