// The user's sessions at the portal server (issue #20.5): list, sign out one, sign out all the
// others. Answers that are not a success become core's HttpError (the §8 body kept for its
// message). A module of its own: the page loads it on first use, not with the first route.
import type { MySession } from '@portal/core';
import { decodeEndedCount, decodeMySessions, HttpError, invalidAnswer, PortalFailure } from '@portal/core';
import { allowedLanguage } from '../locale/locale-store.ts';
import { NetworkError } from './errors.ts';

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
        method,
        credentials: 'same-origin',
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        headers: { Accept: 'application/json', lang: allowedLanguage(options.getLanguage()) },
      });
    } catch (cause) {
      throw new NetworkError({
        timedOut: (cause as { name?: unknown } | null)?.name === 'TimeoutError',
        write: method !== 'GET',
        cause,
      });
    }
    const body: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
    if (response.status === 401) options.onUnauthenticated();
    if (!response.ok) throw new HttpError(response.status, body);
    return body;
  };
  return {
    async list() {
      const sessions = decodeMySessions(await call('GET', sessionsPath));
      if (sessions === undefined) throw new PortalFailure(invalidAnswer);
      return sessions;
    },
    async end(id) {
      await call('DELETE', `${sessionsPath}/${encodeURIComponent(id)}`);
    },
    async endOthers() {
      const ended = decodeEndedCount(await call('POST', `${sessionsPath}/end-others`));
      if (ended === undefined) throw new PortalFailure(invalidAnswer);
      return ended;
    },
  };
}
