// The Node HTTP server of the API (main.ts; the connection tests start the same one).
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AppEnv } from './context.ts';

export interface ListenOptions {
  port: number;
  hostname?: string;
  onListening?: (port: number) => void;
}

/** node:http's Server (serve() makes one unless it is given another `createServer`). */
export function listen(app: Hono<AppEnv>, options: ListenOptions): Server {
  return serve(
    {
      fetch: app.fetch,
      port: options.port,
      hostname: options.hostname ?? '0.0.0.0',
      // Access tokens of users with hundreds of permissions pass Node's default 16 KB of headers.
      serverOptions: { maxHeaderSize: 256 * 1024 },
    },
    (info) => options.onListening?.(info.port),
  ) as Server;
}
