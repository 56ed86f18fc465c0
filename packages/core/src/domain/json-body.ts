// The limits of a JSON request body, one rule for both servers (issue #28.2): the API reads every
// JSON body with them, and the portal server refuses a body over them before it goes upstream.
// A body nested deeper than `jsonBodyMaxDepth` is refused before it is parsed: parsing is fast at
// any depth, but everything that walks the parsed value afterwards (checks, copies, the contract's
// validator) pays for every level, and no request of the contract nests beyond a handful.

/** A JSON body's largest size in bytes (1 MiB). */
export const jsonBodyMaxBytes = 1024 * 1024;

/** How deep arrays and objects may nest in a JSON body (the top-level value is depth 1). */
export const jsonBodyMaxDepth = 64;

/** Whether a body of this content type is read as JSON (the API reads no other type as JSON). */
export const isJsonContentType = (contentType: string | null | undefined): boolean =>
  /^application\/json\b/i.test(contentType ?? '');

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether JSON text (its UTF-8 bytes) nests arrays and objects deeper than `maxDepth`: one pass
 * over the bytes that stops at the first level too deep; brackets inside strings do not count.
 * Bytes of the structure are ASCII, which UTF-8 never uses inside a multi-byte character, so the
 * bytes need no decoding. Text that is not JSON is not judged here (false): the parser refuses it.
 */
export function jsonNestsTooDeep(bytes: Uint8Array, maxDepth: number = jsonBodyMaxDepth): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      depth++;
      if (depth > maxDepth) return true;
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      depth--;
      // More closed than opened: not JSON.
      if (depth < 0) return false;
    }
  }
  return false;
}
