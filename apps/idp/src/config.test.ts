// The provider's configuration: defaults keep the policy-issuer shape and a public portal
// client; a wrong value stops the start with one line naming the variable.
import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv, defaultTenant, policyUrls } from './config.ts';

describe('configFromEnv', () => {
  it('defaults to the policy-issuer shape, tfp and a public portal client', () => {
    const config = configFromEnv({});
    expect(config.shape).toBe('policy-issuer');
    expect(config.policyClaim).toBe('tfp');
    expect(config.tenant).toEqual(defaultTenant);
    expect(config.portalClientAuth).toEqual({ method: 'none' });
    expect(config.groupsClaim).toBe('groups');
    expect(policyUrls(config, 'b2c_1a_signin')).toEqual({
      path: '/b2c_1a_signin',
      issuer: 'http://localhost:4001/b2c_1a_signin/v2.0',
      discovery: 'http://localhost:4001/b2c_1a_signin/v2.0/.well-known/openid-configuration',
      jwks: 'http://localhost:4001/b2c_1a_signin/discovery/v2.0/keys',
      authorization: 'http://localhost:4001/b2c_1a_signin/oauth2/v2.0/authorize',
      token: 'http://localhost:4001/b2c_1a_signin/oauth2/v2.0/token',
      endSession: 'http://localhost:4001/b2c_1a_signin/oauth2/v2.0/logout',
    });
  });

  it('lays out the b2c-tenant shape under the tenant name with the tenant id issuer', () => {
    const config = configFromEnv({
      IDP_SHAPE: 'b2c-tenant',
      IDP_AUTHORITY: 'https://hkkuechen.b2clogin.com/',
      IDP_TENANT_ID: 'A1B2C3D4-0000-4000-8000-00000000000F',
      IDP_POLICY_CLAIM: 'acr',
    });
    expect(config.policyClaim).toBe('acr');
    const urls = policyUrls(config, 'B2C_1A_SIGNIN');
    expect(urls.issuer).toBe('https://hkkuechen.b2clogin.com/a1b2c3d4-0000-4000-8000-00000000000f/v2.0/');
    expect(urls.discovery).toBe(
      'https://hkkuechen.b2clogin.com/hkkuechen.onmicrosoft.com/B2C_1A_SIGNIN/v2.0/.well-known/openid-configuration',
    );
    expect(urls.jwks).toBe(
      'https://hkkuechen.b2clogin.com/hkkuechen.onmicrosoft.com/B2C_1A_SIGNIN/discovery/v2.0/keys',
    );
  });

  it('reads the portal client secret or its public keys', () => {
    expect(configFromEnv({ IDP_PORTAL_CLIENT_SECRET: 's3cret' }).portalClientAuth).toEqual({
      method: 'client_secret_basic',
      secret: 's3cret',
    });
    const key = { kty: 'EC', crv: 'P-256', x: 'x', y: 'y', kid: 'k1' };
    expect(configFromEnv({ IDP_PORTAL_CLIENT_JWKS: JSON.stringify({ keys: [key] }) }).portalClientAuth).toEqual({
      method: 'private_key_jwt',
      jwks: { keys: [key] },
    });
  });

  it('names the groups claim as the API and the portal server read it (IDP_CLAIM_GROUPS)', () => {
    expect(configFromEnv({ IDP_CLAIM_GROUPS: 'memberOf' }).groupsClaim).toBe('memberOf');
    expect(configFromEnv({ IDP_CLAIM_GROUPS: '' }).groupsClaim).toBe('groups');
  });

  it.each([
    [{ IDP_SHAPE: 'b2c' }, /^IDP_SHAPE must be one of policy-issuer, b2c-tenant; it is "b2c"$/],
    [{ IDP_POLICY_CLAIM: 'policy' }, /^IDP_POLICY_CLAIM must be one of tfp, acr; it is "policy"$/],
    [{ IDP_TENANT_ID: 'hkkuechen' }, /^IDP_TENANT_ID must be a GUID/],
    [{ IDP_TENANT_NAME: 'hkkuechen.onmicrosoft.com' }, /^IDP_TENANT_NAME must be a B2C tenant name/],
    [{ IDP_PORTAL_CLIENT_SECRET: 'a', IDP_PORTAL_CLIENT_JWKS: '{"keys":[]}' }, /are both set/],
    [{ IDP_PORTAL_CLIENT_JWKS: 'not json' }, /^IDP_PORTAL_CLIENT_JWKS .* it is not JSON$/],
    [{ IDP_PORTAL_CLIENT_JWKS: '{"keys":[]}' }, /^IDP_PORTAL_CLIENT_JWKS .* at least one key$/],
    [{ IDP_PORTAL_CLIENT_JWKS: '{"keys":[{"kty":"EC","d":"secret"}]}' }, /private key/],
    [{ IDP_CLAIM_GROUPS: 'my groups' }, /^IDP_CLAIM_GROUPS must be a claim name without spaces; it is "my groups"$/],
    [
      { IDP_CLAIM_GROUPS: 'email' },
      /^IDP_CLAIM_GROUPS must not name a claim the provider issues otherwise; it is "email"$/,
    ],
  ])('refuses %j with one line naming the variable', (env, message) => {
    expect(() => configFromEnv(env)).toThrow(ConfigError);
    expect(() => configFromEnv(env)).toThrow(message);
  });
});
