// A request body read up to its limit, and the drain of a refused one (#17.8, #31.2): both servers
// (the API's body limits, the portal server's proxy) read bodies through this one function.
//
// A body over its limit is still read and dropped, up to `refusedBodyDrainBytes` in all and for
// `refusedBodyDrainMs` at most, before the refusal: a client still sending then reads the answer
// instead of a reset on its write, and the connection can carry the next request (a lingering
// close, as web servers do). A body declared larger than that is not read at all, and one sent so
// slowly that it would hold the request open is cut off: `drained` is then false, and the caller
// answers with `Connection: close`.

/**
 * How much of a refused body is read and dropped, in all (bytes). One cap for both servers: the
 * largest body either accepts is the logo upload (2 MB and its multipart envelope), so a client
 * that overshoots by a few times still gets its refusal on a usable connection.
 */
export const refusedBodyDrainBytes = 8 * 1024 * 1024;
/** How long a refused body is read at most (ms). */
export const refusedBodyDrainMs = 3000;

export type BoundedBody =
  | { readonly kind: 'read'; readonly bytes: Uint8Array<ArrayBuffer> }
  /** Over the limit; `drained`: the rest was read to its end within the drain's bounds. */
  | { readonly kind: 'tooLarge'; readonly drained: boolean };

/** Reads and drops the rest of a refused body; true when it ended within the drain's bounds. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number): Promise<boolean> {
  let total = alreadyRead;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), refusedBodyDrainMs);
  });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), timeout]);
      if (next === 'timeout') return false;
      if (next.done) return true;
      total += next.value.byteLength;
      if (total > refusedBodyDrainBytes) return false;
    }
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    reader.cancel().catch(() => undefined);
  }
}

/**
 * The body read whole when it is at most `limit` bytes; else refused (`tooLarge`) — at once when
 * `declaredLength` (the request's Content-Length, when it has one and is not chunked) is over the
 * limit, otherwise as soon as the bytes read pass it — after the drain above.
 */
export async function readBoundedBody(
  body: ReadableStream<Uint8Array>,
  limit: number,
  declaredLength?: number,
): Promise<BoundedBody> {
  const reader = body.getReader();
  if (declaredLength !== undefined && Number.isFinite(declaredLength) && declaredLength > limit) {
    if (declaredLength <= refusedBodyDrainBytes) return { kind: 'tooLarge', drained: await drain(reader, 0) };
    await reader.cancel().catch(() => undefined);
    return { kind: 'tooLarge', drained: false };
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) return { kind: 'tooLarge', drained: await drain(reader, size) };
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { kind: 'read', bytes };
}
