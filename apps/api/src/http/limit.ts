// Body size limits that leave the connection usable (#17.8). A refused body is read to its end
// and dropped (up to DRAIN_BYTES in all, for at most DRAIN_MS), so the 400 goes out on a
// connection that carries the next request as well. A body larger still is not read: the 400
// then says `Connection: close`, so no client sends another request on that connection.
import type { Context, MiddlewareHandler } from 'hono';
import type { ApiError } from './errors.ts';

/** Read and dropped beyond a limit before the connection is given up instead. */
const DRAIN_BYTES = 16 * 1024 * 1024;
const DRAIN_MS = 3000;

/** Reads the rest of a stream and drops it; true when it ended within the bounds. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number): Promise<boolean> {
  let total = alreadyRead;
  const deadline = Date.now() + DRAIN_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), DRAIN_MS);
  });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), timeout]);
      if (next === 'timeout') return false;
      if (next.done) return true;
      total += next.value.byteLength;
      if (total > DRAIN_BYTES || Date.now() > deadline) return false;
    }
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    reader.cancel().catch(() => undefined);
  }
}

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
    if (length !== undefined && !c.req.raw.headers.has('transfer-encoding')) {
      const declared = Number(length);
      if (!(declared > maxSize)) return next();
      // Not worth reading when it is far too large: close instead.
      refuse(c, declared <= DRAIN_BYTES && (await drain(body.getReader(), 0)), error);
    }
    // Chunked: read it here, up to the limit.
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxSize) refuse(c, await drain(reader, size), error);
      chunks.push(value);
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    c.req.raw = new Request(c.req.raw, { body: bytes });
    return next();
  };
}
