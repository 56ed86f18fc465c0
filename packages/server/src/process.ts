// The start and shutdown of either server's process (issue #31.5): each server's main is an
// Effect that holds its resources in a Scope (ADR 0026); these are the two Node calls it makes
// at the edges, each wrapped once there.
import type { Server } from 'node:http';

/**
 * The next of `signals` the process receives (SIGTERM from a supervisor, SIGINT from a
 * terminal); `abort` (the waiting fiber interrupted) removes the listeners and never settles.
 */
export function nextSignal(
  signals: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT'],
  abort?: AbortSignal,
): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const listeners = signals.map((signal) => [signal, () => done(signal)] as const);
    const stop = () => {
      for (const [signal, listener] of listeners) process.off(signal, listener);
    };
    const done = (signal: NodeJS.Signals) => {
      stop();
      resolve(signal);
    };
    for (const [signal, listener] of listeners) process.once(signal, listener);
    abort?.addEventListener('abort', stop, { once: true });
  });
}

/**
 * Stops an HTTP server: no new connection is accepted, idle keep-alive connections close at
 * once, requests under way may finish within `graceMs`, then every connection left is closed.
 * Resolves when the server has closed.
 */
export function closeHttpServer(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
