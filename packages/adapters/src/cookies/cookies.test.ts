import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AuthStateData } from '@portal/core';
import { authCookiePrefix } from '@portal/core';
import { createDocumentCookieJar, createMemoryCookieJar, parseCookies, serializeCookie } from './jar.ts';
import { createCookieAuthStateStore } from './auth-state-store.ts';
import { createCookieLocaleStore } from '../locale/locale-store.ts';
import { CookieWriteError } from './errors.ts';
import { parseRequestCookies } from './request-jar.ts';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const word = (length: number, seed: number) =>
  Array.from({ length }, (_, i) => alphabet[(seed * 7 + i * 13) % 62]).join('');
const stateOf = (n: number) => word(16, n);

const data = (n: number): AuthStateData => ({
  tokenPolicyData: {
    client_id: 'hk-portal',
    scope: 'openid offline_access api://portal-api/access',
    redirect_uri: 'https://portal.example/auth/login',
    code_verifier: word(128, n),
  },
  tokenPolicyUrl: 'https://idp.example/b2c_1a_signin/oauth2/v2.0/token',
  nonce: word(32, n + 1),
  extraData: { flow: 'signIn', referrer: `/page/${n}` },
});

function setup() {
  let now = Date.UTC(2026, 0, 15, 9);
  const jar = createMemoryCookieJar({ now: () => now });
  return {
    jar,
    store: createCookieAuthStateStore(jar),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('auth state store', () => {
  it('writes one cookie per state: prefix, path /, Secure, SameSite Lax, Max-Age 600', async () => {
    const { jar, store } = setup();
    await store.save(stateOf(1), data(1));
    const [cookie] = jar.cookies();
    expect(cookie).toMatchObject({
      name: `${authCookiePrefix}${stateOf(1)}`,
      path: '/',
      secure: true,
      sameSite: 'lax',
    });
    expect(cookie?.expiresAt).toBe(Date.UTC(2026, 0, 15, 9) + 600_000);
    expect(JSON.parse(decodeURIComponent(cookie?.value ?? ''))).toEqual({ count: 1, data: data(1) });
  });

  it('take = read and delete: a second take finds nothing', async () => {
    const { jar, store } = setup();
    await store.save(stateOf(1), data(1));
    expect(await store.take(stateOf(1))).toEqual(data(1));
    expect(jar.cookies()).toEqual([]);
    expect(await store.take(stateOf(1))).toBeUndefined();
  });

  it('a record expires after 10 minutes', async () => {
    const { store, advance } = setup();
    await store.save(stateOf(1), data(1));
    advance(600_001);
    expect(await store.take(stateOf(1))).toBeUndefined();
  });

  it('five concurrent sign-ins: the oldest is dropped by count, the other four finish', async () => {
    const { jar, store } = setup();
    await Promise.all([1, 2, 3, 4, 5].map((n) => store.save(stateOf(n), data(n))));
    expect(jar.cookies().map((c) => c.name)).toEqual([2, 3, 4, 5].map((n) => authCookiePrefix + stateOf(n)));
    expect(await store.take(stateOf(1))).toBeUndefined();
    for (const n of [2, 3, 4, 5]) expect(await store.take(stateOf(n))).toEqual(data(n));
  });

  it('counts keep rising after takes, so the oldest is always the one dropped', async () => {
    const { jar, store } = setup();
    for (const n of [1, 2, 3, 4]) await store.save(stateOf(n), data(n));
    await store.take(stateOf(4));
    for (const n of [5, 6]) await store.save(stateOf(n), data(n));
    expect(jar.cookies().map((c) => c.name)).toEqual([2, 3, 5, 6].map((n) => authCookiePrefix + stateOf(n)));
    const counts = jar.cookies().map((c) => (JSON.parse(decodeURIComponent(c.value)) as { count: number }).count);
    expect(counts).toEqual([2, 3, 4, 5]);
  });

  it.each([
    ['bad JSON', '%7Bnot-json'],
    ['a broken escape', '%E0%A4%A'],
    [
      'a wrong verifier length',
      encodeURIComponent(
        JSON.stringify({
          count: 1,
          data: { ...data(1), tokenPolicyData: { ...data(1).tokenPolicyData, code_verifier: 'short' } },
        }),
      ),
    ],
    ['a short nonce', encodeURIComponent(JSON.stringify({ count: 1, data: { ...data(1), nonce: 'x' } }))],
    ['no count', encodeURIComponent(JSON.stringify({ data: data(1) }))],
  ])('a tampered record (%s) counts as missing and is deleted', async (_label, value) => {
    const { jar, store } = setup();
    jar.write(serializeCookie(authCookiePrefix + stateOf(1), value, { path: '/' }));
    expect(await store.take(stateOf(1))).toBeUndefined();
    expect(jar.cookies()).toEqual([]);
  });

  it('foreign cookies with the prefix (wrong state length) are deleted when saving, and never counted', async () => {
    const { jar, store } = setup();
    jar.write(
      serializeCookie(`${authCookiePrefix}tooShort`, encodeURIComponent(JSON.stringify({ count: 99, data: data(9) })), {
        path: '/',
      }),
    );
    jar.write(serializeCookie(`${authCookiePrefix}${stateOf(8)}`, 'garbage', { path: '/' }));
    jar.write(serializeCookie('other', 'kept', { path: '/' }));
    await store.save(stateOf(1), data(1));
    expect(jar.cookies().map((c) => c.name)).toEqual(['other', authCookiePrefix + stateOf(1)]);
    expect(JSON.parse(decodeURIComponent(jar.cookies()[1]?.value ?? ''))).toMatchObject({ count: 1 });
  });

  it('a malformed state is refused on save and never looked up on take', async () => {
    const { store } = setup();
    await expect(store.save('short', data(1))).rejects.toThrow(TypeError);
    expect(await store.take('../../x')).toBeUndefined();
  });

  it('a write that does not stick is an error', async () => {
    const store = createCookieAuthStateStore(createMemoryCookieJar({ refuseWrites: true }));
    await expect(store.save(stateOf(1), data(1))).rejects.toBeInstanceOf(CookieWriteError);
  });
});

describe('locale cookie', () => {
  it('i18n_redirected: 365 days, Secure, SameSite None', () => {
    const jar = createMemoryCookieJar({ now: () => 0 });
    const store = createCookieLocaleStore(jar);
    expect(store.read()).toBeUndefined();
    store.write('fr');
    expect(jar.cookies()).toEqual([
      { name: 'i18n_redirected', value: 'fr', path: '/', secure: true, sameSite: 'none', expiresAt: 365 * 86_400_000 },
    ]);
    expect(store.read()).toBe('fr');
  });

  it('only languages of the allow-list are read or written', () => {
    const jar = createMemoryCookieJar();
    const store = createCookieLocaleStore(jar);
    jar.write(serializeCookie('i18n_redirected', 'xx', {}));
    expect(store.read()).toBeUndefined();
    store.write('de; Domain=evil' as 'de');
    expect(parseCookies(jar.read()).get('i18n_redirected')).toBe('xx');
  });
});

describe('jar', () => {
  it('the document jar reads and writes document.cookie', () => {
    const doc = { cookie: 'a=1' };
    const jar = createDocumentCookieJar(doc);
    expect(jar.read()).toBe('a=1');
    jar.write('b=2; Path=/');
    expect(doc.cookie).toBe('b=2; Path=/');
  });

  it('drops a cookie over 4,096 bytes silently, as browsers do', () => {
    const jar = createMemoryCookieJar();
    jar.write(serializeCookie('big', 'x'.repeat(4096), {}));
    expect(jar.read()).toBe('');
    expect(jar.dropped).toEqual(['big']);
  });

  it('serialises attributes', () => {
    expect(serializeCookie('a', 'b', { sameSite: 'strict', secure: false })).toBe('a=b; Path=/; SameSite=Strict');
    expect(parseCookies(' a=1; b=2=3; a=4; c')).toEqual(
      new Map([
        ['a', '1'],
        ['b', '2=3'],
        ['', 'c'],
      ]),
    );
  });
});

describe('the browser parser (first route) and the `cookie` package (server)', () => {
  it('read every well-formed Cookie header alike: names, values as sent, the first of a name', () => {
    const token = fc.stringMatching(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,12}$/);
    const octets = fc.stringMatching(/^[A-Za-z0-9!#$%&'()*+\-./:<=>?@[\]^_`{|}~]{0,20}$/);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(token, octets), { maxLength: 8 }),
        fc.constantFrom('; ', ';'),
        (pairs, separator) => {
          const header = pairs.map(([name, value]) => `${name}=${value}`).join(separator);
          expect(parseCookies(header)).toEqual(parseRequestCookies(header));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
