// Runtime configuration of the portal: one build for every environment. The portal server
// (apps/portal-server, issue #15) serves `/config.json` generated from the environment and
// sends the security headers built from the same configuration; `vite dev` serves
// `public/config.json` (the local defaults) and proxies `/api` (`apiProxy`) without a session.
//
// What the portal server sends (apps/portal-server/src/app.ts, static-files.ts):
// - every response: `securityHeaders(config)` (CSP, nosniff, referrer policy, no framing,
//   permissions policy);
// - `/config.json`: this configuration as JSON, `Cache-Control: no-store` (it changes with
//   the environment; index.html preloads it, `<link rel="preload" as="fetch" crossorigin>`);
// - `/assets/*` (file names carry a content hash): `Cache-Control: public, max-age=31536000,
//   immutable` (`cacheControlFor`), so later loads and the sign-in callback revalidate nothing;
//   an unknown `/assets/` path is a 404, never index.html;
// - everything else (index.html and the page for every route): `Cache-Control: no-cache`,
//   so a new deployment is picked up at once;
// - brotli or gzip for JavaScript, CSS and JSON.
//
// Where the API is (`apiUrl`, from PORTAL_API_URL): `${portalUrl}/api`, the portal server's
// proxy, which adds the session's bearer token (the page holds no token).
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { ProxyOptions } from 'vite';

export interface RuntimeConfig {
  readonly portalUrl: string;
  readonly apiUrl: string;
  readonly clientId: string;
  readonly apiScope: string;
  readonly brandName: string;
  readonly environment: 'development' | 'test' | 'production';
  readonly idp: {
    /** The provider's origin (the portal server talks to it; the page only leaves for it). */
    readonly authority: string;
    readonly policies: {
      readonly signIn: string;
      readonly refresh: string;
    };
    /** Whether the provider offers an e-mail or password change (a policy or an account page); hidden when not. */
    readonly changes: { readonly password: boolean; readonly email: boolean };
  };
}

type Env = Readonly<Record<string, string | undefined>>;

const environments = ['development', 'test', 'production'] as const;

/** The configuration from environment variables (the local stack's defaults otherwise). */
export function runtimeConfigFromEnv(env: Env): RuntimeConfig {
  const port = env.PORTAL_PORT ?? '5173';
  const nodeEnv = env.NODE_ENV ?? 'production';
  const portalUrl = trimSlash(env.PORTAL_URL ?? `http://localhost:${port}`);
  return {
    portalUrl,
    // The portal server's proxy: it adds the session's bearer token (ADR 0009).
    apiUrl: `${portalUrl}${apiProxyPath}`,
    clientId: env.PORTAL_CLIENT_ID ?? 'hk-portal',
    apiScope: env.API_SCOPE ?? 'api://portal-api/access',
    brandName: env.BRAND_NAME ?? 'HK Küchen',
    environment: environments.find((e) => e === nodeEnv) ?? 'production',
    idp: {
      authority: trimSlash(env.IDP_AUTHORITY ?? 'http://localhost:4001'),
      // The local stack's provider; the portal server sets these from its provider configuration.
      policies: { signIn: 'b2c_1a_signin', refresh: 'b2c_1a_refresh' },
      changes: { password: true, email: true },
    },
  };
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The path under which the portal's origin serves the API (the preview and dev servers proxy it). */
export const apiProxyPath = '/api';

/** `/api/My/Applications?page=2` → `/My/Applications?page=2`; `/api` and `/api?x` → `/` and `/?x`. */
export function stripApiPrefix(url: string): string {
  if (url !== apiProxyPath && !url.startsWith(`${apiProxyPath}/`) && !url.startsWith(`${apiProxyPath}?`)) return url;
  const rest = url.slice(apiProxyPath.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * Vite's `server.proxy` / `preview.proxy`: `/api/*` (not `/apiary`) to the API at API_URL,
 * prefix stripped. http-proxy streams request and response bodies (multipart uploads too)
 * and passes status and headers (Content-Type, Retry-After, the API's CORS headers)
 * unchanged; `Host` becomes the API's (`changeOrigin`), `X-Forwarded-For/-Port/-Proto/-Host`
 * name the browser's request (`xfwd`); `Cookie` and `Set-Cookie` are dropped; connections to
 * the API are kept alive. An API that does not answer is a 502.
 */
export function apiProxy(env: Env): Record<string, ProxyOptions> {
  const target = trimSlash(env.API_URL ?? 'http://localhost:4000');
  return {
    [`^${apiProxyPath}(?:[/?]|$)`]: {
      target,
      // Kept-alive connections to the API (without an agent, every call opens a new one).
      agent: target.startsWith('https:') ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true }),
      changeOrigin: true,
      xfwd: true,
      rewrite: stripApiPrefix,
      // The API authenticates with the bearer token only: the portal's cookies (sign-in
      // state, language) stay on the portal's origin, and the API sets none there.
      configure(proxy) {
        proxy.on('proxyReq', (proxyReq) => {
          proxyReq.removeHeader('cookie');
        });
        proxy.on('proxyRes', (proxyRes) => {
          delete proxyRes.headers['set-cookie'];
        });
      },
    },
  };
}

function origin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/**
 * A strict CSP: no inline script, no plugins, no base, no framing; calls only to the API and
 * the provider. An API on the portal's origin is `'self'` (not listed twice).
 */
/** CSP sources (hashes) of the inline scripts and styles the server writes into the page. */
export interface InlineSources {
  readonly scripts?: readonly string[];
  readonly styles?: readonly string[];
}

export function contentSecurityPolicy(config: RuntimeConfig, inline: InlineSources = {}): string {
  const apiOrigin = origin(config.apiUrl);
  const api = apiOrigin === origin(config.portalUrl) ? '' : apiOrigin;
  const idp = origin(config.idp.authority);
  const connect = ["'self'", api, idp].filter((s, i, all) => s !== '' && all.indexOf(s) === i).join(' ');
  // blob: for the preview of a logo chosen for upload (shown through <img>, never inline).
  const images = ["'self'", 'data:', 'blob:', api, 'https:']
    .filter((s, i, all) => s !== '' && all.indexOf(s) === i)
    .join(' ');
  return [
    "default-src 'self'",
    ["script-src 'self'", ...(inline.scripts ?? [])].join(' '),
    ["style-src 'self'", ...(inline.styles ?? [])].join(' '),
    `img-src ${images}`,
    "font-src 'self'",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    // The portal's forms post to the portal server, whose answer may lead on to the provider
    // (sign-out, the gate's claims refresh: #28.12); browsers hold a form's redirects to this too.
    ['form-action', "'self'", idp].filter((s) => s !== '').join(' '),
  ].join('; ');
}

export function securityHeaders(config: RuntimeConfig, inline: InlineSources = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config, inline),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  };
}

export const immutableCacheControl = 'public, max-age=31536000, immutable';

/** The Cache-Control a server sends for a path of the build (see the list at the top). */
export function cacheControlFor(pathname: string): string {
  if (pathname === '/config.json') return 'no-store';
  if (pathname.startsWith('/assets/')) return immutableCacheControl;
  return 'no-cache';
}
