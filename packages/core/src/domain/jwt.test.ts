import { describe, expect, it } from 'vitest';
import { readJwtPayload } from './jwt.ts';
import { base64Url } from './random.ts';

const utf8 = (text: string) => Uint8Array.from(unescape(encodeURIComponent(text)), (c) => c.charCodeAt(0));
const encode = (value: unknown) => base64Url(utf8(JSON.stringify(value)));

describe('readJwtPayload', () => {
  it('reads the payload of a compact JWS, including non-ASCII text', () => {
    expect(readJwtPayload(`h.${encode({ sub: 'u', name: 'Łukasz Żak' })}.s`)).toEqual({ sub: 'u', name: 'Łukasz Żak' });
  });
  it.each([
    ['two parts', 'a.b'],
    ['bad characters', 'h.a+b/.s'],
    ['impossible length', 'h.abcde.s'],
    ['not JSON', `h.${base64Url(utf8('not json'))}.s`],
    ['broken UTF-8', `h.${base64Url(Uint8Array.from([0xff, 0xfe]))}.s`],
    ['huge', `h.${'A'.repeat(70_000)}.s`],
  ])('%s → undefined', (_label, token) => {
    expect(readJwtPayload(token)).toBeUndefined();
  });
});
