import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { cacheControlFor, contentSecurityPolicy, immutableCacheControl, runtimeConfigFromEnv, runtimeConfigPlugin, securityHeaders } from './runtime-config.ts';

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

describe('caching and the preview server', () => {
  type Middleware = (req: { url?: string }, res: FakeResponse, next: () => void) => void;
  interface FakeResponse {
    statusCode: number;
    headers: Record<string, string>;
    body?: string;
    setHeader(name: string, value: string): void;
    end(body?: string): void;
  }
  const response = (): FakeResponse => ({
    statusCode: 200,
    headers: {},
    setHeader(name, value) { this.headers[name.toLowerCase()] = value; },
    end(body) { this.body = body ?? ''; },
  });

  function previewMiddleware(): Middleware {
    const root = mkdtempSync(join(tmpdir(), 'portal-preview-'));
    mkdirSync(join(root, 'dist', 'assets'), { recursive: true });
    writeFileSync(join(root, 'dist', 'assets', 'index-abc123.js'), 'export {};');
    let middleware: Middleware | undefined;
    const plugin = runtimeConfigPlugin({ API_URL: 'http://localhost:4100' });
    const hook = plugin.configurePreviewServer;
    const server = { config: { root, build: { outDir: 'dist' } }, middlewares: { use(fn: Middleware) { middleware = fn; } } };
    if (typeof hook === 'function') (hook as unknown as (s: typeof server) => void)(server);
    if (middleware === undefined) throw new Error('no middleware');
    return middleware;
  }

  it('names the Cache-Control of every kind of path', () => {
    expect(cacheControlFor('/assets/index-abc123.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/config.json')).toBe('no-store');
    expect(cacheControlFor('/')).toBe('no-cache');
    expect(cacheControlFor('/settings')).toBe('no-cache');
  });

  it('serves /config.json from the environment, never cached', () => {
    const res = response();
    const next = vi.fn();
    previewMiddleware()({ url: '/config.json' }, res, next);
    expect(next).not.toHaveBeenCalled();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(res.body ?? '{}')).toMatchObject({ apiUrl: 'http://localhost:4100', clientId: 'hk-portal' });
  });

  it('marks hashed assets immutable and refuses unknown ones instead of falling back to index.html', () => {
    const middleware = previewMiddleware();
    const found = response();
    const next = vi.fn();
    middleware({ url: '/assets/index-abc123.js' }, found, next);
    expect(next).toHaveBeenCalledTimes(1);
    expect(found.headers['cache-control']).toBe(immutableCacheControl);
    const missing = response();
    middleware({ url: '/assets/gone-000000.js' }, missing, next);
    expect(missing.statusCode).toBe(404);
    const outside = response();
    middleware({ url: '/assets/..%2F..%2Fpackage.json' }, outside, next);
    expect(outside.statusCode).toBe(404);
    const page = response();
    middleware({ url: '/settings' }, page, next);
    expect(page.headers['cache-control']).toBeUndefined();
    expect(next).toHaveBeenCalledTimes(2);
  });
});
