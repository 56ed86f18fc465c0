// The Node HTTP server of the API (main.ts; the connection tests start the same one).
import { serve } from '@hono/node-server';
import type { ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AppEnv } from './context.ts';

export interface ListenOptions {
  port: number;
  hostname?: string;
  onListening?: (port: number) => void;
}

export function listen(app: Hono<AppEnv>, options: ListenOptions): ServerType {
  return serve(
    {
      fetch: app.fetch,
      port: options.port,
      hostname: options.hostname ?? '0.0.0.0',
      // Access tokens of users with hundreds of permissions pass Node's default 16 KB of headers.
      serverOptions: { maxHeaderSize: 256 * 1024 },
    },
    (info) => options.onListening?.(info.port),
  );
}
