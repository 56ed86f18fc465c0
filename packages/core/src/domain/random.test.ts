import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { alphabet, base64Url, pkceChallenge, randomString } from './random.ts';
import { createDigest, createScriptedRandom, createSeededRandom, sha256 } from '../testing/index.ts';

const text = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

describe('randomString', () => {
  it('uses the 62 alphanumeric characters', () => {
    expect(alphabet).toHaveLength(62);
    expect(new Set(alphabet).size).toBe(62);
    expect(alphabet).toMatch(/^[A-Za-z0-9]+$/);
  });

  it('draws state (16) and verifier (128) of the right length from the alphabet', () => {
    const random = createSeededRandom(7);
    expect(randomString(random, 16)).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(randomString(random, 128)).toMatch(/^[A-Za-z0-9]{128}$/);
    expect(randomString(random, 0)).toBe('');
  });

  it('rejects bytes 248..255 instead of folding them (rejection sampling, no modulo bias)', () => {
    // 248 % 62 === 0 would map to 'A' under plain modulo; it must be skipped.
    const random = createScriptedRandom([248, 255, 250, 0, 61, 62, 247]);
    expect(randomString(random, 4)).toBe('A9A9');
  });

  it('fails loudly when the source never yields a usable byte', () => {
    expect(() => randomString(createScriptedRandom([255]), 4)).toThrow(/no usable bytes/);
    expect(() => randomString(createSeededRandom(), -1)).toThrow(RangeError);
  });

  it('is uniform enough: every character appears over many draws', () => {
    const s = randomString(createSeededRandom(1), 62 * 200);
    for (const c of alphabet) expect(s.includes(c)).toBe(true);
  });

  it('always returns only alphabet characters (property)', () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 64 })
          .filter((b) => b.some((x) => x < 248)),
        fc.integer({ min: 0, max: 200 }),
        (bytes, length) => {
          const s = randomString(createScriptedRandom(bytes), length);
          return s.length === length && /^[A-Za-z0-9]*$/.test(s);
        },
      ),
    );
  });
});

describe('PKCE S256', () => {
  it('matches the RFC 7636 appendix B test vector', async () => {
    expect(await pkceChallenge(createDigest(), 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('base64url has no padding and uses - and _', () => {
    expect(base64Url(Uint8Array.from([0xfb, 0xff]))).toBe('-_8');
    expect(base64Url(Uint8Array.from([0x66]))).toBe('Zg');
    expect(base64Url(text('foobar'))).toBe('Zm9vYmFy');
    expect(base64Url(new Uint8Array())).toBe('');
  });
});

describe('in-memory SHA-256', () => {
  it('matches the FIPS 180-2 vectors', () => {
    expect(hex(sha256(text('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hex(sha256(text('')))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex(sha256(text('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });
});
