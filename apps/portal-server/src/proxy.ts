// `/api/*` through the portal server (issue #15): the API is called with the session's access
// token as bearer (refreshed first when due, once per session however many calls wait, and
// once across instances: core's refresh under the session's own lock, in the process and in
// PostgreSQL; sessions never wait for each other, issue #28), with the page's
// `lang` header; nothing of the browser's cookies reaches the API and nothing of the API's
// cookies reaches the browser. Bodies over the limits are refused here (413), and JSON nested
// deeper than core's limit (400 validation.jsonDepth, the API's rule), before any byte goes
// upstream; every upstream call has a timeout; one request's failure is its own.
import type { AuthConfig } from '@portal/core';
import {
  isJsonContentType,
  jsonBodyMaxBytes,
  jsonNestsTooDeep,
  refreshDueIn,
  refreshSession,
  toPortalError,
} from '@portal/core';
import { createCryptoRandom, createSubtleDigest, createSystemClock } from '@portal/adapters';
import { directoryUserId, readBoundedBody } from '@portal/server';
import type { IdentityProvider } from '@portal/core';
import type { RefreshLocks, SessionRecord, Sessions } from './sessions.ts';
import { errorBody, type ServerErrorCode } from './messages.ts';
import { isUpstreamTimeout, runUpstream } from './upstream.ts';

export const apiPrefix = '/api';
/** JSON and every other body: 1 MiB (core's limit of a JSON body). */
const jsonBodyLimit = jsonBodyMaxBytes;
/** A logo upload: the 2 MB file plus the multipart envelope. */
const multipartBodyLimit = 2 * 1024 * 1024 + 64 * 1024;

const forwardedRequestHeaders = [
  'accept',
  'content-type',
  'lang',
  'if-match',
  'if-none-match',
  'accept-language',
  // A job's submit (#28.6): the API answers the same key with the first job.
  'idempotency-key',
];
const droppedResponseHeaders = new Set([
  'set-cookie',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-encoding',
  'content-length',
  'proxy-authenticate',
  'upgrade',
  'trailer',
  'te',
]);

export interface ProxyDeps {
  readonly apiUrl: string;
  readonly authConfig: AuthConfig;
  readonly identityProvider: IdentityProvider;
  readonly sessions: Sessions;
  /** Each session's refresh lock. */
  readonly locks: RefreshLocks;
  readonly timeoutMs: number;
  readonly fetch?: typeof globalThis.fetch;
  /** The time (tests move it; default the system's). */
  readonly now?: () => number;
}

export interface ProxyRequest {
  readonly request: Request;
  readonly session: SessionRecord | undefined;
  /** Language of the §8 messages of this server. */
  readonly language: string | undefined;
  readonly forwardedFor: string;
}

export interface ProxyAnswer {
  readonly response: Response;
  /** The session ended here (a refresh failed): the cookie must go. */
  readonly sessionEnded: boolean;
}

export function errorResponse(
  status: number,
  code: ServerErrorCode,
  language: string | undefined,
  extra: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(errorBody(code, language)), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...extra },
  });
}

/**
 * The request's body, read up to its limit; `undefined` when it is over (413). A refused body is
 * drained first by the servers' shared `readBoundedBody` (@portal/server: up to its drain cap, for
 * at most its drain time), so a client still sending reads the 413 instead of a reset on its write.
 */
async function boundedBody(request: Request): Promise<ArrayBuffer | null | undefined> {
  if (request.body === null) return null;
  const limit = (request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')
    ? multipartBodyLimit
    : jsonBodyLimit;
  const read = await readBoundedBody(request.body, limit, Number(request.headers.get('content-length') ?? 'NaN'));
  return read.kind === 'read' ? read.bytes.buffer : undefined;
}

export function createApiProxy(deps: ProxyDeps) {
  const systemClock = createSystemClock();
  const clock = deps.now === undefined ? systemClock : { ...systemClock, now: deps.now };
  // The user's id is the directory's id of their subject, as the API names them (ADR 0029).
  const platform = {
    clock,
    random: createCryptoRandom(),
    digest: createSubtleDigest(),
    userIds: { of: directoryUserId },
  };

  /**
   * A fresh access token for the session (refreshing once when due); undefined when the
   * session ended. A refresh the provider refused (or answered wrongly) ends the session; one
   * that could not be made (provider or database unreachable, the session's lock held too long
   * by another instance) throws, and the session stays.
   */
  async function accessToken(record: SessionRecord, force: boolean): Promise<string | undefined> {
    if (!force && refreshDueIn(record.tokens, platform.clock.now()) > 0) return record.tokens.accessToken;
    try {
      const refreshed = await refreshSession(
        {
          ...platform,
          sessionStore: deps.sessions.storeFor(record.idHash),
          lock: deps.locks.forSession(record.idHash),
          identityProvider: deps.identityProvider,
        },
        { config: deps.authConfig, session: record.tokens, user: record.user },
      );
      if (refreshed.user !== record.user) await deps.sessions.save(record.idHash, refreshed.session, refreshed.user);
      return refreshed.session.accessToken;
    } catch (error) {
      const failure = toPortalError(error);
      if (failure.kind !== 'auth' || failure.code === 'auth.network') throw error;
      await deps.sessions.remove(record.idHash);
      return undefined;
    }
  }

  return async function proxy({ request, session, language, forwardedFor }: ProxyRequest): Promise<ProxyAnswer> {
    const url = new URL(request.url);
    const path = url.pathname.slice(apiPrefix.length) || '/';
    const body = await boundedBody(request);
    if (body === undefined)
      return {
        response: errorResponse(413, 'request.tooLarge', language, { Connection: 'close' }),
        sessionEnded: false,
      };
    if (
      body !== null &&
      isJsonContentType(request.headers.get('content-type')) &&
      jsonNestsTooDeep(new Uint8Array(body))
    )
      return { response: errorResponse(400, 'validation.jsonDepth', language), sessionEnded: false };

    const headers = new Headers();
    for (const name of forwardedRequestHeaders) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    // A navigation (a CSV download by link) carries no `lang`: the device's language (cookie) then.
    if (!headers.has('lang') && language !== undefined) headers.set('lang', language);
    headers.set('X-Forwarded-For', forwardedFor);
    headers.set('X-Forwarded-Proto', url.protocol.replace(':', ''));
    headers.set('X-Forwarded-Host', url.host);

    let token: string | undefined;
    try {
      token = session === undefined ? undefined : await accessToken(session, false);
    } catch {
      return { response: errorResponse(502, 'upstream.unavailable', language), sessionEnded: false };
    }
    if (session !== undefined && token === undefined)
      return { response: errorResponse(401, 'session.ended', language), sessionEnded: true };

    const send = (bearer: string | undefined) => {
      const h = new Headers(headers);
      if (bearer !== undefined) h.set('Authorization', `Bearer ${bearer}`);
      return runUpstream(
        `${deps.apiUrl}${path}${url.search}`,
        { method: request.method, headers: h, body, redirect: 'manual' },
        {
          timeoutMs: deps.timeoutMs,
          ...(deps.fetch === undefined ? {} : { fetch: deps.fetch }),
        },
      );
    };
    try {
      let upstream = await send(token);
      if (upstream.status === 401 && session !== undefined) {
        // The token was refused before its time: one refresh (shared with every waiting call), one retry.
        await upstream.body?.cancel().catch(() => undefined);
        const fresh = await accessToken({ ...session, tokens: { ...session.tokens, accessToken: token ?? '' } }, true);
        if (fresh === undefined) return { response: errorResponse(401, 'session.ended', language), sessionEnded: true };
        upstream = await send(fresh);
      }
      const responseHeaders = new Headers();
      upstream.headers.forEach((value, name) => {
        if (!droppedResponseHeaders.has(name.toLowerCase())) responseHeaders.set(name, value);
      });
      return {
        response: new Response(upstream.body, { status: upstream.status, headers: responseHeaders }),
        sessionEnded: false,
      };
    } catch (error) {
      return {
        response: errorResponse(
          isUpstreamTimeout(error) ? 504 : 502,
          isUpstreamTimeout(error) ? 'upstream.timeout' : 'upstream.unavailable',
          language,
        ),
        sessionEnded: false,
      };
    }
  };
}
