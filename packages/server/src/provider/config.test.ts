import { describe, expect, it } from 'vitest';
import { providerConfigFromEnv, ProviderConfigError, tokenFlowKeys } from './config.ts';

const problem = (env: Record<string, string>) => {
  try {
    providerConfigFromEnv(env);
  } catch (error) {
    if (error instanceof ProviderConfigError) return error.message;
    throw error;
  }
  throw new Error('no problem found');
};

describe('providerConfigFromEnv', () => {
  it('defaults to the local stack: b2c policies under the local authority, a public client outside production', () => {
    const config = providerConfigFromEnv({});
    expect(config.kind).toBe('b2c');
    expect(config.flows).toEqual({
      signIn: 'b2c_1a_signin',
      refresh: 'b2c_1a_refresh',
      passwordChange: 'b2c_1a_password_change',
      emailChange: 'b2c_1a_email_change',
    });
    expect(config.discovery.b2c_1a_signin).toBe('http://localhost:4001/b2c_1a_signin/v2.0');
    expect(config.refreshPrompt).toBeUndefined();
    expect(config.policyClaim).toBe('tfp');
    expect(config.clientAuth).toEqual({ method: 'none' });
    expect(config.endSession).toBe('required');
    expect(tokenFlowKeys(config)).toEqual(['b2c_1a_signin', 'b2c_1a_refresh']);
  });

  it('b2c: a real tenant, the tenant issuer pinned, acr as the policy claim, no refresh policy (prompt=none)', () => {
    const config = providerConfigFromEnv({
      IDP_KIND: 'b2c',
      IDP_AUTHORITY: 'https://contoso.b2clogin.com/contoso.onmicrosoft.com/',
      IDP_SIGNIN_POLICY: 'B2C_1A_SIGNUP_SIGNIN',
      IDP_REFRESH_POLICY: '',
      IDP_PASSWORD_POLICY: 'B2C_1A_PASSWORDCHANGE',
      IDP_EMAIL_POLICY: '',
      IDP_ISSUER: 'https://contoso.b2clogin.com/775527ff-9a37-4307-8b3d-cc311f58d925/v2.0/',
      IDP_POLICY_CLAIM: 'acr',
      IDP_CLIENT_SECRET: 's3cret',
    });
    expect(config.flows).toEqual({
      signIn: 'B2C_1A_SIGNUP_SIGNIN',
      refresh: 'B2C_1A_SIGNUP_SIGNIN',
      passwordChange: 'B2C_1A_PASSWORDCHANGE',
    });
    expect(config.refreshPrompt).toBe('none');
    expect(config.discovery).toEqual({
      B2C_1A_SIGNUP_SIGNIN: 'https://contoso.b2clogin.com/contoso.onmicrosoft.com/B2C_1A_SIGNUP_SIGNIN/v2.0',
      B2C_1A_PASSWORDCHANGE: 'https://contoso.b2clogin.com/contoso.onmicrosoft.com/B2C_1A_PASSWORDCHANGE/v2.0',
    });
    expect(config.expectedIssuer).toBe('https://contoso.b2clogin.com/775527ff-9a37-4307-8b3d-cc311f58d925/v2.0/');
    expect(config.policyClaim).toBe('acr');
    expect(config.clientAuth).toEqual({ method: 'client_secret_basic', secret: 's3cret' });
  });

  it('entra-external-id: the tenant and its id give the discovery base and the issuer', () => {
    const config = providerConfigFromEnv({
      IDP_KIND: 'entra-external-id',
      IDP_TENANT: 'contoso',
      IDP_TENANT_ID: '775527ff-9a37-4307-8b3d-cc311f58d925',
      IDP_CLIENT_SECRET: 'x',
    });
    expect(config.discovery).toEqual({
      default: 'https://contoso.ciamlogin.com/775527ff-9a37-4307-8b3d-cc311f58d925/v2.0',
    });
    expect(config.expectedIssuer).toBe(
      'https://775527ff-9a37-4307-8b3d-cc311f58d925.ciamlogin.com/775527ff-9a37-4307-8b3d-cc311f58d925/v2.0',
    );
    expect(config.flows).toEqual({ signIn: 'default', refresh: 'default' });
    expect(config.refreshPrompt).toBe('none');
  });

  it('oidc: one issuer, account pages, claim names and a private key by configuration', () => {
    const config = providerConfigFromEnv({
      IDP_KIND: 'oidc',
      IDP_ISSUER: 'https://sso.example.com/realms/hk',
      IDP_PASSWORD_URL: 'https://sso.example.com/realms/hk/account/#/security/signingin',
      IDP_CLAIM_EMAIL: 'mail',
      IDP_CLIENT_PRIVATE_JWK: JSON.stringify({ kty: 'EC', crv: 'P-256', x: 'a', y: 'b', d: 'c', kid: 'k1' }),
    });
    expect(config.discovery).toEqual({ default: 'https://sso.example.com/realms/hk' });
    expect(config.expectedIssuer).toBe('https://sso.example.com/realms/hk');
    expect(config.accountPages).toEqual({
      passwordChange: 'https://sso.example.com/realms/hk/account/#/security/signingin',
    });
    expect(config.claims.email).toBe('mail');
    expect(config.clientAuth.method).toBe('private_key_jwt');
    expect(config.endSession).toBe('optional');
  });

  it('names the variable, what was expected and what was found for each wrong setting', () => {
    expect(problem({ IDP_KIND: 'saml' })).toBe('IDP_KIND: expected one of b2c, entra-external-id, oidc, got "saml"');
    expect(problem({ IDP_KIND: 'oidc' })).toBe(
      "IDP_ISSUER: expected the provider's issuer URL (IDP_KIND=oidc), got nothing",
    );
    expect(problem({ IDP_KIND: 'oidc', IDP_ISSUER: 'http://sso.example.com' })).toBe(
      'IDP_ISSUER: expected an https:// URL (http only for localhost), got "http://sso.example.com"',
    );
    expect(problem({ IDP_AUTHORITY: 'not a url' })).toBe(
      'IDP_AUTHORITY: expected an absolute https:// URL, got "not a url"',
    );
    expect(problem({ IDP_SIGNIN_POLICY: '' })).toBe(
      'IDP_SIGNIN_POLICY: expected the sign-in policy (IDP_KIND=b2c), got nothing',
    );
    expect(problem({ IDP_SIGNIN_POLICY: 'a/b' })).toMatch(/^IDP_SIGNIN_POLICY: expected a policy name/);
    expect(problem({ IDP_POLICY_CLAIM: 'sub' })).toBe('IDP_POLICY_CLAIM: expected tfp or acr, got "sub"');
    expect(problem({ IDP_KIND: 'entra-external-id', IDP_TENANT: 'contoso', IDP_TENANT_ID: 'nope' })).toBe(
      'IDP_TENANT_ID: expected the tenant\'s id (a GUID), got "nope"',
    );
    expect(problem({ IDP_KIND: 'entra-external-id' })).toMatch(/^IDP_TENANT: expected the tenant subdomain/);
    expect(problem({ NODE_ENV: 'production' })).toBe(
      'IDP_CLIENT_SECRET: expected a client secret or IDP_CLIENT_PRIVATE_JWK in production (the portal server is a confidential client), got neither',
    );
    expect(problem({ IDP_CLIENT_SECRET: 'a', IDP_CLIENT_PRIVATE_JWK: '{}' })).toMatch(/got both$/);
    expect(problem({ IDP_CLIENT_PRIVATE_JWK: '{"kty":"EC"}' })).toMatch(/got no private key$/);
    expect(problem({ IDP_CLIENT_SECRET: 'a', IDP_CLIENT_AUTH_METHOD: 'tls_client_auth' })).toBe(
      'IDP_CLIENT_AUTH_METHOD: expected client_secret_basic or client_secret_post, got "tls_client_auth"',
    );
    expect(
      providerConfigFromEnv({ IDP_CLIENT_SECRET: 'a', IDP_CLIENT_AUTH_METHOD: 'client_secret_post' }).clientAuth,
    ).toEqual({
      method: 'client_secret_post',
      secret: 'a',
    });
    expect(problem({ IDP_END_SESSION: 'maybe' })).toBe('IDP_END_SESSION: expected required or optional, got "maybe"');
    expect(problem({ IDP_PASSWORD_URL: 'javascript:alert(1)' })).toMatch(
      /^IDP_PASSWORD_URL: expected an https:\/\/ URL/,
    );
  });
});
