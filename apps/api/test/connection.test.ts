// An oversized body is refused without breaking the connection (#17.8): a client that reuses
// one connection (node:http Agent, keepAlive, maxSockets 1) gets the 400 and then its next
// answer on the same connection, or a `Connection: close` and a fresh connection; never a reset.
import { Agent, request } from 'node:http';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/seed/ids.ts';
import { listen } from '../src/server.ts';
import { claimsOf } from '../src/services/access.ts';
import { harness, token } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
let server: ReturnType<typeof listen>;
let port = 0;
let admin = '';
let agent: Agent;

beforeAll(async () => {
  h = await harness();
  admin = await token({
    sub: users.globalAdmin,
    permissions: (await claimsOf(h.db, users.globalAdmin)).hkData.permissions,
  });
  await new Promise<void>((resolve) => {
    server = listen(h.app, { port: 0, hostname: '127.0.0.1', onListening: () => resolve() });
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  agent?.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await h.close();
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  reused: boolean;
  socket: number;
}

let sockets = 0;
const socketIds = new WeakMap<object, number>();

/** One request through the shared agent; `chunks` are written one after another (chunked when no content-length is set). */
function send(
  method: string,
  path: string,
  headers: OutgoingHttpHeaders = {},
  chunks: (Buffer | string)[] = [],
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        const socket: object = req.socket ?? res.socket ?? {};
        if (!socketIds.has(socket)) socketIds.set(socket, ++sockets);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body,
          reused: req.reusedSocket,
          socket: socketIds.get(socket) ?? 0,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    // The server may answer before the whole body is written; a write error then is not the answer's.
    req.on('socket', (s) => s.on('error', () => undefined));
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

const health = () => send('GET', '/health');

/** The oversized request and the next one on the agent, which must succeed. */
async function refusedThenNext(oversized: () => Promise<Answer>, code: string): Promise<void> {
  const warm = await health();
  expect(warm.status).toBe(200);
  const refused = await oversized();
  expect(refused.status).toBe(400);
  expect((JSON.parse(refused.body) as { error: { code: string } }).error.code).toBe(code);
  const next = await health();
  expect(next.status).toBe(200);
  // Either the connection stayed usable (drained) or the refusal said it closes.
  if (refused.headers.connection === 'close') expect(next.socket).not.toBe(refused.socket);
  else expect(next.socket).toBe(refused.socket);
}

const json = { 'content-type': 'application/json' };
const hugeJson = (bytes: number) => `{"label":"x","url":"https://x.example.test","description":"${'x'.repeat(bytes)}"}`;

function multipart(bytes: number): { headers: OutgoingHttpHeaders; body: Buffer } {
  const boundary = 'connection-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.svg"\r\nContent-Type: image/svg+xml\r\n\r\n`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg"><!--${'x'.repeat(bytes)}--></svg>`;
  const body = Buffer.from(`${head}${svg}\r\n--${boundary}--\r\n`);
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length },
    body,
  };
}

describe('after an oversized body the connection still works (#17.8)', () => {
  beforeAll(() => {
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
  });

  it('JSON over 1 MB with a content length', async () => {
    const body = hugeJson(1024 * 1024 + 10);
    await refusedThenNext(
      () =>
        send(
          'POST',
          '/Applications',
          { ...json, authorization: `Bearer ${admin}`, 'content-length': Buffer.byteLength(body) },
          [body],
        ),
      '400',
    );
  });

  it('JSON over 1 MB sent chunked (no content length)', async () => {
    const body = hugeJson(1024 * 1024 + 10);
    const chunks = Array.from({ length: Math.ceil(body.length / 65536) }, (_, i) =>
      body.slice(i * 65536, (i + 1) * 65536),
    );
    await refusedThenNext(
      () => send('POST', '/Applications', { ...json, authorization: `Bearer ${admin}` }, chunks),
      '400',
    );
  });

  it('a logo over 2 MB', async () => {
    const { headers, body } = multipart(3 * 1024 * 1024);
    await refusedThenNext(
      () => send('POST', '/Applications/Image', { ...headers, authorization: `Bearer ${admin}` }, [body]),
      'image.tooLarge',
    );
  });

  it('an oversized body without a token', async () => {
    const body = hugeJson(1024 * 1024 + 10);
    const refused = await send('POST', '/Applications', { ...json, 'content-length': Buffer.byteLength(body) }, [body]);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect((await health()).status).toBe(200);
  });

  it('a body far over the limit (20 MB) is answered with Connection: close, and the next request gets a fresh connection', async () => {
    const body = hugeJson(20 * 1024 * 1024);
    const refused = await send(
      'POST',
      '/Applications',
      { ...json, authorization: `Bearer ${admin}`, 'content-length': Buffer.byteLength(body) },
      [body],
    );
    expect(refused.status).toBe(400);
    expect(refused.headers.connection).toBe('close');
    const next = await health();
    expect(next.status).toBe(200);
    expect(next.reused).toBe(false);
  });

  it('ten refusals in a row on one agent, each followed by a good answer', async () => {
    for (let i = 0; i < 10; i++) {
      const body = hugeJson(1024 * 1024 + i);
      await refusedThenNext(
        () =>
          send(
            'POST',
            '/Applications',
            { ...json, authorization: `Bearer ${admin}`, 'content-length': Buffer.byteLength(body) },
            [body],
          ),
        '400',
      );
    }
  });
});
