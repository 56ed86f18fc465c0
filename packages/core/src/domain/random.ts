// Random strings and PKCE (spec §4, §9; RFC 7636) over the Random and Digest ports.

import type { Digest, Random } from '../ports/ports.ts';

/** The 62 alphanumeric characters of spec §9. */
export const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Largest multiple of 62 that fits a byte: bytes at or above it are rejected (no modulo bias). */
const limit = 256 - (256 % alphabet.length);

/**
 * A string of `length` characters from the 62-character alphabet, drawn from CSPRNG bytes
 * of the Random port with rejection sampling (bytes ≥ 248 are discarded).
 */
export function randomString(random: Random, length: number): string {
  if (!Number.isInteger(length) || length < 0) throw new RangeError('length must be a non-negative integer');
  let out = '';
  let guard = 0;
  while (out.length < length) {
    const bytes = random.bytes(Math.max(16, Math.ceil((length - out.length) * 1.25)));
    for (const byte of bytes) {
      if (byte < limit) out += alphabet.charAt(byte % alphabet.length);
      if (out.length === length) break;
    }
    guard += 1;
    if (guard > 1000) throw new Error('random source yields no usable bytes');
  }
  return out;
}

function base64Url(bytes: Uint8Array): string {
  const table = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] as number;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    out += table.charAt(a >> 2);
    out += table.charAt(((a & 3) << 4) | ((b ?? 0) >> 4));
    if (b !== undefined) out += table.charAt(((b & 15) << 2) | ((c ?? 0) >> 6));
    if (c !== undefined) out += table.charAt(c & 63);
  }
  return out;
}

/** base64url without padding (RFC 4648 §5). */
export { base64Url };

function ascii(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i) & 0x7f;
  return bytes;
}

/** PKCE S256 challenge: BASE64URL(SHA256(ASCII(verifier))) (RFC 7636 §4.2). */
export async function pkceChallenge(digest: Digest, verifier: string): Promise<string> {
  return base64Url(await digest.sha256(ascii(verifier)));
}
