// Delivers queued webhook calls: POST of the JSON payload with basic auth and the custom
// headers, retried with exponential backoff, every attempt recorded on the delivery row and in its
// attempts (time, duration, headers with secret values masked, status, the answer's first 2 KB, error).
//
// One delivery never holds up another: every failure — an endpoint's answer, a timeout, a
// header the sender refuses, a stored row it cannot read, a throw anywhere before the request —
// is recorded on that delivery as an attempt (retried with backoff, FAILED after the last), and
// the sweep goes on. Applications are served side by side: an endpoint that hangs until the
// timeout delays only the later deliveries of its own application (which keep their order).
//
// Several instances on one database (#21): a sweep claims the due deliveries of whole
// applications under a transaction-level advisory lock, for a lease that is renewed before
// each send; an application another instance holds is left alone, and a delivery whose claim
// this instance lost is not sent. The claims of an instance that died run out after the lease
// and another instance takes the deliveries over (one that died between sending and recording
// may have sent it once more: receivers deduplicate by X-Portal-Delivery-Id).
import { deliveryErrorText, webhookRemoved } from './errors.ts';
import { createHmac, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { SecretsError } from '../secrets.ts';
import type { SecretBox } from '../secrets.ts';
import { isValidHeaderName, isValidHeaderValue } from './headers.ts';
import { openPassword, openSigningSecret, storedSigningSecrets } from './secrets.ts';

export interface DispatcherOptions {
  db: Database;
  /** Opens the webhooks' stored password and signing secrets (#29.5). */
  secrets: SecretBox;
  /** Delay before retry n (1-based) in ms; default 2^n seconds (2 s, 4 s, 8 s, 16 s). */
  backoffMs?: (attempt: number) => number;
  maxAttempts?: number;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  now?: () => Date;
  /** Applications served at the same time (default 8). */
  concurrency?: number;
  /** How long a claim holds without renewal (default the send timeout + 20 s). */
  leaseMs?: number;
  /** This instance's name in the claims (default a random id). */
  instance?: string;
}

export interface Dispatcher {
  /** Sends every due delivery of the applications not being served already; returns how many were attempted. */
  runOnce(): Promise<number>;
  /** Starts polling (and wakes on notify); returns a stop function that resolves when the sends under way are done. */
  start(intervalMs?: number): () => Promise<void>;
  notify(): void;
}

/**
 * `X-Portal-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]`: HMAC-SHA256 of `<t>.<body>` under
 * each active signing secret (two while one is being rotated). docs/webhooks.md says how to check it.
 */
function signatureOf(body: string, secrets: readonly string[], at: Date): string | undefined {
  if (secrets.length === 0) return undefined;
  const t = Math.floor(at.getTime() / 1000);
  return [
    `t=${t}`,
    ...secrets.map((secret) => `v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`),
  ].join(',');
}

const BATCH = 50;
/** The advisory lock under which sweeps of all instances claim deliveries ("webhooks"). */
const claimLockKey = 0x776562686f6f6b73n;

function headersOf(stored: unknown, username: string | null, password: string | null): Headers {
  if (!Array.isArray(stored)) throw new Error('the stored custom headers are not a list');
  const headers = new Headers({ 'content-type': 'application/json', 'user-agent': 'portal-api-webhooks' });
  for (const h of stored as unknown[]) {
    const { key, value } = (h ?? {}) as { key?: unknown; value?: unknown };
    if (typeof key !== 'string' || typeof value !== 'string' || !isValidHeaderName(key) || !isValidHeaderValue(value)) {
      throw new Error(
        typeof key === 'string'
          ? `the custom header ${JSON.stringify(key.slice(0, 100))} cannot be sent`
          : 'a custom header cannot be sent',
      );
    }
    headers.set(key, value);
  }
  if (username !== null || password !== null) {
    headers.set('authorization', `Basic ${Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64')}`);
  }
  return headers;
}

/** What one attempt sent and got (migration 0009). */
interface AttemptDetail {
  startedAt: Date;
  durationMs: number;
  headers: { name: string; value: string }[];
  body: string | null;
}

const maskedValue = '••••••';
/** The headers as recorded: the basic-auth credentials and the custom headers' values (they may carry keys) masked. */
function recordedHeaders(headers: Headers, stored: unknown): { name: string; value: string }[] {
  const custom = Array.isArray(stored)
    ? (stored as { key?: unknown }[]).flatMap((h) => (typeof h.key === 'string' ? [h.key.toLowerCase()] : []))
    : [];
  const secret = new Set(['authorization', ...custom]);
  return [...headers].map(([name, value]) => ({ name, value: secret.has(name) ? maskedValue : value }));
}

const responseBodyKept = 2048;
/** The first 2 KB of an answer's body (a character cut at the end reads as U+FFFD); the rest is not read. */
async function bodyStart(response: Response): Promise<string | null> {
  if (response.body === null) return null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < responseBodyKept) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // A body that breaks off keeps what arrived.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const bytes = Buffer.concat(chunks).subarray(0, responseBodyKept);
  return bytes.length === 0 ? null : new TextDecoder().decode(bytes);
}

export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { db } = options;
  const backoff = options.backoffMs ?? ((n: number) => 2 ** n * 1000);
  const maxAttempts = options.maxAttempts ?? 5;
  const fetchImpl = options.fetchImpl ?? fetch;
  const now = options.now ?? (() => new Date());
  const concurrency = options.concurrency ?? 8;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const leaseMs = options.leaseMs ?? timeoutMs + 20_000;
  const instance = options.instance ?? randomUUID();
  /** Applications with a send under way in this process (their deliveries go one after another). */
  const busy = new Set<string>();
  const sweeps = new Set<Promise<number>>();
  let wake: (() => void) | undefined;

  /**
   * Records one attempt on the delivery and, with what it sent and got, in its attempts (#20.2);
   * the delivery stays PENDING for a retry until the attempts run out.
   */
  async function record(
    id: string,
    attempts: number,
    status: number | null,
    error: string | null,
    detail?: AttemptDetail,
  ): Promise<void> {
    const at = now();
    const done = error === null;
    const giveUp = !done && attempts >= maxAttempts;
    await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('webhook_deliveries')
        .set({
          attempts,
          response_status: status,
          error,
          last_attempt_at: at,
          status: done ? 'SUCCEEDED' : giveUp ? 'FAILED' : 'PENDING',
          next_attempt_at: done || giveUp ? null : new Date(at.getTime() + backoff(attempts)),
          claimed_by: null,
          claimed_until: null,
        })
        .where('id', '=', id)
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) return;
      // A delivered one ends the run of failures; the one that fails last counts, and may pause the webhook (#20.2).
      const application = trx.selectFrom('webhook_deliveries').select('application_id').where('id', '=', id);
      if (done)
        await trx
          .updateTable('webhooks')
          .set({ consecutive_failures: 0 })
          .where('application_id', '=', application)
          .execute();
      if (giveUp) {
        await trx
          .updateTable('webhooks')
          .set({
            consecutive_failures: sql<number>`consecutive_failures + 1`,
            paused_at: sql<Date | null>`CASE WHEN pause_after_failures IS NOT NULL AND consecutive_failures + 1 >= pause_after_failures
            THEN coalesce(paused_at, ${at}) ELSE paused_at END`,
          })
          .where('application_id', '=', application)
          .execute();
      }
      await trx
        .insertInto('webhook_delivery_attempts')
        .values({
          delivery_id: id,
          attempt: attempts,
          started_at: detail?.startedAt ?? at,
          duration_ms: detail?.durationMs ?? 0,
          request_headers: JSON.stringify(detail?.headers ?? []),
          response_status: status,
          response_body: detail?.body ?? null,
          error,
        })
        .onConflict((oc) => oc.columns(['delivery_id', 'attempt']).doNothing())
        .execute();
    });
  }

  /** Sends one delivery if it is still due; false when there was nothing to send. */
  async function attempt(id: string): Promise<boolean> {
    const d = await db
      .selectFrom('webhook_deliveries as d')
      .leftJoin('webhooks as w', 'w.application_id', 'd.application_id')
      .select([
        'd.id',
        'd.attempts',
        'd.payload',
        'd.replay_of',
        'w.application_id as hook',
        'w.endpoint_url',
        'w.username',
        'w.password',
        'w.headers',
        'w.signing_secrets',
      ])
      .where('d.id', '=', id)
      .where('d.status', '=', 'PENDING')
      .where('d.next_attempt_at', '<=', now())
      .executeTakeFirst();
    if (!d) return false; // done meanwhile (or by another sweep)
    if (d.hook === null || d.endpoint_url === null) {
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'FAILED', error: webhookRemoved, next_attempt_at: null })
        .where('id', '=', id)
        .where('status', '=', 'PENDING')
        .execute();
      return false;
    }
    const applicationId = d.hook;
    const attempts = d.attempts + 1;
    let status: number | null = null;
    let error: string | null = null;
    const detail: AttemptDetail = { startedAt: now(), durationMs: 0, headers: [], body: null };
    const started = performance.now();
    try {
      // The stored secrets are sealed (#29.5): one that does not open fails this attempt, nothing is sent.
      const headers = headersOf(d.headers, d.username, openPassword(options.secrets, applicationId, d.password));
      // The delivery's id, the same on every attempt: receivers deduplicate by it.
      headers.set('x-portal-delivery-id', d.id);
      if (d.replay_of !== null) headers.set('x-portal-replay-of', d.replay_of);
      const body = JSON.stringify(d.payload);
      const signature = signatureOf(
        body,
        storedSigningSecrets(d.signing_secrets).map((secret) =>
          openSigningSecret(options.secrets, applicationId, secret),
        ),
        now(),
      );
      if (signature !== undefined) headers.set('x-portal-signature', signature);
      detail.headers = recordedHeaders(headers, d.headers);
      const response = await fetchImpl(d.endpoint_url, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      detail.body = await bodyStart(response);
      if (status < 200 || status >= 300) error = `HTTP ${status}`;
    } catch (e) {
      error = deliveryErrorText(e);
      // A key missing from API_SECRETS_KEYS concerns whoever runs the API, not only the application's administrators.
      if (e instanceof SecretsError) console.error(`webhook dispatcher: application ${applicationId}: ${e.message}`);
    }
    detail.durationMs = Math.round(performance.now() - started);
    await record(id, attempts, status, error, detail);
    return true;
  }

  /** One delivery: whatever goes wrong is recorded on it, never thrown at the sweep. */
  async function deliver(id: string): Promise<boolean> {
    try {
      return await attempt(id);
    } catch (e) {
      try {
        const row = await db
          .selectFrom('webhook_deliveries')
          .select('attempts')
          .where('id', '=', id)
          .executeTakeFirst();
        if (row) await record(id, row.attempts + 1, null, deliveryErrorText(e));
      } catch (again) {
        console.error('webhook dispatcher: cannot record the failure of delivery', id, again);
      }
      return true;
    }
  }

  /**
   * Claims the due deliveries of up to `concurrency` applications that no instance holds,
   * under the claim lock (one instance at a time), for one lease.
   */
  async function claim(): Promise<Map<string, string[]>> {
    const free = concurrency - busy.size;
    if (free <= 0) return new Map();
    return db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${claimLockKey})`.execute(trx);
      const at = now();
      const held = trx
        .selectFrom('webhook_deliveries')
        .select('application_id')
        .where('status', '=', 'PENDING')
        .where('claimed_until', '>', at);
      // A paused webhook's deliveries wait until it is resumed.
      const paused = trx.selectFrom('webhooks').select('application_id').where('paused_at', 'is not', null);
      const due = await trx
        .selectFrom('webhook_deliveries')
        .select(['id', 'application_id'])
        .where('status', '=', 'PENDING')
        .where('next_attempt_at', '<=', at)
        .where('application_id', 'not in', held)
        .where('application_id', 'not in', paused)
        .orderBy('next_attempt_at')
        .orderBy('created_at')
        .limit(BATCH)
        .execute();
      const byApplication = new Map<string, string[]>();
      for (const d of due) {
        if (busy.has(d.application_id)) continue;
        const list = byApplication.get(d.application_id);
        if (list) list.push(d.id);
        else if (byApplication.size < free) byApplication.set(d.application_id, [d.id]);
      }
      const ids = [...byApplication.values()].flat();
      if (ids.length > 0) {
        await trx
          .updateTable('webhook_deliveries')
          .set({ claimed_by: instance, claimed_until: new Date(at.getTime() + leaseMs) })
          .where('id', 'in', ids)
          .execute();
      }
      return byApplication;
    });
  }

  /** Renews this instance's claim on `ids` (the rest of an application's batch); answers those still held. */
  async function renew(ids: readonly string[]): Promise<Set<string>> {
    const rows = await db
      .updateTable('webhook_deliveries')
      .set({ claimed_until: new Date(now().getTime() + leaseMs) })
      .where('id', 'in', ids)
      .where('claimed_by', '=', instance)
      .where('status', '=', 'PENDING')
      .returning('id')
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  async function release(ids: readonly string[]): Promise<void> {
    await db
      .updateTable('webhook_deliveries')
      .set({ claimed_by: null, claimed_until: null })
      .where('id', 'in', ids)
      .where('claimed_by', '=', instance)
      .execute();
  }

  async function sweep(): Promise<number> {
    const byApplication = await claim();
    for (const application of byApplication.keys()) busy.add(application);
    const counts = await Promise.all(
      [...byApplication].map(async ([application, ids]) => {
        try {
          let sent = 0;
          for (const [index, id] of ids.entries()) {
            // Still ours (a lease that ran out may have gone to another instance): send; else leave it.
            const held = await renew(ids.slice(index)).catch(() => new Set<string>());
            if (held.has(id) && (await deliver(id))) sent++;
          }
          return sent;
        } finally {
          await release(ids).catch(() => undefined);
          busy.delete(application);
        }
      }),
    );
    return counts.reduce((a, b) => a + b, 0);
  }

  const runOnce = (): Promise<number> => {
    const run = sweep();
    sweeps.add(run);
    const forget = () => sweeps.delete(run);
    run.then(forget, forget);
    return run;
  };

  return {
    runOnce,
    notify: () => wake?.(),
    start(intervalMs = 1000) {
      let stopped = false;
      const loop = async () => {
        while (!stopped) {
          // Not awaited: a slow endpoint must not keep the next sweep from serving other applications.
          runOnce().catch((e: unknown) => console.error('webhook dispatcher:', e));
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, intervalMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
      };
      void loop();
      return async () => {
        stopped = true;
        wake?.();
        await Promise.allSettled([...sweeps]);
      };
    },
  };
}
