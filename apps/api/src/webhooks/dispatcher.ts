// Delivers queued webhook calls: POST of the JSON payload with basic auth and the custom
// headers, retried with exponential backoff, every attempt recorded on the delivery row.
import type { Database } from '../db/database.ts';

export interface DispatcherOptions {
  db: Database;
  /** Delay before retry n (1-based) in ms; default 2^n seconds (2 s, 4 s, 8 s, 16 s). */
  backoffMs?: (attempt: number) => number;
  maxAttempts?: number;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  now?: () => Date;
}

export interface Dispatcher {
  /** Sends every due delivery once; returns how many were attempted. */
  runOnce(): Promise<number>;
  /** Starts polling (and wakes on notify); returns a stop function. */
  start(intervalMs?: number): () => void;
  notify(): void;
}

export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { db } = options;
  const backoff = options.backoffMs ?? ((n: number) => 2 ** n * 1000);
  const maxAttempts = options.maxAttempts ?? 5;
  const fetchImpl = options.fetchImpl ?? fetch;
  const now = options.now ?? (() => new Date());
  let running: Promise<number> | undefined;
  let wake: (() => void) | undefined;

  async function attempt(id: string): Promise<void> {
    const d = await db.selectFrom('webhook_deliveries as d').innerJoin('webhooks as w', 'w.application_id', 'd.application_id')
      .select(['d.id', 'd.attempts', 'd.payload', 'w.endpoint_url', 'w.username', 'w.password', 'w.headers', 'w.enabled'])
      .where('d.id', '=', id).where('d.status', '=', 'PENDING').executeTakeFirst();
    if (!d) {
      await db.updateTable('webhook_deliveries').set({ status: 'FAILED', error: 'webhook removed', next_attempt_at: null })
        .where('id', '=', id).where('status', '=', 'PENDING').execute();
      return;
    }
    const headers = new Headers({ 'content-type': 'application/json', 'user-agent': 'portal-api-webhooks' });
    for (const h of d.headers) headers.set(h.key, h.value);
    if (d.username !== null || d.password !== null) {
      headers.set('authorization', `Basic ${Buffer.from(`${d.username ?? ''}:${d.password ?? ''}`).toString('base64')}`);
    }
    const attempts = d.attempts + 1;
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetchImpl(d.endpoint_url, {
        method: 'POST', headers, body: JSON.stringify(d.payload), redirect: 'manual', signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      status = response.status;
      await response.body?.cancel();
      if (status < 200 || status >= 300) error = `HTTP ${status}`;
    } catch (e) {
      error = e instanceof Error ? e.message.slice(0, 500) : 'request failed';
    }
    const at = now();
    const done = error === null;
    const giveUp = !done && attempts >= maxAttempts;
    await db.updateTable('webhook_deliveries').set({
      attempts, response_status: status, error, last_attempt_at: at,
      status: done ? 'SUCCEEDED' : giveUp ? 'FAILED' : 'PENDING',
      next_attempt_at: done || giveUp ? null : new Date(at.getTime() + backoff(attempts)),
    }).where('id', '=', id).execute();
  }

  async function sweep(): Promise<number> {
    const due = await db.selectFrom('webhook_deliveries').select('id').where('status', '=', 'PENDING')
      .where('next_attempt_at', '<=', now()).orderBy('next_attempt_at').limit(20).execute();
    for (const d of due) await attempt(d.id);
    return due.length;
  }

  const runOnce = () => {
    running ??= sweep().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    runOnce,
    notify: () => wake?.(),
    start(intervalMs = 1000) {
      let stopped = false;
      const loop = async () => {
        while (!stopped) {
          await runOnce().catch((e: unknown) => console.error('webhook dispatcher:', e));
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
      return () => {
        stopped = true;
        wake?.();
      };
    },
  };
}
