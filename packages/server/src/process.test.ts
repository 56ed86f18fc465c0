// The edges of both servers' mains: the next signal (its listeners gone once it came or the wait
// was aborted) and the close of an HTTP server (a request under way finishes within the grace
// time, one that outlasts it is cut, nothing new is accepted).
import { createServer, request, type Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import { closeHttpServer, nextSignal } from './process.ts';

describe('nextSignal', () => {
  it('answers the signal that came, and leaves no listener behind', async () => {
    const before = process.listenerCount('SIGUSR2');
    const next = nextSignal(['SIGUSR2', 'SIGWINCH']);
    expect(process.listenerCount('SIGUSR2')).toBe(before + 1);
    process.kill(process.pid, 'SIGUSR2');
    expect(await next).toBe('SIGUSR2');
    expect(process.listenerCount('SIGUSR2')).toBe(before);
    expect(process.listenerCount('SIGWINCH')).toBe(0);
  });

  it('removes its listeners when the wait is aborted', async () => {
    const abort = new AbortController();
    void nextSignal(['SIGUSR2'], abort.signal);
    expect(process.listenerCount('SIGUSR2')).toBe(1);
    abort.abort();
    expect(process.listenerCount('SIGUSR2')).toBe(0);
  });
});

/** A server whose answers wait `delayMs` (never: -1). */
async function serverAnswering(delayMs: number): Promise<{ server: Server; port: number }> {
  const server = createServer((_req, res) => {
    if (delayMs >= 0) setTimeout(() => res.end('done'), delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, port: typeof address === 'object' && address !== null ? address.port : 0 };
}

/** One GET: its body, or the error's code. */
const get = (port: number) =>
  new Promise<string>((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve(body));
      res.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });

describe('closeHttpServer', () => {
  it('lets a request under way finish within the grace time and accepts nothing new', async () => {
    const { server, port } = await serverAnswering(200);
    const underWay = get(port);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = closeHttpServer(server, 5_000);
    expect(await get(port)).toBe('ECONNREFUSED');
    expect(await underWay).toBe('done');
    await closed;
  });

  it('cuts a request that outlasts the grace time', async () => {
    const { server, port } = await serverAnswering(-1);
    const hanging = get(port);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await closeHttpServer(server, 100);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await hanging).toBe('ECONNRESET');
  });
});
