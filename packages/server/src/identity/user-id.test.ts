import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { directoryUserId, userIdNamespace, uuidPattern } from './user-id.ts';

const lemon = 'http://127.0.0.1:4160';
const keycloak = 'https://sso.example.com/realms/hk';

describe('directoryUserId', () => {
  it('keeps a subject that is a UUID, lower-cased, whatever the issuer', () => {
    const b2c = '775527FF-9A37-4307-8B3D-CC311F58D925';
    expect(directoryUserId('https://contoso.b2clogin.com/t/v2.0/', b2c)).toBe(b2c.toLowerCase());
    expect(directoryUserId(lemon, b2c)).toBe(b2c.toLowerCase());
    // Any version, as the contract's Uuid accepts it (the demo accounts' ids are of version 4, a nil-like one too).
    expect(directoryUserId(lemon, '00000000-0000-0000-0000-000000000006')).toBe('00000000-0000-0000-0000-000000000006');
  });

  it('gives any other subject a version 5 UUID of its issuer and itself, the same every time', () => {
    const id = directoryUserId(lemon, 'dwho');
    expect(id).toMatch(uuidPattern);
    expect(id).toBe(id.toLowerCase());
    expect(id[14]).toBe('5');
    expect(directoryUserId(lemon, 'dwho')).toBe(id);
    expect(directoryUserId(lemon, 'rtyler')).not.toBe(id);
    // The case of a user name is the provider's to decide: another spelling is another subject.
    expect(directoryUserId(lemon, 'DWho')).not.toBe(id);
  });

  it('gives the same user name at two issuers two ids', () => {
    expect(directoryUserId(keycloak, 'dwho')).not.toBe(directoryUserId(lemon, 'dwho'));
    expect(directoryUserId(`${lemon}/`, 'dwho')).not.toBe(directoryUserId(lemon, 'dwho'));
  });

  it('is RFC 9562 §5.5: SHA-1 of the namespace and `issuer LF subject`, version and variant set', () => {
    // Computed apart from the library, so that a change of either (library, namespace, name) shows.
    const namespace = Buffer.from(userIdNamespace.replaceAll('-', ''), 'hex');
    const hash = createHash('sha1')
      .update(Buffer.concat([namespace, Buffer.from(`${lemon}\ndwho`, 'utf8')]))
      .digest();
    const bytes = hash.subarray(0, 16);
    bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
    bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
    const hex = bytes.toString('hex');
    const expected = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    expect(directoryUserId(lemon, 'dwho')).toBe(expected);
  });
});
