// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  apiProxy,
  cacheControlFor,
  contentSecurityPolicy,
  runtimeConfigFromEnv,
  securityHeaders,
  stripApiPrefix,
} from './runtime-config.ts';

describe('runtime configuration from the environment', () => {
  it('uses the local defaults and the fixed client id', () => {
    const config = runtimeConfigFromEnv({});
    expect(config).toMatchObject({
      portalUrl: 'http://localhost:5173',
      apiUrl: 'http://localhost:5173/api',
      clientId: 'hk-portal',
      brandName: 'HK Küchen',
      environment: 'production',
      idp: {
        authority: 'http://localhost:4001',
        policies: { signIn: 'b2c_1a_signin', refresh: 'b2c_1a_refresh' },
        changes: { password: true, email: true },
      },
    });
  });

  it('reads every variable of the stack', () => {
    const config = runtimeConfigFromEnv({
      PORTAL_URL: 'http://localhost:5273/',
      API_URL: 'http://localhost:4100',
      IDP_AUTHORITY: 'http://localhost:4101',
      API_SCOPE: 'api://x/access',
      BRAND_NAME: 'Acme',
      NODE_ENV: 'development',
    });
    expect(config.portalUrl).toBe('http://localhost:5273');
    expect(config.apiUrl).toBe('http://localhost:5273/api');
    expect(config.apiScope).toBe('api://x/access');
    expect(config.brandName).toBe('Acme');
    expect(config.environment).toBe('development');
    // The provider's policies and pages are the portal server's (its provider configuration, @portal/server).
    expect(config.idp.authority).toBe('http://localhost:4101');
  });

  it("calls the API through the portal server's /api, whatever else is set (the page holds no token)", () => {
    expect(runtimeConfigFromEnv({ PORTAL_URL: 'https://portal.example.com' }).apiUrl).toBe(
      'https://portal.example.com/api',
    );
    expect(
      runtimeConfigFromEnv({
        PORTAL_URL: 'https://portal.example.com',
        PORTAL_API_URL: 'https://api.example.com/v1/',
        API_URL: 'http://10.0.0.5:4000',
      }).apiUrl,
    ).toBe('https://portal.example.com/api');
  });

  it("lists a same-origin API as 'self' only in the CSP", () => {
    const csp = contentSecurityPolicy(
      runtimeConfigFromEnv({
        PORTAL_URL: 'http://localhost:5273',
        API_URL: 'http://localhost:4100',
        IDP_AUTHORITY: 'http://localhost:4101',
      }),
    );
    const directives = new Map(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const));
    expect(directives.get('connect-src')).toEqual(["'self'", 'http://localhost:4101']);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    // A form's answer may redirect to the provider (sign-out, the gate's claims refresh), nowhere else.
    expect(directives.get('form-action')).toEqual(["'self'", 'http://localhost:4101']);
    expect(csp).not.toContain('4100');
  });

  it('builds a strict CSP limited to the API and the provider', () => {
    const csp = contentSecurityPolicy({
      ...runtimeConfigFromEnv({ IDP_AUTHORITY: 'https://login.example.com/tenant' }),
      apiUrl: 'https://api.example.com/v1',
    });
    const directives = new Map(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const));
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('connect-src')).toEqual(["'self'", 'https://api.example.com', 'https://login.example.com']);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://api.example.com', 'https:']);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(securityHeaders(runtimeConfigFromEnv({}))['X-Content-Type-Options']).toBe('nosniff');
  });

  it('allows exactly the inline script and styles the server names, by hash, and nothing else inline', () => {
    const csp =
      securityHeaders(runtimeConfigFromEnv({}), { scripts: ["'sha256-AAA='"], styles: ["'sha256-BBB='"] })[
        'Content-Security-Policy'
      ] ?? '';
    expect(csp).toContain("script-src 'self' 'sha256-AAA='");
    expect(csp).toContain("style-src 'self' 'sha256-BBB='");
    expect(csp).not.toContain('unsafe-inline');
  });
});

describe('caching', () => {
  it('names the Cache-Control of every kind of path', () => {
    expect(cacheControlFor('/assets/index-abc123.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/config.json')).toBe('no-store');
    expect(cacheControlFor('/')).toBe('no-cache');
    expect(cacheControlFor('/settings')).toBe('no-cache');
  });
});

describe('the /api proxy to the API', () => {
  it('strips the /api prefix and keeps path and query', () => {
    expect(stripApiPrefix('/api/My/Applications?page=2&search=k%C3%BC')).toBe('/My/Applications?page=2&search=k%C3%BC');
    expect(stripApiPrefix('/api/Applications/Image')).toBe('/Applications/Image');
    expect(stripApiPrefix('/api')).toBe('/');
    expect(stripApiPrefix('/api?x=1')).toBe('/?x=1');
    expect(stripApiPrefix('/apiary')).toBe('/apiary');
  });

  it('matches /api paths only, with the API_URL as target', () => {
    const [[context, options]] = Object.entries(apiProxy({ API_URL: 'http://localhost:4100/' })) as [
      [string, { target: string; changeOrigin: boolean; xfwd: boolean }],
    ];
    const match = new RegExp(context);
    expect(['/api/My/Applications', '/api?x', '/api'].every((u) => match.test(u))).toBe(true);
    expect(['/apiary', '/settings/api', '/assets/api-x.js'].some((u) => match.test(u))).toBe(false);
    expect(options).toMatchObject({ target: 'http://localhost:4100', changeOrigin: true, xfwd: true });
  });
});
