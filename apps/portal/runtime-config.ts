// Runtime configuration of the portal: one build for every environment. `vite preview`
// serves `/config.json` generated from the environment (this plugin), `vite dev` serves
// `public/config.json` (the local defaults). The preview server also sends the security
// headers (a strict Content-Security-Policy) built from the same configuration.
import type { Plugin } from 'vite';

export interface RuntimeConfig {
  readonly portalUrl: string;
  readonly apiUrl: string;
  readonly clientId: string;
  readonly apiScope: string;
  readonly brandName: string;
  readonly environment: 'development' | 'test' | 'production';
  readonly idp: {
    readonly authority: string;
    readonly policies: {
      readonly signIn: string;
      readonly refresh: string;
      readonly passwordChange: string;
      readonly emailChange: string;
    };
  };
}

type Env = Readonly<Record<string, string | undefined>>;

const environments = ['development', 'test', 'production'] as const;

/** The configuration from environment variables (the local stack's defaults otherwise). */
export function runtimeConfigFromEnv(env: Env): RuntimeConfig {
  const port = env.PORTAL_PORT ?? '5173';
  const nodeEnv = env.NODE_ENV ?? 'production';
  return {
    portalUrl: trimSlash(env.PORTAL_URL ?? `http://localhost:${port}`),
    apiUrl: trimSlash(env.API_URL ?? 'http://localhost:4000'),
    clientId: env.PORTAL_CLIENT_ID ?? 'hk-portal',
    apiScope: env.API_SCOPE ?? 'api://portal-api/access',
    brandName: env.BRAND_NAME ?? 'HK Küchen',
    environment: environments.find((e) => e === nodeEnv) ?? 'production',
    idp: {
      authority: trimSlash(env.IDP_AUTHORITY ?? 'http://localhost:4001'),
      policies: {
        signIn: env.IDP_SIGNIN_POLICY ?? 'b2c_1a_signin',
        refresh: env.IDP_REFRESH_POLICY ?? 'b2c_1a_refresh',
        passwordChange: env.IDP_PASSWORD_POLICY ?? 'b2c_1a_password_change',
        emailChange: env.IDP_EMAIL_POLICY ?? 'b2c_1a_email_change',
      },
    },
  };
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function origin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/** A strict CSP: no inline script, no plugins, no base, no framing; calls only to the API and the provider. */
export function contentSecurityPolicy(config: RuntimeConfig): string {
  const api = origin(config.apiUrl);
  const idp = origin(config.idp.authority);
  const connect = ["'self'", api, idp].filter((s, i, all) => s !== '' && all.indexOf(s) === i).join(' ');
  // blob: for the preview of a logo chosen for upload (shown through <img>, never inline).
  const images = ["'self'", 'data:', 'blob:', api, 'https:'].filter((s, i, all) => s !== '' && all.indexOf(s) === i).join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${images}`,
    "font-src 'self'",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

export function securityHeaders(config: RuntimeConfig): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  };
}

/** Serves `/config.json` from the environment on `vite preview` (before the static files). */
export function runtimeConfigPlugin(env: Env): Plugin {
  return {
    name: 'portal-runtime-config',
    configurePreviewServer(server) {
      const config = runtimeConfigFromEnv(env);
      const body = JSON.stringify(config);
      server.middlewares.use((req, res, next) => {
        if (req.url === '/config.json' || req.url?.startsWith('/config.json?') === true) {
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.setHeader('Cache-Control', 'no-store');
          res.end(body);
          return;
        }
        next();
      });
    },
  };
}
