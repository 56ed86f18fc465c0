// Body size limits that leave the connection usable (#17.8). A refused body is read to its end
// and dropped by the servers' shared `readBoundedBody` (@portal/server: up to its drain cap, for
// at most its drain time), so the 400 goes out on a connection that carries the next request as
// well. A body larger still is not read: the 400 then says `Connection: close`, so no client sends
// another request on that connection.
import type { Context, MiddlewareHandler } from 'hono';
import { readBoundedBody } from '@portal/server';
import type { ApiError } from './errors.ts';

function refuse(c: Context, drained: boolean, error: () => ApiError): never {
  if (!drained) c.header('Connection', 'close');
  throw error();
}

/** Refuses a body over `maxSize` bytes with `error()`, keeping the connection usable when it can. */
export function limitBody(maxSize: number, error: () => ApiError): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const length = c.req.header('content-length');
    const declared = length !== undefined && !c.req.raw.headers.has('transfer-encoding') ? Number(length) : undefined;
    // A declared length within the limit: the body is read where it is used.
    if (declared !== undefined && !(declared > maxSize)) return next();
    // Over it, or chunked: read here, up to the limit.
    const read = await readBoundedBody(body, maxSize, declared);
    if (read.kind === 'tooLarge') refuse(c, read.drained, error);
    c.req.raw = new Request(c.req.raw, { body: read.bytes });
    return next();
  };
}
