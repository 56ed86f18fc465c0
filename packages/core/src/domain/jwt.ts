// Reading (not verifying) a JWT's payload: for ID tokens this portal stored itself after
// the adapter verified them. Never used to trust a token from elsewhere.

const table = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function base64UrlDecode(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const ch of text) {
    buffer = (buffer << 6) | table.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(out);
}

/** The payload of a compact JWS as an unknown JSON value, or undefined when it is not one. */
export function readJwtPayload(token: string): unknown {
  const parts = token.split('.');
  const payload = parts.length === 3 ? parts[1] : undefined;
  if (payload === undefined || payload.length > 65_536) return undefined;
  const bytes = base64UrlDecode(payload);
  if (bytes === undefined) return undefined;
  try {
    const text = decodeURIComponent(Array.from(bytes, (b) => `%${b.toString(16).padStart(2, '0')}`).join(''));
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
