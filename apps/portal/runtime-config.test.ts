import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, runtimeConfigFromEnv, securityHeaders } from './runtime-config.ts';

describe('runtime configuration from the environment', () => {
  it('uses the local defaults and the fixed client id', () => {
    const config = runtimeConfigFromEnv({});
    expect(config).toMatchObject({
      portalUrl: 'http://localhost:5173', apiUrl: 'http://localhost:4000', clientId: 'hk-portal', brandName: 'HK Küchen', environment: 'production',
      idp: { authority: 'http://localhost:4001', policies: { signIn: 'b2c_1a_signin', refresh: 'b2c_1a_refresh', passwordChange: 'b2c_1a_password_change', emailChange: 'b2c_1a_email_change' } },
    });
  });

  it('reads every variable of the stack', () => {
    const config = runtimeConfigFromEnv({
      PORTAL_URL: 'http://localhost:5273/', API_URL: 'http://localhost:4100', IDP_AUTHORITY: 'http://localhost:4101', API_SCOPE: 'api://x/access',
      IDP_SIGNIN_POLICY: 'p1', IDP_REFRESH_POLICY: 'p2', IDP_PASSWORD_POLICY: 'p3', IDP_EMAIL_POLICY: 'p4', BRAND_NAME: 'Acme', NODE_ENV: 'development',
    });
    expect(config.portalUrl).toBe('http://localhost:5273');
    expect(config.apiScope).toBe('api://x/access');
    expect(config.brandName).toBe('Acme');
    expect(config.environment).toBe('development');
    expect(config.idp.policies).toEqual({ signIn: 'p1', refresh: 'p2', passwordChange: 'p3', emailChange: 'p4' });
  });

  it('builds a strict CSP limited to the API and the provider', () => {
    const csp = contentSecurityPolicy(runtimeConfigFromEnv({ API_URL: 'https://api.example.com/v1', IDP_AUTHORITY: 'https://login.example.com/tenant' }));
    const directives = new Map(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const));
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('connect-src')).toEqual(["'self'", 'https://api.example.com', 'https://login.example.com']);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(securityHeaders(runtimeConfigFromEnv({}))['X-Content-Type-Options']).toBe('nosniff');
  });
});
