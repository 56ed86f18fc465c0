import { describe, expect, it } from 'vitest';
import { parseQuery, splitUrl } from './url.ts';
import { buildQuery, originOf, thirdPartyLoginUrl, withoutQuery, withoutQueryParams } from './url-build.ts';
import { isSafeReturnPath, returnPathFromUrl, safeReturnPath } from './return-path.ts';

describe('url helpers', () => {
  it('splits absolute and relative URLs', () => {
    expect(splitUrl('http://a.test:1/p/q?x=1&y#h')).toEqual({
      origin: 'http://a.test:1',
      path: '/p/q',
      query: 'x=1&y',
      hash: 'h',
    });
    expect(splitUrl('/p?x')).toEqual({ origin: '', path: '/p', query: 'x', hash: '' });
  });
  it('parses queries, keeping repeated names and skipping broken encodings', () => {
    const q = parseQuery('?code=a&code=b&state=s%20t&x+y=1&bad=%E0%A4%A&empty&&');
    expect(q.get('code')).toEqual(['a', 'b']);
    expect(q.get('state')).toEqual(['s t']);
    expect(q.get('x y')).toEqual(['1']);
    expect(q.has('bad')).toBe(false);
    expect(q.get('empty')).toEqual(['']);
  });
  it('builds queries and removes parameters', () => {
    expect(buildQuery([['a b', 'c&d']])).toBe('a%20b=c%26d');
    expect(withoutQueryParams('http://h/auth/login?code=1&state=2&lang=de#x', ['code', 'state'])).toBe(
      'http://h/auth/login?lang=de#x',
    );
    expect(withoutQueryParams('http://h/auth/login?code=1&state=2&%E0=1', ['code', 'state'])).toBe(
      'http://h/auth/login?%E0=1',
    );
    expect(withoutQueryParams('/p?code', ['code'])).toBe('/p');
    expect(withoutQuery('http://h/p?x=1#y')).toBe('http://h/p#y');
    expect(withoutQuery('/p?x=1')).toBe('/p');
  });
  it('finds the origin of http(s) URLs only', () => {
    expect(originOf('HTTP://Example.COM:80/x')).toBe('http://example.com:80');
    expect(originOf('https://a.test')).toBe('https://a.test');
    expect(originOf('https://user@evil.test/')).toBeUndefined();
    expect(originOf('javascript:alert(1)')).toBeUndefined();
  });
});

describe('return-path rule: same-origin paths only', () => {
  it.each(['/', '/admin/users?page=2#top', '/settings/applications/a1', '/flows/auth?client_id=x%2Fy'])(
    'accepts %s',
    (p) => {
      expect(isSafeReturnPath(p)).toBe(true);
    },
  );
  it.each([
    '',
    '//evil.test',
    '/\\evil.test',
    '\\\\evil.test',
    '/%2Fevil.test',
    '/%5Cevil.test',
    '%2F%2Fevil.test',
    '/%252F%252Fevil.test',
    'https://evil.test/',
    'http:evil.test',
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    '/javascript:alert(1)',
    'data:text/html,x',
    ' /admin',
    '/\t/evil.test',
    '/%09/evil.test',
    '/%0a',
    'admin',
    '/%E0%A4%A',
    `/${'a'.repeat(3000)}`,
    '/%25252525252F%25252525252Fevil',
  ])('refuses %j', (p) => {
    expect(isSafeReturnPath(p)).toBe(false);
  });
  it('falls back when unsafe', () => {
    expect(safeReturnPath('//evil.test')).toBe('/');
    expect(safeReturnPath(undefined, '/home')).toBe('/home');
    expect(safeReturnPath('/ok')).toBe('/ok');
  });
  it('turns absolute URLs on our origin into paths, refusing other origins', () => {
    const origin = 'http://localhost:5173';
    expect(returnPathFromUrl('http://localhost:5173/admin?x=1', origin)).toBe('/admin?x=1');
    expect(returnPathFromUrl('http://localhost:5173', origin)).toBe('/');
    expect(returnPathFromUrl('http://localhost:5173?x=1', origin)).toBe('/?x=1');
    expect(returnPathFromUrl('/admin', origin)).toBe('/admin');
    expect(returnPathFromUrl('http://localhost:5173.evil.test/', origin)).toBeUndefined();
    expect(returnPathFromUrl('http://localhost:5173@evil.test/', origin)).toBeUndefined();
    expect(returnPathFromUrl('https://evil.test/', origin)).toBeUndefined();
  });
});

describe('return-path rule against the WHATWG URL parser (property)', () => {
  const Url = (globalThis as unknown as { URL: new (input: string, base: string) => { origin: string } }).URL;
  const origin = 'http://localhost:5173';
  const pieces = [
    '/',
    '//',
    '\\',
    '%2F',
    '%5C',
    '%252F',
    'evil.test',
    'javascript:',
    'data:',
    '@',
    '?',
    '#',
    '.',
    '..',
    'a',
    ':',
    '\t',
    '%09',
    'http:',
    ' ',
  ];

  it('every accepted path resolves on our origin', async () => {
    const fc = (await import('fast-check')).default;
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 8 }), (parts) => {
        const path = parts.join('');
        if (!isSafeReturnPath(path)) return true;
        return new Url(path, `${origin}/auth/login`).origin === origin;
      }),
      { numRuns: 1000 },
    );
  });

  it('every accepted arbitrary string resolves on our origin', async () => {
    const fc = (await import('fast-check')).default;
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (tail) => {
        const path = `/${tail}`;
        return !isSafeReturnPath(path) || new Url(path, `${origin}/x`).origin === origin;
      }),
      { numRuns: 1000 },
    );
  });
});

describe('third-party initiated login (OpenID Connect Core §4, #30.5)', () => {
  const issuer = 'http://localhost:4001/b2c_1a_signin/v2.0';
  interface Params {
    get(name: string): string | null;
    getAll(name: string): string[];
    has(name: string): boolean;
  }
  // The WHATWG parser (core's types have no DOM): what a browser and the client read.
  const Url = (globalThis as unknown as { URL: new (input: string) => { searchParams: Params; hash: string } }).URL;

  it('hands iss and target_link_uri to the initiate-login URL, encoded', () => {
    const url = thirdPartyLoginUrl('https://shop.test/login-initiate', {
      issuer,
      targetLinkUri: 'https://shop.test/orders?id=1&x=a b',
    });
    expect(url).toBe(
      `https://shop.test/login-initiate?iss=${encodeURIComponent(issuer)}&target_link_uri=${encodeURIComponent('https://shop.test/orders?id=1&x=a b')}`,
    );
    const params = new Url(url ?? '').searchParams;
    expect(params.get('iss')).toBe(issuer);
    expect(params.get('target_link_uri')).toBe('https://shop.test/orders?id=1&x=a b');
    expect(params.has('login_hint')).toBe(false);
  });

  it("keeps the address's own parameters and hash, replaces those of the protocol, adds a login hint when given", () => {
    const url =
      thirdPartyLoginUrl('https://login.shop.test/oidc/initiate?tenant=a&iss=https://evil.test&target_link_uri=x#top', {
        issuer,
        targetLinkUri: 'https://shop.test/',
        loginHint: 'dana@hk-demo.test',
      }) ?? '';
    const parsed = new Url(url);
    expect(url.startsWith('https://login.shop.test/oidc/initiate?tenant=a&iss=')).toBe(true);
    expect(parsed.searchParams.getAll('iss')).toEqual([issuer]);
    expect(parsed.searchParams.getAll('target_link_uri')).toEqual(['https://shop.test/']);
    expect(parsed.searchParams.get('login_hint')).toBe('dana@hk-demo.test');
    expect(parsed.hash).toBe('#top');
  });

  it.each([
    ['javascript:alert(1)', 'https://shop.test/'],
    ['/login-initiate', 'https://shop.test/'],
    ['//shop.test/login-initiate', 'https://shop.test/'],
    ['https://user@shop.test/login-initiate', 'https://shop.test/'],
    ['https://shop.test/login-initiate', '/orders'],
    ['https://shop.test/login-initiate', 'javascript:alert(1)'],
  ])('is undefined for %j towards %j', (initiateLoginUri, targetLinkUri) => {
    expect(thirdPartyLoginUrl(initiateLoginUri, { issuer, targetLinkUri })).toBeUndefined();
  });
});
