import { describe, expect, it } from 'vitest';
import {
  checkIdTokenClaims, decodeAuthStateData, decodeAuthStateRecord, decodeHkData, decodeStoredSession, decodeTokenResponse,
  isWellFormedState, signedInUserFromClaims,
} from './claims.ts';
import type { AuthStateData } from './auth.ts';
import { createMemoryAuthStateStore } from '../testing/index.ts';

const none = { attributes: { firstName: '', lastName: '' }, permissions: [], internal: false };

describe('hkData fails closed', () => {
  it('decodes a good object or JSON string', () => {
    const data = { attributes: { firstName: ' Greta ', lastName: 'Gruber', extra: 1 }, permissions: ['roles.read', 'roles.read'], internal: true };
    expect(decodeHkData(data)).toEqual({ attributes: { firstName: 'Greta', lastName: 'Gruber' }, permissions: ['roles.read'], internal: true });
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
    expect(decodeHkData({ ...raw, attributes: { firstName: 'A', lastName: 7 } })).toEqual({ attributes: { firstName: 'A', lastName: '' }, permissions: [], internal: false });
  });
});

const now = 1_768_467_600_000;
const claims = { iss: 'https://idp/', sub: 'u1', aud: 'hk-portal', exp: now / 1000 + 3600, iat: now / 1000, nonce: 'n'.repeat(32) };
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
  it('builds the signed-in user (names from hkData, else given/family name)', () => {
    const user = signedInUserFromClaims({ ...claims, hkData: { attributes: { firstName: 'Dana', lastName: 'Dealer' }, permissions: ['x'] }, email: 'd@x.test' });
    expect(user).toEqual({ id: 'u1', issuer: 'https://idp/', fullName: 'Dana Dealer', email: 'd@x.test', hkData: { attributes: { firstName: 'Dana', lastName: 'Dealer' }, permissions: ['x'], internal: false } });
    const fallback = signedInUserFromClaims({ ...claims, given_name: 'G', family_name: 'F', emails: ['e@x.test'] });
    expect(fallback).toMatchObject({ fullName: 'G F', email: 'e@x.test', hkData: { permissions: [] } });
    expect(signedInUserFromClaims(claims)).not.toHaveProperty('email');
  });
});

const data: AuthStateData = {
  tokenPolicyData: { client_id: 'hk-portal', scope: 'openid', redirect_uri: 'http://localhost:5173/auth/login', code_verifier: 'a'.repeat(128) },
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
    expect(decodeAuthStateRecord({ count: 1, data: { ...data, tokenPolicyData: { ...data.tokenPolicyData, code_verifier: 'short' } } })).toBeUndefined();
    expect(decodeAuthStateRecord({ count: 1, data: { ...data, extraData: { flow: 'other', referrer: '/' } } })).toBeUndefined();
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
