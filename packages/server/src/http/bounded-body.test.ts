import { afterEach, describe, expect, it, vi } from 'vitest';
import { readBoundedBody, refusedBodyDrainBytes, refusedBodyDrainMs } from './bounded-body.ts';

/** A body of `total` bytes in chunks of `chunk`, counting what the reader pulled. */
function streamed(total: number, chunk = 64 * 1024) {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) {
        controller.close();
        return;
      }
      const size = Math.min(chunk, total - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(120));
    },
  });
  return { body, sent: () => sent };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('readBoundedBody', () => {
  it('reads a body within its limit whole, declared or not', async () => {
    const declared = streamed(1000, 300);
    const read = await readBoundedBody(declared.body, 1000, 1000);
    expect(read.kind === 'read' ? read.bytes.byteLength : -1).toBe(1000);
    const chunked = await readBoundedBody(streamed(999, 100).body, 1000);
    expect(chunked.kind === 'read' ? [...chunked.bytes.slice(0, 2)] : []).toEqual([120, 120]);
    const empty = await readBoundedBody(streamed(0).body, 1000, Number.NaN);
    expect(empty).toEqual({ kind: 'read', bytes: new Uint8Array(0) });
  });

  it('refuses a body declared over the limit and drains it, so the connection can carry the next request', async () => {
    const body = streamed(2 * 1024 * 1024);
    expect(await readBoundedBody(body.body, 1024 * 1024, 2 * 1024 * 1024)).toEqual({ kind: 'tooLarge', drained: true });
    expect(body.sent()).toBe(2 * 1024 * 1024);
  });

  it('refuses a chunked body once the bytes pass the limit, and drains the rest', async () => {
    const body = streamed(3 * 1024 * 1024);
    expect(await readBoundedBody(body.body, 1024 * 1024)).toEqual({ kind: 'tooLarge', drained: true });
    expect(body.sent()).toBe(3 * 1024 * 1024);
  });

  it('does not read a body declared larger than the drain cap: the caller closes the connection', async () => {
    const body = streamed(64 * 1024 * 1024);
    expect(await readBoundedBody(body.body, 1024 * 1024, refusedBodyDrainBytes + 1)).toEqual({
      kind: 'tooLarge',
      drained: false,
    });
    expect(body.sent()).toBeLessThan(1024 * 1024);
  });

  it('stops draining at the cap when the body goes on beyond it', async () => {
    const body = streamed(64 * 1024 * 1024);
    expect(await readBoundedBody(body.body, 1024 * 1024)).toEqual({ kind: 'tooLarge', drained: false });
    expect(body.sent()).toBeGreaterThan(refusedBodyDrainBytes);
    expect(body.sent()).toBeLessThan(refusedBodyDrainBytes + 256 * 1024);
  });

  it('stops draining a body that stalls after the drain time', async () => {
    vi.useFakeTimers();
    let sent = 0;
    const stalled = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 1024) return new Promise<void>(() => undefined); // sends nothing more, never ends
        sent += 1024;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const read = readBoundedBody(stalled, 1024);
    await vi.advanceTimersByTimeAsync(refusedBodyDrainMs - 1);
    let settled = false;
    void read.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await read).toEqual({ kind: 'tooLarge', drained: false });
  });

  it('a body that breaks off while it is drained is not drained', async () => {
    let pulls = 0;
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        if (pulls > 2) controller.error(new Error('connection reset'));
        else controller.enqueue(new Uint8Array(1024));
      },
    });
    expect(await readBoundedBody(broken, 1024)).toEqual({ kind: 'tooLarge', drained: false });
  });
});
