// The HTTP application: CORS for the portal, the lang header, body limits, the error shape,
// and every route of the contract.
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { sql } from 'kysely';
import type { AppEnv, Deps } from './context.ts';
import { MAX_JSON_BYTES } from './http/body.ts';
import { ApiError, errorBody } from './http/errors.ts';
import { limitBody } from './http/limit.ts';
import { pickLanguage, translate } from './http/messages.ts';
import { invalidCharacter, isStorableText } from './http/text.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { applicationRoutes } from './routes/applications/index.ts';
import { MAX_LOGO_BYTES } from './routes/applications/images.ts';
import { entityRoutes } from './routes/entities/index.ts';
import { internalRoutes } from './routes/internal.ts';
import { myRoutes } from './routes/my/index.ts';
import { userRoutes } from './routes/users.ts';

export interface AppOptions extends Deps {
  /** Origins allowed by CORS (the portal's URL). */
  corsOrigins: readonly string[];
}

export function createApp(options: AppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    c.set('lang', pickLanguage(c.req.header('lang')));
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
  });
  app.use(
    '*',
    cors({
      origin: (origin) => (options.corsOrigins.includes(origin) ? origin : null),
      allowHeaders: ['Authorization', 'lang', 'Content-Type', 'Accept', 'Idempotency-Key'],
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      // Not CORS-safelisted: a page on the portal's origin could not read them otherwise (Location: a job's, #28.6).
      exposeHeaders: ['Retry-After', 'Location'],
      maxAge: 600,
    }),
  );
  // A path or query with text the database cannot store (NUL): no entity has such an id (404),
  // no query parameter takes such a value (400). Decoding errors are 400 (onError).
  app.use('*', async (c, next) => {
    let path = c.req.path;
    try {
      path = decodeURIComponent(path);
    } catch {
      // Hono hands over the path decoded already when it can.
    }
    if (!isStorableText(path)) throw new ApiError(404, 'notFound');
    const bad = Object.entries(c.req.queries()).filter(
      ([name, values]) => !isStorableText(name) || values.some((v) => !isStorableText(v)),
    );
    if (bad.length) throw invalidCharacter(bad.map(([name]) => (isStorableText(name) ? name : undefined)));
    return next();
  });
  // Body limits: JSON 1 MB, the logo upload 2 MB and its multipart frame; a refused body leaves the connection usable.
  const jsonLimit = limitBody(
    MAX_JSON_BYTES,
    () =>
      new ApiError(400, 'bodyTooLarge', {
        args: ['', '1 MB'],
        problems: [{ key: 'bodyTooLarge', args: ['', '1 MB'] }],
      }),
  );
  const logoLimit = limitBody(
    MAX_LOGO_BYTES + 64 * 1024,
    () =>
      new ApiError(400, 'imageTooLarge', {
        code: 'image.tooLarge',
        problems: [{ key: 'imageTooLarge', field: 'file' }],
      }),
  );
  app.use('*', (c: Context<AppEnv, string>, next) =>
    (c.req.path === '/Applications/Image' && c.req.method === 'POST' ? logoLimit : jsonLimit)(c, next),
  );

  app.get('/health', async (c) => {
    await sql`SELECT 1`.execute(options.db);
    return c.json({ status: 'ok' as const });
  });

  app.route('/', myRoutes(options));
  app.route('/', adminRoutes(options));
  app.route('/', applicationRoutes(options));
  app.route('/', entityRoutes(options));
  app.route('/', userRoutes(options));
  app.route('/', internalRoutes(options));

  app.notFound(() => {
    throw new ApiError(404, 'notFound');
  });

  app.onError((err, c) => {
    const lang = c.get('lang') ?? 'de';
    const e = err instanceof ApiError ? err : isMalformedUri(err) ? new ApiError(400, 'badRequest') : fromDatabase(err);
    if (!e) {
      console.error('unexpected error', err);
      return c.json({ error: { code: '500', message: translate('internal', lang), errors: [] } }, 500);
    }
    if (e.status === 503) c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return c.json(errorBody(e, lang), e.status);
  });

  return app;
}

function isMalformedUri(err: Error): boolean {
  return err instanceof URIError;
}

/** Seconds a client waits before it tries again when the database cannot be reached. */
const RETRY_AFTER_SECONDS = 5;

/** The database cannot be reached for now: refused or lost connection, restarting, no connection free. */
function isUnavailable(err: Error): boolean {
  const { code: raw } = err as { code?: unknown };
  const code = typeof raw === 'string' ? raw : '';
  if (/^08/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'].includes(code))
    return true;
  return /^Connection terminated|timeout exceeded when trying to connect/.test(err.message);
}

/** Constraint violations that a race between two requests can still cause; a database out of reach. */
function fromDatabase(err: Error): ApiError | undefined {
  if (isUnavailable(err)) return new ApiError(503, 'unavailable');
  const code = (err as { code?: unknown }).code;
  if (code === '23505') return new ApiError(409, 'conflict');
  if (code === '23503') return new ApiError(400, 'referenceNotFound', { code: 'reference.notFound', args: [''] });
  if (code === '22P02' || code === '22001' || code === '22003') return new ApiError(400, 'badRequest');
  if (code === '40001' || code === '40P01') return new ApiError(409, 'conflict');
  // Text the database cannot store that got past the checks of bodies, paths and queries.
  if (code === '22021' || code === '22P05') return invalidCharacter([undefined]);
  return undefined;
}
