// Secrets at rest (#29.5): the sealed form, what opens and what fails closed, the key ring of
// API_SECRETS_KEYS and its rules in production.
import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';
import { isSealed, parseSecretKeys, secretBox, SecretsError } from './secrets.ts';

const keyA = randomBytes(32);
const keyB = randomBytes(32);
const ring = (...keys: [string, Buffer][]) => secretBox(keys.map(([id, key]) => ({ id, key })));
const failure = (run: () => unknown): SecretsError => {
  try {
    run();
  } catch (e) {
    if (e instanceof SecretsError) return e;
    throw e;
  }
  throw new Error('expected a SecretsError');
};

describe('a sealed value', () => {
  it('reads v1:<key id>:<iv>:<ciphertext>:<tag> and opens to the plain text in its context', () => {
    const box = ring(['a', keyA]);
    const sealed = box.seal('demo-webhook-secret', 'ctx');
    expect(sealed).toMatch(/^v1:a:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+:[A-Za-z0-9_-]{22}$/);
    expect(sealed).not.toContain('demo-webhook-secret');
    expect(isSealed(sealed)).toBe(true);
    expect(isSealed('demo-webhook-secret')).toBe(false);
    expect(box.keyIdOf(sealed)).toBe('a');
    expect(box.open(sealed, 'ctx')).toBe('demo-webhook-secret');
  });

  it('takes a fresh IV each time: the same text seals differently', () => {
    const box = ring(['a', keyA]);
    const values = new Set(Array.from({ length: 50 }, () => box.seal('same', 'ctx')));
    expect(values.size).toBe(50);
    expect(new Set([...values].map((v) => v.split(':')[2])).size).toBe(50);
  });

  it('round-trips any text, the empty one included', () => {
    const box = ring(['a', keyA]);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string(), (plain, context) => {
        expect(box.open(box.seal(plain, context), context)).toBe(plain);
      }),
      { numRuns: 300 },
    );
  });

  it('fails closed with a clear error under a wrong key, an unknown key, another context or a change', () => {
    const sealed = ring(['a', keyA]).seal('secret', 'ctx');
    const wrong = failure(() => ring(['a', keyB]).open(sealed, 'ctx'));
    expect(wrong.message).toBe(
      'the stored secret does not decrypt with key a (a different key under that id in API_SECRETS_KEYS, or a changed value)',
    );
    expect(failure(() => ring(['b', keyA]).open(sealed, 'ctx')).message).toBe(
      'the stored secret is encrypted with key a, which API_SECRETS_KEYS does not hold',
    );
    expect(failure(() => ring(['a', keyA]).open(sealed, 'other row')).message).toContain('does not decrypt with key a');
    // The key id is bound too: a value relabelled with another id of the ring does not open.
    const relabelled = sealed.replace(/^v1:a:/, 'v1:b:');
    expect(failure(() => ring(['a', keyA], ['b', keyA]).open(relabelled, 'ctx')).message).toContain(
      'does not decrypt with key b',
    );
    const [v, id, iv, ct = '', tag] = sealed.split(':');
    const flipped = `${ct.startsWith('A') ? 'B' : 'A'}${ct.slice(1)}`;
    expect(() => ring(['a', keyA]).open([v, id, iv, flipped, tag].join(':'), 'ctx')).toThrow(SecretsError);
    expect(failure(() => ring(['a', keyA]).open('secret', 'ctx')).message).toBe(
      'the stored secret is not an encrypted value',
    );
  });

  it('is sealed by the first key of the ring and opened by any (rotation)', () => {
    const old = ring(['old', keyA]).seal('secret', 'ctx');
    const rotating = ring(['new', keyB], ['old', keyA]);
    expect(rotating.open(old, 'ctx')).toBe('secret');
    const renewed = rotating.seal('secret', 'ctx');
    expect(rotating.keyIdOf(renewed)).toBe('new');
    expect(ring(['new', keyB]).open(renewed, 'ctx')).toBe('secret');
  });
});

describe('the key ring', () => {
  const encodedA = keyA.toString('base64');
  const encodedB = keyB.toString('base64');

  it('reads <id>=<base64> entries, the first one sealing', () => {
    const keys = parseSecretKeys(`k2=${encodedB}, k1=${encodedA}`);
    expect(keys.map((k) => k.id)).toEqual(['k2', 'k1']);
    expect(Buffer.from(keys[1]?.key ?? []).equals(keyA)).toBe(true);
    expect(secretBox(keys).keyIds).toEqual(['k2', 'k1']);
  });

  it('refuses a bad entry by a message that names no key material', () => {
    const cases: [string, string][] = [
      ['', 'API_SECRETS_KEYS holds no key'],
      [encodedA, 'API_SECRETS_KEYS entry 1 must read <id>=<base64 key>'],
      [`a:b=${encodedA}`, 'API_SECRETS_KEYS entry 1 must read <id>=<base64 key>'],
      [`k=${randomBytes(16).toString('base64')}`, 'API_SECRETS_KEYS key k must be 32 bytes in base64'],
      [`k=${encodedA.slice(0, -4)}!!!!`, 'API_SECRETS_KEYS key k must be 32 bytes in base64'],
      [`k=${encodedA},k=${encodedB}`, 'API_SECRETS_KEYS names key k twice'],
    ];
    for (const [text, message] of cases) {
      const e = failure(() => parseSecretKeys(text));
      expect(e.message).toContain(message);
      expect(e.message).not.toContain(encodedA.slice(0, 12));
      expect(e.message).not.toContain(encodedB.slice(0, 12));
    }
  });

  it('never shows its keys when printed or serialised', () => {
    const box = ring(['a', keyA]);
    for (const shown of [inspect(box), JSON.stringify({ box }), String(box)]) {
      expect(shown).toContain('a');
      expect(shown).not.toContain(keyA.toString('base64'));
      expect(shown).not.toContain(keyA.toString('hex'));
    }
  });
});

describe('API_SECRETS_KEYS in the configuration', () => {
  it('is required in production: the start stops with one clear line', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(
      'API_SECRETS_KEYS must be set in production: <id>=<base64 of 32 bytes>, e.g. k1=$(openssl rand -base64 32) (docs/webhooks.md)',
    );
  });

  it('refuses the public development key in production, by its id or its bytes', () => {
    const message = 'API_SECRETS_KEYS holds the public development key (id development): set a key of your own';
    expect(() =>
      readConfig({ NODE_ENV: 'production', API_SECRETS_KEYS: `development=${keyA.toString('base64')}` }),
    ).toThrow(message);
    const developmentBytes = Buffer.from('portal-api development key 2026!').toString('base64');
    expect(() => readConfig({ NODE_ENV: 'production', API_SECRETS_KEYS: `prod=${developmentBytes}` })).toThrow(message);
  });

  it('takes the keys of the environment, or outside production the development key', () => {
    const given = readConfig({
      NODE_ENV: 'production',
      IDP_CLIENT_SECRET: 'the portal server is a confidential client in production',
      API_SECRETS_KEYS: `p2=${keyB.toString('base64')}`,
    });
    expect(given.secrets.keyIds).toEqual(['p2']);
    expect(given.developmentSecretsKey).toBe(false);
    const development = readConfig({ NODE_ENV: 'development' });
    expect(development.secrets.keyIds).toEqual(['development']);
    expect(development.developmentSecretsKey).toBe(true);
    expect(() => readConfig({ API_SECRETS_KEYS: 'nonsense' })).toThrow(SecretsError);
  });
});
