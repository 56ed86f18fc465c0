// @vitest-environment node
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preview } from 'vite';
import { describe, expect, it, vi } from 'vitest';
import { apiProxy, cacheControlFor, contentSecurityPolicy, immutableCacheControl, runtimeConfigFromEnv, runtimeConfigPlugin, securityHeaders, stripApiPrefix } from './runtime-config.ts';

describe('runtime configuration from the environment', () => {
  it('uses the local defaults and the fixed client id', () => {
    const config = runtimeConfigFromEnv({});
    expect(config).toMatchObject({
      portalUrl: 'http://localhost:5173', apiUrl: 'http://localhost:5173/api', clientId: 'hk-portal', brandName: 'HK Küchen', environment: 'production',
      idp: { authority: 'http://localhost:4001', policies: { signIn: 'b2c_1a_signin', refresh: 'b2c_1a_refresh', passwordChange: 'b2c_1a_password_change', emailChange: 'b2c_1a_email_change' } },
    });
  });

  it('reads every variable of the stack', () => {
    const config = runtimeConfigFromEnv({
      PORTAL_URL: 'http://localhost:5273/', API_URL: 'http://localhost:4100', IDP_AUTHORITY: 'http://localhost:4101', API_SCOPE: 'api://x/access',
      IDP_SIGNIN_POLICY: 'p1', IDP_REFRESH_POLICY: 'p2', IDP_PASSWORD_POLICY: 'p3', IDP_EMAIL_POLICY: 'p4', BRAND_NAME: 'Acme', NODE_ENV: 'development',
    });
    expect(config.portalUrl).toBe('http://localhost:5273');
    expect(config.apiUrl).toBe('http://localhost:5273/api');
    expect(config.apiScope).toBe('api://x/access');
    expect(config.brandName).toBe('Acme');
    expect(config.environment).toBe('development');
    expect(config.idp.policies).toEqual({ signIn: 'p1', refresh: 'p2', passwordChange: 'p3', emailChange: 'p4' });
  });

  it('calls the API on the portal\'s origin unless PORTAL_API_URL names another', () => {
    expect(runtimeConfigFromEnv({ PORTAL_URL: 'https://portal.example.com' }).apiUrl).toBe('https://portal.example.com/api');
    expect(runtimeConfigFromEnv({ PORTAL_URL: 'https://portal.example.com', PORTAL_API_URL: 'https://api.example.com/v1/', API_URL: 'http://10.0.0.5:4000' }).apiUrl)
      .toBe('https://api.example.com/v1');
  });

  it('lists a same-origin API as \'self\' only in the CSP', () => {
    const csp = contentSecurityPolicy(runtimeConfigFromEnv({ PORTAL_URL: 'http://localhost:5273', API_URL: 'http://localhost:4100', IDP_AUTHORITY: 'http://localhost:4101' }));
    const directives = new Map(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const));
    expect(directives.get('connect-src')).toEqual(["'self'", 'http://localhost:4101']);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(csp).not.toContain('4100');
  });

  it('builds a strict CSP limited to the API and the provider', () => {
    const csp = contentSecurityPolicy(runtimeConfigFromEnv({ PORTAL_API_URL: 'https://api.example.com/v1', IDP_AUTHORITY: 'https://login.example.com/tenant' }));
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
    const plugin = runtimeConfigPlugin({ PORTAL_API_URL: 'http://localhost:4100' });
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

describe('the /api proxy to the API', () => {
  it('strips the /api prefix and keeps path and query', () => {
    expect(stripApiPrefix('/api/My/Applications?page=2&search=k%C3%BC')).toBe('/My/Applications?page=2&search=k%C3%BC');
    expect(stripApiPrefix('/api/Applications/Image')).toBe('/Applications/Image');
    expect(stripApiPrefix('/api')).toBe('/');
    expect(stripApiPrefix('/api?x=1')).toBe('/?x=1');
    expect(stripApiPrefix('/apiary')).toBe('/apiary');
  });

  it('matches /api paths only, with the API_URL as target', () => {
    const [[context, options]] = Object.entries(apiProxy({ API_URL: 'http://localhost:4100/' })) as [[string, { target: string; changeOrigin: boolean; xfwd: boolean }]];
    const match = new RegExp(context);
    expect(['/api/My/Applications', '/api?x', '/api'].every((u) => match.test(u))).toBe(true);
    expect(['/apiary', '/settings/api', '/assets/api-x.js'].some((u) => match.test(u))).toBe(false);
    expect(options).toMatchObject({ target: 'http://localhost:4100', changeOrigin: true, xfwd: true });
  });

  it('passes method, body, status and headers through the preview server, never cookies', async () => {
    interface Seen { method: string | undefined; url: string | undefined; headers: IncomingHttpHeaders; body: string }
    const seen: Seen[] = [];
    const upstream = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('latin1') });
        if (req.url === '/Busy') {
          res.writeHead(429, { 'Retry-After': '7', 'Content-Type': 'application/problem+json' }).end('{"status":429}');
          return;
        }
        res.writeHead(201, { 'Content-Type': 'application/json; charset=utf-8', 'X-Total-Count': '42', 'Set-Cookie': 'api=1' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const root = mkdtempSync(join(tmpdir(), 'portal-proxy-'));
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html><title>x</title>');
    const server = await preview({
      root, configFile: false, logLevel: 'silent',
      preview: { port: 0, host: '127.0.0.1', proxy: apiProxy({ API_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` }) },
    });
    try {
      const address = server.httpServer.address() as AddressInfo;
      const base = `http://127.0.0.1:${address.port}`;
      const form = new FormData();
      form.append('file', new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' }), 'logo.svg');
      const created = await fetch(`${base}/api/Applications/Image?x=1`, { method: 'POST', body: form, headers: { Authorization: 'Bearer t', lang: 'fr', Cookie: 'hk-id.auth.x=secret' } });
      expect(created.status).toBe(201);
      expect(created.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(created.headers.get('x-total-count')).toBe('42');
      expect(created.headers.get('set-cookie')).toBeNull();
      expect(await created.json()).toEqual({ ok: true });
      const busy = await fetch(`${base}/api/Busy`);
      expect(busy.status).toBe(429);
      expect(busy.headers.get('retry-after')).toBe('7');
      await busy.arrayBuffer();
      const page = await fetch(`${base}/apiary`);
      await page.arrayBuffer();
      expect(seen.map((s) => s.url)).toEqual(['/Applications/Image?x=1', '/Busy']);
      const [upload] = seen;
      expect(upload?.method).toBe('POST');
      expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(upload?.body).toContain('filename="logo.svg"');
      expect(upload?.body).toContain('<svg xmlns="http://www.w3.org/2000/svg"/>');
      expect(upload?.headers).toMatchObject({
        authorization: 'Bearer t', lang: 'fr',
        host: `127.0.0.1:${(upstream.address() as AddressInfo).port}`,
        'x-forwarded-host': `127.0.0.1:${address.port}`, 'x-forwarded-proto': 'http', 'x-forwarded-port': String(address.port),
      });
      expect(upload?.headers['x-forwarded-for']).toMatch(/127\.0\.0\.1/);
      expect(upload?.headers.cookie).toBeUndefined();
      expect(upload?.headers.connection).not.toBe('close');
    } finally {
      await server.close();
      await new Promise((resolve) => upstream.close(resolve));
    }
  });
});
