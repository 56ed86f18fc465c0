import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isJsonContentType, jsonBodyMaxDepth, jsonNestsTooDeep } from './json-body.ts';

/** UTF-8 bytes (core has no TextEncoder type: the same helper as jwt.test.ts). */
const bytes = (text: string) => Uint8Array.from(unescape(encodeURIComponent(text)), (c) => c.charCodeAt(0));

/** The nesting depth of a parsed JSON value, counted the way the scan counts it. */
function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (typeof value === 'object' && value !== null) return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('jsonNestsTooDeep', () => {
  it('refuses one level beyond the limit and accepts the limit', () => {
    expect(jsonNestsTooDeep(bytes(nested(jsonBodyMaxDepth)))).toBe(false);
    expect(jsonNestsTooDeep(bytes(nested(jsonBodyMaxDepth + 1)))).toBe(true);
    expect(jsonNestsTooDeep(bytes(`{"a":${nested(jsonBodyMaxDepth)}}`))).toBe(true);
    expect(jsonNestsTooDeep(bytes(nested(20_000)))).toBe(true);
  });

  it('counts no bracket inside a string, escaped quotes included', () => {
    const inString = `{"a":"${'['.repeat(500)}\\"${'{'.repeat(500)}\\\\","b":[1]}`;
    expect(JSON.parse(inString)).toBeTruthy();
    expect(jsonNestsTooDeep(bytes(inString), 2)).toBe(false);
    expect(jsonNestsTooDeep(bytes('["\\\\",[[1]]]'), 2)).toBe(true);
  });

  it('reads multi-byte characters without decoding them', () => {
    expect(jsonNestsTooDeep(bytes('{"ä€😀":["ü[{"]}'), 2)).toBe(false);
    expect(jsonNestsTooDeep(bytes('{"ä€😀":[["ü"]]}'), 2)).toBe(true);
  });

  it('does not judge text that is not JSON', () => {
    expect(jsonNestsTooDeep(bytes(`]${nested(100)}`), 10)).toBe(false);
    expect(jsonNestsTooDeep(bytes(''), 1)).toBe(false);
    expect(jsonNestsTooDeep(bytes('"unterminated [[[['), 1)).toBe(false);
  });

  it('agrees with the depth of the parsed value for any JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 10 }), (value, max) => {
        const text = JSON.stringify(value);
        expect(jsonNestsTooDeep(bytes(text), max)).toBe(depthOf(value) > max);
        expect(jsonNestsTooDeep(bytes(JSON.stringify(value, null, 2)), max)).toBe(depthOf(value) > max);
      }),
    );
  });
});

describe('isJsonContentType', () => {
  it('is application/json with or without parameters, in any case', () => {
    expect(isJsonContentType('application/json')).toBe(true);
    expect(isJsonContentType('Application/JSON; charset=utf-8')).toBe(true);
    expect(isJsonContentType('multipart/form-data; boundary=x')).toBe(false);
    expect(isJsonContentType('text/plain')).toBe(false);
    expect(isJsonContentType(null)).toBe(false);
  });
});
