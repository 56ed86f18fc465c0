import { describe, expect, it } from 'vitest';
// Covers claims.ts and token-answers.ts: their decoders share the rejection table below.
import {
  decodeHkData,
  decodeIdTokenClaims,
  decodeStoredSession,
  signedInUserFromClaims,
  withDirectoryData,
} from './claims.ts';
import {
  checkIdTokenClaims,
  decodeAuthStateData,
  decodeAuthStateRecord,
  decodeRefreshResponse,
  decodeTokenResponse,
  isWellFormedState,
} from './token-answers.ts';
import type { AuthStateData } from './auth.ts';
import { createMemoryAuthStateStore } from '../testing/index.ts';
import type { UserIds } from '../ports/ports.ts';

const none = { attributes: { firstName: '', lastName: '' }, permissions: [], internal: false };

describe('hkData fails closed', () => {
  it('decodes a good object or JSON string', () => {
    const data = {
      attributes: { firstName: ' Greta ', lastName: 'Gruber', extra: 1 },
      permissions: ['roles.read', 'roles.read'],
      internal: true,
    };
    expect(decodeHkData(data)).toEqual({
      attributes: { firstName: 'Greta', lastName: 'Gruber' },
      permissions: ['roles.read'],
      internal: true,
    });
    expect(decodeHkData(JSON.stringify(data)).permissions).toEqual(['roles.read']);
  });
  it.each([
    ['absent', undefined],
    ['null', null],
    ['a number', 42],
    ['broken JSON', '{"permissions":['],
    ['huge JSON', JSON.stringify({ permissions: Array.from({ length: 5000 }, (_, i) => `p${i}`) })],
    ['an array', ['roles.read']],
  ])('%s → no permissions', (_label, raw) => {
    expect(decodeHkData(raw)).toEqual(none);
  });
  it.each([
    ['permissions of the wrong type', { permissions: 'roles.read' }],
    ['a non-string permission', { permissions: ['roles.read', 1] }],
    ['too many permissions', { permissions: Array.from({ length: 501 }, (_, i) => `p${i}`) }],
    ['an overlong permission', { permissions: ['x'.repeat(201)] }],
  ])('%s → no permissions, names kept', (_label, raw) => {
    expect(decodeHkData({ ...raw, attributes: { firstName: 'A', lastName: 7 } })).toEqual({
      attributes: { firstName: 'A', lastName: '' },
      permissions: [],
      internal: false,
    });
  });
});

const now = 1_768_467_600_000;
const claims = {
  iss: 'https://idp/',
  sub: 'u1',
  aud: 'hk-portal',
  exp: now / 1000 + 3600,
  iat: now / 1000,
  nonce: 'n'.repeat(32),
};
const expect_ = { issuer: 'https://idp/', clientId: 'hk-portal', nonce: 'n'.repeat(32), now };

describe('ID token claims', () => {
  it('accepts good claims (aud as string or list with azp)', () => {
    expect(checkIdTokenClaims(claims, expect_).ok).toBe(true);
    expect(checkIdTokenClaims({ ...claims, aud: ['hk-portal', 'api'], azp: 'hk-portal' }, expect_).ok).toBe(true);
    expect(checkIdTokenClaims({ ...claims, nonce: undefined }, { ...expect_, nonce: undefined }).ok).toBe(true);
  });
  it.each([
    ['malformed', { ...claims, sub: '' }],
    ['malformed', { ...claims, iss: undefined }],
    ['malformed', null],
    ['issuer', { ...claims, iss: 'https://evil/' }],
    ['audience', { ...claims, aud: 'other' }],
    ['azp', { ...claims, aud: ['hk-portal', 'api'] }],
    ['azp', { ...claims, azp: 'other' }],
    ['nonce', { ...claims, nonce: 'x' }],
    ['nonce', { ...claims, nonce: undefined }],
    ['expired', { ...claims, exp: now / 1000 - 31 }],
    ['issuedAt', { ...claims, iat: now / 1000 - 3600 }],
    ['issuedAt', { ...claims, iat: now / 1000 + 120 }],
  ])('refuses: %s', (problem, raw) => {
    expect(checkIdTokenClaims(raw, expect_)).toEqual({ ok: false, problem });
  });
  it('allows 30 s of skew', () => {
    expect(checkIdTokenClaims({ ...claims, exp: now / 1000 - 29 }, expect_).ok).toBe(true);
  });
  // The directory's id of a subject at an issuer: what the servers pass (@portal/server's directoryUserId).
  const named: { asked: [string, string][] } & UserIds = {
    asked: [],
    of(issuer, subject) {
      named.asked.push([issuer, subject]);
      return subject === 'u1' ? '5e0f2b1c-0000-5000-8000-000000000001' : 'other';
    },
  };
  it('builds the signed-in user (names from hkData, else given/family name)', () => {
    const user = signedInUserFromClaims(
      {
        ...claims,
        hkData: { attributes: { firstName: 'Dana', lastName: 'Dealer' }, permissions: ['x'] },
        email: 'd@x.test',
      },
      named,
    );
    expect(user).toEqual({
      id: '5e0f2b1c-0000-5000-8000-000000000001',
      issuer: 'https://idp/',
      fullName: 'Dana Dealer',
      email: 'd@x.test',
      hkData: { attributes: { firstName: 'Dana', lastName: 'Dealer' }, permissions: ['x'], internal: false },
    });
    const fallback = signedInUserFromClaims(
      { ...claims, given_name: 'G', family_name: 'F', emails: ['e@x.test'] },
      named,
    );
    expect(fallback).toMatchObject({ fullName: 'G F', email: 'e@x.test', hkData: { permissions: [] } });
    expect(signedInUserFromClaims(claims, named)).not.toHaveProperty('email');
  });
  it("names the user by the directory's id of the token's subject at its issuer (ADR 0029)", () => {
    named.asked.length = 0;
    const user = signedInUserFromClaims({ ...claims, sub: 'dwho' }, named);
    expect(named.asked).toEqual([['https://idp/', 'dwho']]);
    expect(user).toMatchObject({ id: 'other', issuer: 'https://idp/' });
  });
});

const data: AuthStateData = {
  tokenPolicyData: {
    client_id: 'hk-portal',
    scope: 'openid',
    redirect_uri: 'http://localhost:5173/auth/login',
    code_verifier: 'a'.repeat(128),
  },
  tokenPolicyUrl: 'http://localhost:4001/b2c_1a_signin/oauth2/v2.0/token',
  nonce: 'n'.repeat(32),
  extraData: { flow: 'signIn', referrer: '/' },
};

describe('auth state records', () => {
  it('decode from objects or JSON; tampered ones are missing', () => {
    expect(decodeAuthStateRecord({ count: 1, data })).toEqual({ count: 1, data });
    expect(decodeAuthStateRecord(JSON.stringify({ count: 1, data }))).toEqual({ count: 1, data });
    expect(decodeAuthStateRecord('{bad json')).toBeUndefined();
    expect(decodeAuthStateRecord('x'.repeat(9000))).toBeUndefined();
    expect(
      decodeAuthStateRecord({
        count: 1,
        data: { ...data, tokenPolicyData: { ...data.tokenPolicyData, code_verifier: 'short' } },
      }),
    ).toBeUndefined();
    expect(
      decodeAuthStateRecord({ count: 1, data: { ...data, extraData: { flow: 'other', referrer: '/' } } }),
    ).toBeUndefined();
    expect(decodeAuthStateData(data)).toEqual(data);
    expect(decodeAuthStateData({})).toBeUndefined();
  });
  it('state values are 16 alphanumerics', () => {
    expect(isWellFormedState('AbCdEfGh12345678')).toBe(true);
    expect(isWellFormedState('AbCdEfGh1234567')).toBe(false);
    expect(isWellFormedState('AbCdEfGh1234567-')).toBe(false);
  });
  it('the memory store keeps 4, drops the oldest by count, consumes on take, treats tampered as missing', async () => {
    const store = createMemoryAuthStateStore();
    for (const s of ['s1', 's2', 's3', 's4', 's5']) await store.save(s, data);
    expect(store.states()).toEqual(['s2', 's3', 's4', 's5']);
    expect(await store.take('s1')).toBeUndefined();
    expect(await store.take('s2')).toEqual(data);
    expect(await store.take('s2')).toBeUndefined();
    store.putRaw('s9', '{"count":99,"data":{}}');
    expect(await store.take('s9')).toBeUndefined();
    expect(store.states()).not.toContain('s9');
  });
});

describe('token responses', () => {
  const good = { access_token: 'a', id_token: 'i', refresh_token: 'r', expires_in: 3600, idTokenClaims: {} };
  it('accepts a good answer, with or without access and refresh token', () => {
    expect(decodeTokenResponse(good)).toEqual(good);
    expect(decodeTokenResponse({ id_token: 'i', expires_in: 5, idTokenClaims: {} })).toBeDefined();
  });
  it.each([
    ['HTML', '<html>502 Bad Gateway</html>'],
    ['null', null],
    ['broken JSON', '{"access_token":'],
    ['missing expires_in', { ...good, expires_in: undefined }],
    ['non-numeric expires_in', { ...good, expires_in: '3600' }],
    ['NaN expires_in', { ...good, expires_in: Number.NaN }],
    ['no ID token', { ...good, id_token: undefined }],
    ['empty access token', { ...good, access_token: '' }],
  ])('refuses %s', (_label, raw) => {
    expect(decodeTokenResponse(raw)).toBeUndefined();
  });
  it('decodes stored sessions', () => {
    const session = { accessToken: 'a', accessTokenIsIdToken: false, idToken: 'i', expiresAt: 1 };
    expect(decodeStoredSession(session)).toEqual(session);
    expect(decodeStoredSession({ ...session, accessToken: '' })).toBeUndefined();
  });
});

/** Every key of `good` removed, and every key set to each of `wrongs` that is not of its type. */
function rejections(
  good: object,
  required: readonly string[],
  wrong: Readonly<Record<string, readonly unknown[]>>,
): [string, unknown][] {
  return [
    ...required.map((key): [string, unknown] => [
      `without ${key}`,
      Object.fromEntries(Object.entries(good).filter(([k]) => k !== key)),
    ]),
    ...Object.entries(wrong).flatMap(([key, values]) =>
      values.map((value): [string, unknown] => [
        `${key} = ${JSON.stringify(value) ?? String(value)}`,
        { ...good, [key]: value },
      ]),
    ),
  ];
}

describe('rejection paths: every missing or ill-typed field', () => {
  const fullClaims = {
    ...claims,
    azp: 'hk-portal',
    email: 'e@x.test',
    emails: ['e@x.test'],
    given_name: 'G',
    family_name: 'F',
    hkData: {},
  };
  it.each(
    rejections(fullClaims, ['iss', 'sub', 'aud', 'exp', 'iat'], {
      iss: [1, null],
      sub: ['', 1],
      aud: [1, [1], null],
      exp: ['1', Number.NaN, Number.POSITIVE_INFINITY],
      iat: ['1', null],
      nonce: [1, null],
      azp: [1],
      email: [1],
      emails: ['e@x.test', [1]],
      given_name: [1],
      family_name: [false],
    }),
  )('ID-token claims %s → malformed', (_label, raw) => {
    expect(decodeIdTokenClaims(raw)).toBeUndefined();
    expect(checkIdTokenClaims(raw, expect_)).toEqual({ ok: false, problem: 'malformed' });
  });
  it('ID-token claims: optional ones may be absent; unknown claims are dropped', () => {
    expect(decodeIdTokenClaims(fullClaims)).toEqual(fullClaims);
    expect(decodeIdTokenClaims({ ...claims, nonce: undefined })).toStrictEqual({ ...claims, nonce: undefined });
    expect(decodeIdTokenClaims({ ...claims, tid: 't', roles: [1] })).toStrictEqual(claims);
  });

  const session = { accessToken: 'a', accessTokenIsIdToken: true, idToken: 'i', refreshToken: 'r', expiresAt: 1 };
  it.each(
    rejections(session, ['accessToken', 'accessTokenIsIdToken', 'idToken', 'expiresAt'], {
      accessToken: ['', 1],
      accessTokenIsIdToken: ['true', 1],
      idToken: ['', null],
      refreshToken: [1, null],
      expiresAt: ['1', Number.NaN],
    }),
  )('stored session %s → undefined', (_label, raw) => {
    expect(decodeStoredSession(raw)).toBeUndefined();
  });
  it.each([[null], ['{}'], [[]], [42]])('stored session %j → undefined', (raw) => {
    expect(decodeStoredSession(raw)).toBeUndefined();
  });

  const token = {
    access_token: 'a',
    id_token: 'i',
    refresh_token: 'r',
    expires_in: 60,
    token_type: 'Bearer',
    idTokenClaims: {},
  };
  it.each(
    rejections(token, ['id_token', 'expires_in', 'idTokenClaims'], {
      access_token: ['', 1],
      id_token: ['', 1],
      refresh_token: ['', 1],
      expires_in: [0, -1, '60', Number.NaN],
      token_type: [1],
    }),
  )('token response %s → undefined', (_label, raw) => {
    expect(decodeTokenResponse(raw)).toBeUndefined();
  });
  it.each(
    rejections(token, ['expires_in'], {
      access_token: ['', 1],
      id_token: ['', 1],
      refresh_token: ['', 1],
      expires_in: [0, '60'],
      token_type: [1],
    }),
  )('refresh response %s → undefined', (_label, raw) => {
    expect(decodeRefreshResponse(raw)).toBeUndefined();
  });
  it('refresh response: the ID token or the claims may be absent, not both tokens', () => {
    expect(decodeRefreshResponse({ access_token: 'a', expires_in: 60 })).toEqual({ access_token: 'a', expires_in: 60 });
    expect(decodeRefreshResponse({ id_token: 'i', expires_in: 60 })).toEqual({ id_token: 'i', expires_in: 60 });
    expect(decodeRefreshResponse({ refresh_token: 'r', expires_in: 60 })).toBeUndefined();
    expect(decodeRefreshResponse(null)).toBeUndefined();
  });

  const withRefresh: AuthStateData = {
    ...data,
    extraData: { flow: 'claimsRefresh', referrer: '/', refresh: { redirectUri: '/x', sleep: 0 } },
  };
  it.each([
    ...rejections(withRefresh, ['tokenPolicyData', 'tokenPolicyUrl', 'nonce', 'extraData'], {
      tokenPolicyUrl: [1],
      nonce: ['n'.repeat(15), 'n'.repeat(129), 1],
      tokenPolicyData: ['x', null],
      extraData: [[]],
    }),
    ...rejections(data.tokenPolicyData, ['client_id', 'scope', 'redirect_uri', 'code_verifier'], {
      client_id: [1],
      scope: [null],
      redirect_uri: [[]],
      code_verifier: ['a'.repeat(127), 'a'.repeat(129), `${'a'.repeat(127)}-`],
    }).map(([label, tokenPolicyData]): [string, unknown] => [
      `tokenPolicyData ${label}`,
      { ...withRefresh, tokenPolicyData },
    ]),
    ...rejections(withRefresh.extraData, ['flow', 'referrer'], {
      flow: ['signin', 1],
      referrer: ['/'.repeat(2049), 1],
      refresh: [
        null,
        'x',
        { redirectUri: '/x' },
        { redirectUri: '/x', sleep: -1 },
        { redirectUri: '/x', sleep: 60_001 },
        { redirectUri: 1, sleep: 0 },
      ],
    }).map(([label, extraData]): [string, unknown] => [`extraData ${label}`, { ...withRefresh, extraData }]),
  ])('auth state data %s → undefined', (_label, raw) => {
    expect(decodeAuthStateData(raw)).toBeUndefined();
    expect(decodeAuthStateRecord({ count: 1, data: raw })).toBeUndefined();
  });
  it('auth state record: count must be a finite number', () => {
    expect(decodeAuthStateRecord({ count: 2, data: withRefresh })).toEqual({ count: 2, data: withRefresh });
    expect(decodeAuthStateRecord({ data: withRefresh })).toBeUndefined();
    expect(decodeAuthStateRecord({ count: '2', data: withRefresh })).toBeUndefined();
    expect(decodeAuthStateRecord({ count: Number.POSITIVE_INFINITY, data: withRefresh })).toBeUndefined();
    expect(decodeAuthStateRecord({ count: 1 })).toBeUndefined();
  });
  it('hkData: attributes of the wrong type fail closed; names over 200 characters are dropped', () => {
    expect(decodeHkData({ attributes: 'x', permissions: ['p'] })).toEqual(none);
    expect(
      decodeHkData({ attributes: { firstName: 'x'.repeat(201), lastName: 'L' }, permissions: ['p'], internal: 'yes' }),
    ).toEqual({ attributes: { firstName: '', lastName: 'L' }, permissions: ['p'], internal: false });
  });
});

describe("the directory's data for a user whose tokens had none", () => {
  it('takes its permissions, attributes and internal flag, and its name only when the tokens gave none', () => {
    const user = { id: 'dwho', issuer: 'https://sso.example', fullName: 'Doctor Who', hkData: decodeHkData(undefined) };
    const data = { attributes: { firstName: 'Doc', lastName: 'W' }, permissions: ['roles.read'], internal: true };
    expect(withDirectoryData(user, data)).toEqual({
      ...user,
      hkData: { attributes: { firstName: 'Doc', lastName: 'W' }, permissions: ['roles.read'], internal: true },
    });
    expect(withDirectoryData({ ...user, fullName: '' }, data).fullName).toBe('Doc W');
    // Broken data fails closed, as a broken claim does.
    expect(withDirectoryData(user, { permissions: 'all' }).hkData.permissions).toEqual([]);
  });
});
