// The mail sender (#29) against real SMTP servers in this process (smtp-server): a due mail goes
// out once and is SENT; two senders on one database never send one mail twice; a refusal is
// retried after the back-off and FAILED after the last attempt; a server that hangs holds only
// its own mail (the send's timeout); shutdown interrupts a send under way and gives its claim
// back; every attempt of one mail carries the same Message-ID; the outbox's states follow a
// model under any order of sends, refusals and time.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Duration, Effect, Fiber, Schedule } from 'effect';
import fc from 'fast-check';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { delayAfter } from '../src/jobs/effects.ts';
import { defaultBackoff, makeMailSender, type MailSenderOptions } from '../src/mail/sender.ts';
import { smtpTransport } from '../src/mail/smtp.ts';
import { freshDatabase } from './harness.ts';

let db: Database;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await freshDatabase());
});
afterAll(() => close());

interface Received {
  to: string[];
  raw: string;
}

type Answer = 'accept' | 'hang' | { code: number; message: string };

/**
 * An SMTP server on a loopback port; `answer` decides each recipient (accept, refuse with a code,
 * or never answer), `afterData` each message once it has arrived in full (kept in `received`
 * either way; undefined: accepted, else refused with that code, as a server that took the
 * message but whose answer is lost to the client).
 */
async function smtpServer(
  answer: (address: string, seen: number) => Answer = () => 'accept',
  afterData: (message: number) => { code: number; message: string } | undefined = () => undefined,
) {
  const received: Received[] = [];
  const seen = new Map<string, number>();
  const connections = { open: 0, closed: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      connections.open++;
      callback();
    },
    onClose() {
      connections.closed++;
    },
    onRcptTo(address, _session, callback) {
      const n = (seen.get(address.address) ?? 0) + 1;
      seen.set(address.address, n);
      const a = answer(address.address, n);
      if (a === 'hang') return; // never answers
      if (a === 'accept') return callback();
      callback(Object.assign(new Error(a.message), { responseCode: a.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        const refusal = afterData(received.length);
        if (refusal === undefined) callback();
        else callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  servers.push(server);
  return { port, received, connections, seen };
}
const servers: SMTPServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  await db.deleteFrom('mail_outbox').execute();
});

const transportTo = (port: number) =>
  smtpTransport({
    smtp: { host: '127.0.0.1', port, secure: false, starttls: 'never', user: undefined, password: undefined },
    from: 'portal@hk-demo.test',
    timeoutMs: 5000,
  });

let counter = 0;
async function queue(recipient: string, subject = `Mail ${++counter}`): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto('mail_outbox')
    .values({
      id,
      kind: 'REQUEST_DENIED',
      recipient,
      language: 'de',
      subject,
      text_body: `Text of ${subject}`,
      html_body: `<p>HTML of ${subject}</p>`,
      application_id: null,
      request_id: null,
    })
    .execute();
  return id;
}

const row = (id: string) => db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const sender = (options: Partial<MailSenderOptions> & Pick<MailSenderOptions, 'transport'>) =>
  makeMailSender({ db, log: () => {}, ...options });
const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect);

describe('the mail sender', () => {
  it('sends a due mail once, with its Message-ID, and records it SENT', async () => {
    const smtp = await smtpServer();
    const id = await queue('nora@hk-demo.test', 'Your request');
    const s = sender({ transport: transportTo(smtp.port) });
    expect(await run(s.sweep)).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(['nora@hk-demo.test']);
    expect(smtp.received[0]?.raw).toContain(`Message-ID: <${id}@portal>`);
    expect(smtp.received[0]?.raw).toContain('Subject: Your request');
    expect(smtp.received[0]?.raw).toContain('From: portal@hk-demo.test');
    expect(smtp.received[0]?.raw).toContain('<p>HTML of Your request</p>');
    expect(await row(id)).toMatchObject({ status: 'SENT', attempts: 1, last_error: null, claimed_by: null });
    expect((await row(id)).sent_at).toBeInstanceOf(Date);
    // Nothing is due any more.
    expect(await run(s.sweep)).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('two senders on one database never send one mail twice', async () => {
    const smtp = await smtpServer();
    const ids = await Promise.all(Array.from({ length: 24 }, (_, i) => queue(`user${i}@hk-demo.test`)));
    const a = sender({ transport: transportTo(smtp.port), instance: 'a', concurrency: 5 });
    const b = sender({ transport: transportTo(smtp.port), instance: 'b', concurrency: 5 });
    const drain = (s: typeof a) =>
      run(
        Effect.gen(function* () {
          let claimed = 0;
          for (;;) {
            const n = yield* s.sweep;
            if (n === 0) return claimed;
            claimed += n;
          }
        }),
      );
    const [byA, byB] = await Promise.all([drain(a), drain(b)]);
    expect(byA + byB).toBe(24);
    expect(smtp.received).toHaveLength(24);
    const messageIds = smtp.received.map((r) => /Message-ID: <([^>]+)@portal>/.exec(r.raw)?.[1]);
    expect(new Set(messageIds)).toEqual(new Set(ids));
    const rows = await db.selectFrom('mail_outbox').select(['status', 'attempts']).execute();
    expect(rows.every((r) => r.status === 'SENT' && r.attempts === 1)).toBe(true);
  });

  it('retries a refused mail after the back-off, and gives up after the last attempt', async () => {
    const smtp = await smtpServer((address, seen) =>
      address === 'flaky@hk-demo.test' && seen === 1
        ? { code: 451, message: 'Try again later' }
        : address === 'never@hk-demo.test'
          ? { code: 550, message: 'No such user' }
          : 'accept',
    );
    const flaky = await queue('flaky@hk-demo.test');
    const never = await queue('never@hk-demo.test');
    const s = sender({
      transport: transportTo(smtp.port),
      maxAttempts: 3,
      backoff: Schedule.exponential('300 millis'),
    });
    expect(await run(s.sweep)).toBe(2);
    const first = await row(flaky);
    expect(first).toMatchObject({ status: 'PENDING', attempts: 1, claimed_by: null });
    expect(first.last_error).toContain('451');
    // Due again 300 ms after the attempt (the first delay of the schedule), not before.
    const wait = first.next_attempt_at.getTime() - (first.last_attempt_at?.getTime() ?? 0);
    expect(wait).toBeGreaterThanOrEqual(300);
    expect(wait).toBeLessThan(2000);
    expect(await run(s.sweep)).toBe(0);

    await expect.poll(async () => (await run(s.sweep), (await row(flaky)).status), { timeout: 10_000 }).toBe('SENT');
    expect(await row(flaky)).toMatchObject({ attempts: 2, last_error: null });
    expect(smtp.received.filter((r) => r.to.includes('flaky@hk-demo.test'))).toHaveLength(1);

    // The second delay is twice the first; after the third attempt the mail is FAILED with the server's answer.
    // Swept only while it has had fewer than two attempts (the sweeps above may have made its second already; a
    // sweep makes at most one attempt of a mail, so under load the poll never skips past the second).
    await expect
      .poll(
        async () => {
          if ((await row(never)).attempts < 2) await run(s.sweep);
          return (await row(never)).attempts;
        },
        { timeout: 10_000 },
      )
      .toBe(2);
    const second = await row(never);
    const secondWait = second.next_attempt_at.getTime() - (second.last_attempt_at?.getTime() ?? 0);
    expect(secondWait).toBeGreaterThanOrEqual(600);
    await expect.poll(async () => (await run(s.sweep), (await row(never)).status), { timeout: 10_000 }).toBe('FAILED');
    expect(await row(never)).toMatchObject({ attempts: 3, claimed_by: null });
    expect((await row(never)).last_error).toContain('550');
    expect(smtp.seen.get('never@hk-demo.test')).toBe(3);
  });

  it('gives every attempt of one mail the same Message-ID, the outbox row’s id (what a receiver drops a repeat by)', async () => {
    // The first message arrives in full but the client is told 451: the attempt counts as failed,
    // as when the answer is lost. The retry is the same mail: the same Message-ID and subject.
    const smtp = await smtpServer(undefined, (n) => (n === 1 ? { code: 451, message: 'Try again later' } : undefined));
    const id = await queue('nora@hk-demo.test', 'Decision');
    const s = sender({ transport: transportTo(smtp.port), backoff: Schedule.spaced('200 millis') });
    expect(await run(s.sweep)).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect((await row(id)).last_error).toContain('451');
    await expect.poll(async () => (await run(s.sweep), (await row(id)).status), { timeout: 10_000 }).toBe('SENT');
    expect(await row(id)).toMatchObject({ attempts: 2, last_error: null });
    expect(smtp.received).toHaveLength(2);
    const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(raw)?.[1]?.trim();
    expect(smtp.received.map((r) => header(r.raw, 'Message-ID'))).toEqual([`<${id}@portal>`, `<${id}@portal>`]);
    expect(smtp.received.map((r) => header(r.raw, 'Subject'))).toEqual(['Decision', 'Decision']);
  });

  it('records a server that cannot be reached, and goes on', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const id = await queue('nora@hk-demo.test');
    expect(await run(sender({ transport: transportTo(port) }).sweep)).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect((await row(id)).last_error).toMatch(/ECONNECTION|ECONNREFUSED/);
  });

  it('a server that hangs holds only its own mail, until the send’s timeout', async () => {
    const smtp = await smtpServer((address) => (address === 'slow@hk-demo.test' ? 'hang' : 'accept'));
    const slow = await queue('slow@hk-demo.test');
    const s = sender({
      transport: transportTo(smtp.port),
      pollInterval: '50 millis',
      sendTimeout: '3 seconds',
    });
    const fiber = Effect.runFork(Effect.scoped(s.run));
    try {
      await expect.poll(async () => (await row(slow)).claimed_by, { timeout: 5000 }).not.toBeNull();
      const started = Date.now();
      const fast = await queue('fast@hk-demo.test');
      await expect.poll(async () => (await row(fast)).status, { timeout: 2500, interval: 50 }).toBe('SENT');
      expect(Date.now() - started).toBeLessThan(2500);
      // The hanging one is still under way, then recorded as timed out and due again later.
      expect((await row(slow)).status).toBe('PENDING');
      await expect.poll(async () => (await row(slow)).last_error, { timeout: 6000 }).toMatch(/timed out after 3s/);
      expect(await row(slow)).toMatchObject({ status: 'PENDING', attempts: 1, claimed_by: null });
      expect(smtp.received.map((r) => r.to)).toEqual([['fast@hk-demo.test']]);
    } finally {
      await run(Fiber.interrupt(fiber));
    }
  });

  it('shutdown interrupts a send under way at once and gives its claim back', async () => {
    const smtp = await smtpServer(() => 'hang');
    const id = await queue('slow@hk-demo.test');
    const running = Effect.runFork(
      Effect.scoped(
        sender({ transport: transportTo(smtp.port), pollInterval: 50, sendTimeout: 60_000, instance: 'stopping' }).run,
      ),
    );
    const stop = () => run(Fiber.interrupt(running));
    await expect.poll(async () => (await row(id)).claimed_by, { timeout: 5000 }).toBe('stopping');
    await expect.poll(() => smtp.connections.open, { timeout: 5000 }).toBe(1);
    const started = Date.now();
    await stop();
    // Not the send's 60 s timeout: the send was interrupted (a bound, not a figure: half of it).
    expect(Date.now() - started).toBeLessThan(30_000);
    // Due again at once for any instance; the attempt counted; the connection closed.
    expect(await row(id)).toMatchObject({ status: 'PENDING', attempts: 1, claimed_by: null, claimed_until: null });
    await expect.poll(() => smtp.connections.closed, { timeout: 5000 }).toBe(1);
    // A claim is taken only when free: once stopped, nothing more happens.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await row(id)).attempts).toBe(1);
  });

  it('takes over the mails of an instance that died once its lease has run out', async () => {
    const smtp = await smtpServer();
    const id = await queue('nora@hk-demo.test');
    await db
      .updateTable('mail_outbox')
      .set({ claimed_by: 'dead', claimed_until: sql<Date>`now() + interval '1 hour'`, attempts: 1 })
      .where('id', '=', id)
      .execute();
    const s = sender({ transport: transportTo(smtp.port) });
    expect(await run(s.sweep)).toBe(0);
    await db
      .updateTable('mail_outbox')
      .set({ claimed_until: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', id)
      .execute();
    expect(await run(s.sweep)).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'SENT', attempts: 2 });
    expect(smtp.received).toHaveLength(1);
  });
});

describe('the back-off', () => {
  it('doubles from 30 s and stays at 1 h', async () => {
    const delays = await run(Effect.forEach([1, 2, 3, 4, 5, 6, 7, 8, 9], (n) => delayAfter(defaultBackoff, n)));
    expect(delays.map((d) => Duration.toSeconds(d))).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
  });
});

describe('the outbox as a state machine (model-based)', () => {
  // The model: per mail its attempts, SENT/FAILED/PENDING and how often the server took it.
  // Commands: queue a mail, a sweep while the server accepts, a sweep while it refuses, the back-off passing.
  interface Model {
    mails: Map<string, { attempts: number; status: 'PENDING' | 'SENT' | 'FAILED'; due: boolean }>;
  }
  interface Real {
    accept: { value: boolean };
    smtp: Awaited<ReturnType<typeof smtpServer>>;
    sweep: Effect.Effect<number, unknown>;
  }
  const maxAttempts = 3;

  class Queue implements fc.AsyncCommand<Model, Real> {
    check = () => true;
    async run(m: Model) {
      const id = await queue(`m${counter}@hk-demo.test`);
      m.mails.set(id, { attempts: 0, status: 'PENDING', due: true });
    }
    toString = () => 'queue';
  }
  class Sweep implements fc.AsyncCommand<Model, Real> {
    readonly accepts: boolean;
    constructor(accepts: boolean) {
      this.accepts = accepts;
    }
    check = () => true;
    async run(m: Model, r: Real) {
      r.accept.value = this.accepts;
      const before = r.smtp.received.length;
      await run(r.sweep);
      const due = [...m.mails.values()].filter((x) => x.status === 'PENDING' && x.due);
      for (const x of due) {
        x.attempts++;
        x.status = this.accepts ? 'SENT' : x.attempts >= maxAttempts ? 'FAILED' : 'PENDING';
        x.due = false;
      }
      expect(r.smtp.received.length - before).toBe(this.accepts ? due.length : 0);
      await compare(m);
    }
    toString = () => `sweep(${this.accepts ? 'accepts' : 'refuses'})`;
  }
  class BackoffPasses implements fc.AsyncCommand<Model, Real> {
    check = () => true;
    async run(m: Model) {
      await db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: sql<Date>`now() - interval '1 second'` })
        .where('status', '=', 'PENDING')
        .execute();
      for (const x of m.mails.values()) if (x.status === 'PENDING') x.due = true;
    }
    toString = () => 'backoff passes';
  }
  async function compare(m: Model) {
    const rows = await db.selectFrom('mail_outbox').select(['id', 'status', 'attempts', 'claimed_by']).execute();
    expect(rows).toHaveLength(m.mails.size);
    for (const r of rows) {
      const x = m.mails.get(r.id);
      expect({ status: r.status, attempts: r.attempts, claimed_by: r.claimed_by }).toEqual({
        status: x?.status,
        attempts: x?.attempts,
        claimed_by: null,
      });
    }
  }

  it('every mail is sent at most once, SENT exactly when the server took it, FAILED only after the last attempt', async () => {
    const accept = { value: true };
    const smtp = await smtpServer(() => (accept.value ? 'accept' : { code: 451, message: 'Busy' }));
    const s = makeMailSender({
      db,
      transport: transportTo(smtp.port),
      maxAttempts,
      concurrency: 50,
      backoff: Schedule.spaced('1 hour'),
      log: () => {},
    });
    await fc.assert(
      fc.asyncProperty(
        fc.commands(
          [fc.constant(new Queue()), fc.boolean().map((a) => new Sweep(a)), fc.constant(new BackoffPasses())],
          {
            size: '-1',
          },
        ),
        async (commands) => {
          await db.deleteFrom('mail_outbox').execute();
          smtp.received.length = 0;
          await fc.asyncModelRun(
            () => ({ model: { mails: new Map() }, real: { accept, smtp, sweep: s.sweep } }),
            commands,
          );
          const sent = smtp.received.map((r) => /Message-ID: <([^>]+)@portal>/.exec(r.raw)?.[1]);
          expect(new Set(sent).size).toBe(sent.length);
        },
      ),
      { numRuns: 25 },
    );
  });
});
