import { describe, expect, it } from 'vitest';
import { isHttpError, toPortalError } from '@portal/core';
import { createMySessionsApi } from './my-sessions.ts';
import { isNetworkError } from './errors.ts';

const session = {
  id: 's1',
  device: { browser: 'Chrome 156', os: 'Linux', type: 'desktop' },
  createdAt: '2026-11-25T08:00:00.000Z',
  lastSeenAt: '2026-11-25T09:00:00.000Z',
  current: true,
};

function api(answer: (path: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: { path: string; method: string; lang: string | null }[] = [];
  let unauthenticated = 0;
  const sessions = createMySessionsApi({
    getLanguage: () => 'fr',
    onUnauthenticated: () => {
      unauthenticated += 1;
    },
    fetch: async (input, init = {}) => {
      const path = input instanceof Request ? input.url : input.toString();
      calls.push({ path, method: init.method ?? 'GET', lang: new Headers(init.headers).get('lang') });
      return answer(path, init);
    },
  });
  return { sessions, calls, unauthenticated: () => unauthenticated };
}

describe("the user's sessions at the portal server", () => {
  it("lists, ends one and ends the others, with the page's language", async () => {
    const { sessions, calls } = api((path, init) => {
      if (init.method === 'DELETE') return new Response(null, { status: 204 });
      if (init.method === 'POST') return Response.json({ ended: 2 });
      return Response.json({ sessions: [session] });
    });
    expect(await sessions.list()).toEqual([session]);
    await sessions.end('a/b');
    expect(await sessions.endOthers()).toBe(2);
    expect(calls).toEqual([
      { path: '/auth/sessions', method: 'GET', lang: 'fr' },
      { path: '/auth/sessions/a%2Fb', method: 'DELETE', lang: 'fr' },
      { path: '/auth/sessions/end-others', method: 'POST', lang: 'fr' },
    ]);
  });

  it('a §8 error keeps its message; a 401 says the session ended', async () => {
    const body = { error: { code: 'session.notFound', message: 'Cette session n’existe plus.', errors: [] } };
    const { sessions, unauthenticated } = api((path) =>
      Response.json(path.endsWith('/x') ? body : { error: { code: 'session.ended', message: 'fin', errors: [] } }, {
        status: path.endsWith('/x') ? 404 : 401,
      }),
    );
    const failure = await sessions.end('x').catch((error: unknown) => error);
    expect(isHttpError(failure)).toBe(true);
    expect(toPortalError(failure)).toMatchObject({
      kind: 'http',
      httpStatus: 404,
      server: { message: 'Cette session n’existe plus.' },
    });
    await expect(sessions.list()).rejects.toMatchObject({ status: 401 });
    expect(unauthenticated()).toBe(1);
  });

  it('a malformed answer is refused whole; no answer is a network error', async () => {
    await expect(api(() => Response.json({ sessions: [{ id: 1 }] })).sessions.list()).rejects.toMatchObject({
      name: 'PortalFailure',
      error: { kind: 'unexpected', status: 500 },
    });
    await expect(api(() => Response.json({ ended: 'many' })).sessions.endOthers()).rejects.toMatchObject({
      error: { kind: 'unexpected', status: 500 },
    });
    const offline = await api(() => {
      throw new TypeError('Failed to fetch');
    })
      .sessions.list()
      .catch((error: unknown) => error);
    expect(isNetworkError(offline)).toBe(true);
  });
});
