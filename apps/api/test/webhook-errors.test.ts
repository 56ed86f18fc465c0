// #30.11: a failed delivery's error keeps its cause's code when recorded, and is answered with its
// kind, so the console says what went wrong in the reader's language, not "fetch failed".
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretsError } from '../src/secrets.ts';
import { deliveryErrorKind, deliveryErrorText, webhookRemoved } from '../src/webhooks/errors.ts';

/** What `fetch` throws for this request. */
async function failureOf(url: string, timeoutMs = 5_000): Promise<unknown> {
  try {
    await fetch(url, { method: 'POST', body: '{}', signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    return e;
  }
  throw new Error(`${url} answered`);
}

let silent: Server;
let silentPort = 0;
beforeAll(async () => {
  // Accepts the request and never answers.
  silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as AddressInfo).port;
});
afterAll(() => {
  silent.closeAllConnections();
  silent.close();
});

describe('a failed delivery attempt (#30.11)', () => {
  it('nothing listens at the address: the code is kept, the kind is CONNECTION_REFUSED', async () => {
    // A port that was just free.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const text = deliveryErrorText(await failureOf(`http://127.0.0.1:${port}/hook`));
    expect(text).toBe('fetch failed (ECONNREFUSED)');
    expect(deliveryErrorKind(text)).toBe('CONNECTION_REFUSED');
  });

  it('no answer in time: TIMEOUT', async () => {
    const text = deliveryErrorText(await failureOf(`http://127.0.0.1:${silentPort}/hook`, 200));
    expect(deliveryErrorKind(text)).toBe('TIMEOUT');
  });

  it('the other kinds, also of failures recorded before the code was kept', () => {
    expect(deliveryErrorKind('HTTP 404')).toBe('HTTP_STATUS');
    expect(deliveryErrorKind('fetch failed')).toBe('NETWORK');
    expect(deliveryErrorKind('fetch failed (ENOTFOUND)')).toBe('HOST_NOT_FOUND');
    expect(deliveryErrorKind('fetch failed (ECONNRESET)')).toBe('CONNECTION_RESET');
    expect(deliveryErrorKind('fetch failed (CERT_HAS_EXPIRED)')).toBe('TLS');
    expect(deliveryErrorKind(webhookRemoved)).toBe('WEBHOOK_REMOVED');
    expect(deliveryErrorKind(deliveryErrorText(new SecretsError('the secrets key k1 is missing')))).toBe(
      'SECRET_UNAVAILABLE',
    );
    expect(deliveryErrorKind('the header "x" is not valid')).toBe('OTHER');
    expect(deliveryErrorKind(null)).toBeNull();
    const cause = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(deliveryErrorText(new TypeError('fetch failed', { cause }))).toBe('fetch failed (ECONNREFUSED)');
    expect(deliveryErrorText('x'.repeat(600))).toHaveLength(500);
  });
});
