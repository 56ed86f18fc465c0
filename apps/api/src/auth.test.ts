// The API's token check for each kind of provider (issue #27): a B2C tenant's one issuer with a
// GUID and a trailing slash for every policy, the policy read from `tfp`/`acr`; a standard
// provider's one issuer, its tokens without the portal's data claim.
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { directoryUserId } from '@portal/server';
import { createAuthenticator } from './auth.ts';

const { privateKey, publicKey } = await generateKeyPair('RS256');
const keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k', alg: 'RS256' }] });
const tenantIssuer = 'https://contoso.b2clogin.com/775527ff-9a37-4307-8b3d-cc311f58d925/v2.0/';

const sign = (claims: Record<string, unknown>, issuer: string, audience = 'portal-api', subject = 'user-1') =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'k' })
    .setSubject(subject)
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(privateKey);

const outcome = (promise: Promise<{ permissions: ReadonlySet<string> }>) =>
  promise.then(
    (p) => [...p.permissions].join(','),
    (error: unknown) => (error as { status?: number }).status,
  );

describe('a B2C tenant', () => {
  const b2c = (policyClaim: 'tfp' | 'acr' = 'tfp') =>
    createAuthenticator({
      audience: 'portal-api',
      issuers: [
        { issuer: tenantIssuer, keys, policy: 'B2C_1A_SIGNIN' },
        { issuer: tenantIssuer, keys, policy: 'B2C_1A_REFRESH' },
      ],
      policyClaim,
    });
  const hkData = { permissions: ['all_users.read'] };

  it('accepts the tenant issuer with its trailing slash for each policy, named by tfp in any case', async () => {
    const auth = b2c();
    expect(await outcome(auth.user(`Bearer ${await sign({ tfp: 'B2C_1A_SIGNIN', hkData }, tenantIssuer)}`))).toBe(
      'all_users.read',
    );
    expect(await outcome(auth.user(`Bearer ${await sign({ tfp: 'b2c_1a_refresh', hkData }, tenantIssuer)}`))).toBe(
      'all_users.read',
    );
  });

  it('reads the policy from acr when the tenant is set so', async () => {
    const auth = b2c('acr');
    expect(await outcome(auth.user(`Bearer ${await sign({ acr: 'b2c_1a_signin', hkData }, tenantIssuer)}`))).toBe(
      'all_users.read',
    );
    expect(await outcome(auth.user(`Bearer ${await sign({ tfp: 'B2C_1A_SIGNIN', hkData }, tenantIssuer)}`))).toBe(401);
  });

  it('refuses a token of another policy, another issuer, another audience or without a policy', async () => {
    const auth = b2c();
    const refused = [
      await sign({ tfp: 'B2C_1A_PASSWORDCHANGE', hkData }, tenantIssuer),
      await sign({ hkData }, tenantIssuer),
      await sign({ tfp: 'B2C_1A_SIGNIN', hkData }, tenantIssuer.slice(0, -1)),
      await sign(
        { tfp: 'B2C_1A_SIGNIN', hkData },
        'https://evil.b2clogin.com/775527ff-9a37-4307-8b3d-cc311f58d925/v2.0/',
      ),
      await sign({ tfp: 'B2C_1A_SIGNIN', hkData }, tenantIssuer, 'other-api'),
    ];
    for (const token of refused) expect(await outcome(auth.user(`Bearer ${token}`))).toBe(401);
  });

  it('answers 401 to the internal calls without a local provider', async () => {
    await expect(b2c().internal(`Bearer ${await sign({}, tenantIssuer)}`)).rejects.toMatchObject({ status: 401 });
  });
});

describe('a standard provider', () => {
  const issuer = 'https://sso.example.com/realms/hk';
  const auth = createAuthenticator({
    audience: 'portal-api',
    issuers: [{ issuer, keys }],
    claims: { email: 'mail', givenName: 'given_name', familyName: 'family_name', data: 'hkData', groups: 'memberOf' },
    directoryPermissions: async (userId) => new Set(userId === directoryUserId(issuer, 'user-1') ? ['roles.read'] : []),
  });

  it('accepts its issuer; without the data claim the permissions come from the directory', async () => {
    const principal = await auth.user(`Bearer ${await sign({ mail: 'a@example.com' }, issuer)}`);
    expect(principal).toMatchObject({ email: 'a@example.com', issuer, subject: 'user-1' });
    expect([...principal.permissions]).toEqual(['roles.read']);
  });

  it("names the user by the directory's id of the subject at the issuer: a UUID subject itself, another a version 5 UUID (ADR 0029)", async () => {
    const named = await auth.user(`Bearer ${await sign({}, issuer, 'portal-api', 'dwho')}`);
    expect(named).toMatchObject({ userId: directoryUserId(issuer, 'dwho'), issuer, subject: 'dwho' });
    expect(named.userId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect((await auth.user(`Bearer ${await sign({}, issuer, 'portal-api', 'dwho')}`)).userId).toBe(named.userId);
    const objectId = '775527FF-9A37-4307-8B3D-CC311F58D925';
    expect(await auth.user(`Bearer ${await sign({}, issuer, 'portal-api', objectId)}`)).toMatchObject({
      userId: objectId.toLowerCase(),
      subject: objectId,
    });
  });

  it('a data claim that is present but broken fails closed (no directory fallback)', async () => {
    expect(await outcome(auth.user(`Bearer ${await sign({ hkData: '{broken' }, issuer)}`))).toBe('');
  });

  it('refuses another issuer', async () => {
    expect(await outcome(auth.user(`Bearer ${await sign({}, 'https://sso.example.com/realms/other')}`))).toBe(401);
  });

  it('reads the directory groups from the configured claim; one that is no list of names names none (#29.3)', async () => {
    const named = await auth.user(`Bearer ${await sign({ memberOf: ['HK-Mitarbeitende', 'Planer'] }, issuer)}`);
    expect(named.groups).toEqual(['HK-Mitarbeitende', 'Planer']);
    expect(named.issuedAt).toEqual(expect.any(Number));
    for (const memberOf of ['HK-Mitarbeitende', [1, 2], { a: 'b' }])
      expect((await auth.user(`Bearer ${await sign({ memberOf }, issuer)}`)).groups).toBeUndefined();
    expect((await auth.user(`Bearer ${await sign({ groups: ['HK-Mitarbeitende'] }, issuer)}`)).groups).toBeUndefined();
  });
});
