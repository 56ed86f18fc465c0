// The portal server's own addresses the page calls (issues #15, #20.5): sign-out, and the
// user's sessions. The server deletes the session and clears its cookie, then says where to
// go (the provider's end session only when the provider answers; else the sign-out page).
// Answers that are not a success become core's HttpError (the §8 body kept for the message).
import type { MySession } from '@portal/core';
import { authRoutes, decodeEndedCount, decodeMySessions, HttpError, invalidAnswer } from '@portal/core';
import { allowedLanguage } from '../locale/locale-store.ts';
import { NetworkError } from './errors.ts';

export async function signOutAtPortalServer(fetchImpl: typeof fetch = fetch): Promise<string> {
  const response = await fetchImpl('/auth/logout', { method: 'POST', headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`sign-out answered ${response.status}`);
  const body = (await response.json()) as { redirect?: unknown };
  return typeof body.redirect === 'string' ? body.redirect : authRoutes.logoutSuccess;
}

export interface MySessionsApi {
  list(): Promise<readonly MySession[]>;
  /** Signs out one of the user's other sessions. */
  end(id: string): Promise<void>;
  /** Signs out every session but this one; answers how many ended. */
  endOthers(): Promise<number>;
}

export interface MySessionsApiOptions {
  readonly getLanguage: () => string;
  /** The server answered 401: this browser's session has ended. */
  readonly onUnauthenticated: () => void;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

const sessionsPath = '/auth/sessions';

export function createMySessionsApi(options: MySessionsApiOptions): MySessionsApi {
  const send = options.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
  const call = async (method: 'GET' | 'POST' | 'DELETE', path: string): Promise<unknown> => {
    let response: Response;
    try {
      response = await send(path, {
        method, credentials: 'same-origin', signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        headers: { Accept: 'application/json', lang: allowedLanguage(options.getLanguage()) },
      });
    } catch (cause) {
      throw new NetworkError({ timedOut: (cause as { name?: unknown } | null)?.name === 'TimeoutError', write: method !== 'GET', cause });
    }
    const body: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
    if (response.status === 401) options.onUnauthenticated();
    if (!response.ok) throw new HttpError(response.status, body);
    return body;
  };
  return {
    async list() {
      const sessions = decodeMySessions(await call('GET', sessionsPath));
      if (sessions === undefined) throw invalidAnswer;
      return sessions;
    },
    async end(id) {
      await call('DELETE', `${sessionsPath}/${encodeURIComponent(id)}`);
    },
    async endOthers() {
      const ended = decodeEndedCount(await call('POST', `${sessionsPath}/end-others`));
      if (ended === undefined) throw invalidAnswer;
      return ended;
    },
  };
}
