import { describe, expect, it } from 'vitest';
import { fromHttpStatus, toPortalError } from '@portal/core';
import { apiPathOf, createApiFetch, defaultRetryPolicy, isApiPath } from './api-fetch.ts';
import type { ApiFetchOptions, FetchLike } from './api-fetch.ts';
import { createApiClient, unwrap, unwrapVoid } from './client.ts';
import { NetworkError, isNetworkError } from './errors.ts';
import { createPortalApi } from './portal-api.ts';
import { uploadApplicationImage } from './image-upload.ts';

const base = 'https://api.example';

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: Headers;
  readonly credentials: RequestCredentials;
  readonly body: string;
}

/** A scripted fetch: each call takes the next answer (a Response, an Error to throw, or a function). */
function fakeFetch(answers: Array<Response | Error | ((request: Request) => Promise<Response>)>) {
  const seen: Seen[] = [];
  const fetch: FetchLike = async (request) => {
    seen.push({
      method: request.method,
      url: request.url,
      headers: request.headers,
      credentials: request.credentials,
      body: await request.clone().text(),
    });
    const next = answers.shift() ?? new Response('{}', { status: 200 });
    if (next instanceof Error) throw next;
    if (typeof next === 'function') return next(request);
    return next;
  };
  return { fetch, seen };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function options(fetch: FetchLike, extra: Partial<ApiFetchOptions> = {}) {
  const sleeps: number[] = [];
  let unauthenticated = 0;
  const opts: ApiFetchOptions = {
    baseUrl: base,
    fetch,
    getLanguage: () => 'fr',
    onUnauthenticated: () => {
      unauthenticated += 1;
    },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    now: () => Date.UTC(2026, 0, 1),
    ...extra,
  };
  return { opts, sleeps, unauthenticated: () => unauthenticated };
}

describe('headers', () => {
  it('API paths carry lang and Accept JSON, with the session cookie (same-origin) and no token (the page holds none)', async () => {
    const { fetch, seen } = fakeFetch([json(200, { ok: true })]);
    const { opts } = options(fetch);
    await createApiFetch(opts)(new Request(`${base}/My/Profile`));
    expect(seen[0]?.headers.get('lang')).toBe('fr');
    expect(seen[0]?.headers.get('accept')).toBe('application/json');
    expect(seen[0]?.headers.get('authorization')).toBeNull();
    expect(seen[0]?.credentials).toBe('same-origin');
  });

  it('a language off the allow-list becomes de', async () => {
    const { fetch, seen } = fakeFetch([json(200, {})]);
    const o = options(fetch, { getLanguage: () => 'xx\r\nEvil: 1' });
    await createApiFetch(o.opts)(new Request(`${base}/My/Profile`));
    expect(seen[0]?.headers.get('lang')).toBe('de');
  });

  it('URLs outside the API base (other hosts, //host) carry neither lang nor token', async () => {
    const { fetch, seen } = fakeFetch([json(200, {}), json(200, {})]);
    const apiFetch = createApiFetch(options(fetch).opts);
    await apiFetch(new Request('https://other.example/My/Profile'));
    await apiFetch(new Request(`${base}.evil.example/My/Profile`));
    for (const s of seen) {
      expect(s.headers.get('authorization')).toBeNull();
      expect(s.headers.get('lang')).toBeNull();
    }
  });

  it('path rule: a single leading slash only', () => {
    expect(isApiPath('/My/Profile')).toBe(true);
    expect(isApiPath('//evil.example/x')).toBe(false);
    expect(isApiPath('/\\evil.example')).toBe(false);
    expect(isApiPath('My/Profile')).toBe(false);
    expect(apiPathOf(`${base}/Users`, `${base}/`)).toBe('/Users');
    expect(apiPathOf(`${base}//x`, base)).toBeUndefined();
    expect(apiPathOf('https://x.example/Users', base)).toBeUndefined();
  });
});

describe('401: the session ended at the server', () => {
  it('a 401 of the API is the unauthenticated outcome at once: no retry, no loop', async () => {
    const { fetch, seen } = fakeFetch([json(401, {})]);
    const o = options(fetch);
    const response = await createApiFetch(o.opts)(new Request(`${base}/My/Profile`));
    expect(response.status).toBe(401);
    expect(seen).toHaveLength(1);
    expect(o.unauthenticated()).toBe(1);
  });

  it('a 401 from elsewhere is only an answer', async () => {
    const { fetch } = fakeFetch([json(401, {})]);
    const o = options(fetch);
    expect((await createApiFetch(o.opts)(new Request('https://other.example/x'))).status).toBe(401);
    expect(o.unauthenticated()).toBe(0);
  });

  it('403 is an answer: no retry, the session goes on', async () => {
    const { fetch, seen } = fakeFetch([json(403, { error: { code: '403', message: 'Kein Zugriff', errors: [] } })]);
    const o = options(fetch);
    expect((await createApiFetch(o.opts)(new Request(`${base}/Admin/Applications`))).status).toBe(403);
    expect(seen).toHaveLength(1);
    expect(o.unauthenticated()).toBe(0);
  });
});

describe('429 and 503: Retry-After, capped, idempotent only', () => {
  it('GET waits Retry-After seconds and retries', async () => {
    const { fetch, seen } = fakeFetch([json(429, {}, { 'retry-after': '2' }), json(200, {})]);
    const o = options(fetch);
    expect((await createApiFetch(o.opts)(new Request(`${base}/Users`))).status).toBe(200);
    expect(o.sleeps).toEqual([2000]);
    expect(seen).toHaveLength(2);
  });

  it('Retry-After as an HTTP date', async () => {
    const { fetch } = fakeFetch([
      json(503, {}, { 'retry-after': new Date(Date.UTC(2026, 0, 1, 0, 0, 3)).toUTCString() }),
      json(200, {}),
    ]);
    const o = options(fetch);
    await createApiFetch(o.opts)(new Request(`${base}/Users`));
    expect(o.sleeps).toEqual([3000]);
  });

  it('a wait over the cap is cut to the cap; without Retry-After, backoff; retries are bounded', async () => {
    const long = fakeFetch([json(503, {}, { 'retry-after': '3600' }), json(503, {}), json(200, {})]);
    const o1 = options(long.fetch);
    expect((await createApiFetch(o1.opts)(new Request(`${base}/Users`))).status).toBe(200);
    expect(o1.sleeps).toEqual([defaultRetryPolicy.retryAfterCapMs, 600]);
    const always = fakeFetch([
      json(429, {}, { 'retry-after': '1' }),
      json(429, {}, { 'retry-after': '1' }),
      json(429, {}, { 'retry-after': '1' }),
      json(200, {}),
    ]);
    const o2 = options(always.fetch);
    expect((await createApiFetch(o2.opts)(new Request(`${base}/Users`))).status).toBe(429);
    expect(always.seen).toHaveLength(1 + defaultRetryPolicy.maxRetries);
  });

  it('writes are answered with the 429/503 as it is, never retried', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const { fetch, seen } = fakeFetch([json(503, {}, { 'retry-after': '1' })]);
      const o = options(fetch);
      expect(
        (
          await createApiFetch(o.opts)(
            new Request(`${base}/Applications`, { method, body: method === 'DELETE' ? null : '{}' }),
          )
        ).status,
      ).toBe(503);
      expect(seen).toHaveLength(1);
      expect(o.sleeps).toEqual([]);
    }
  });

  it('an unreadable or blank Retry-After: the backoff', async () => {
    const { fetch } = fakeFetch([
      json(503, {}, { 'retry-after': 'soon' }),
      json(429, {}, { 'retry-after': ' ' }),
      json(200, {}),
    ]);
    const o = options(fetch);
    expect((await createApiFetch(o.opts)(new Request(`${base}/Users`))).status).toBe(200);
    expect(o.sleeps).toEqual([300, 600]);
  });
});

describe('network failures and timeouts', () => {
  it('GET retries with bounded exponential backoff, then fails as a network error', async () => {
    const { fetch, seen } = fakeFetch([
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch'),
    ]);
    const o = options(fetch);
    const failure = await createApiFetch(o.opts)(new Request(`${base}/Users`)).catch((e: unknown) => e);
    expect(isNetworkError(failure)).toBe(true);
    expect(seen).toHaveLength(3);
    expect(o.sleeps).toEqual([300, 600]);
    expect(toPortalError(failure)).toEqual({ kind: 'unexpected', status: 500 });
  });

  it('GET that recovers', async () => {
    const { fetch } = fakeFetch([new TypeError('offline'), json(200, { ok: true })]);
    expect((await createApiFetch(options(fetch).opts)(new Request(`${base}/Users`))).status).toBe(200);
  });

  it('a write is never retried: one attempt, a network error marked as a write', async () => {
    const { fetch, seen } = fakeFetch([new TypeError('Failed to fetch')]);
    const failure = await createApiFetch(options(fetch).opts)(
      new Request(`${base}/My/Profile`, { method: 'PUT', body: '{}' }),
    ).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(NetworkError);
    expect((failure as NetworkError).write).toBe(true);
    expect(seen).toHaveLength(1);
  });

  it('a request without an answer times out (and a GET is retried after it)', async () => {
    const hang = (request: Request) =>
      new Promise<Response>((_, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason as Error));
      });
    const { fetch, seen } = fakeFetch([hang, json(200, {})]);
    const o = options(fetch, { retry: { timeoutMs: 1 } });
    expect((await createApiFetch(o.opts)(new Request(`${base}/Users`))).status).toBe(200);
    expect(seen).toHaveLength(2);
    const write = fakeFetch([hang]);
    const failure = await createApiFetch(options(write.fetch, { retry: { timeoutMs: 1 } }).opts)(
      new Request(`${base}/Users`, { method: 'POST', body: '{}' }),
    ).catch((e: unknown) => e);
    expect(failure).toMatchObject({ _tag: 'NetworkError', timedOut: true, write: true });
  });

  it('a caller abort is not retried', async () => {
    const controller = new AbortController();
    const { fetch, seen } = fakeFetch([
      async () => {
        controller.abort();
        throw new DOMException('aborted', 'AbortError');
      },
    ]);
    const failure = await createApiFetch(options(fetch).opts)(
      new Request(`${base}/Users`, { signal: controller.signal }),
    ).catch((e: unknown) => e);
    expect(failure).toMatchObject({ name: 'AbortError' });
    expect(seen).toHaveLength(1);
  });

  it('the body of a write goes with its content type', async () => {
    const { fetch, seen } = fakeFetch([json(200, { id: 'x' })]);
    await createApiFetch(options(fetch).opts)(
      new Request(`${base}/My/Profile`, {
        method: 'PUT',
        body: '{"firstName":"A"}',
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(seen.map((s) => s.body)).toEqual(['{"firstName":"A"}']);
    expect(seen[0]?.headers.get('content-type')).toBe('application/json');
  });
});

describe('the typed client and error mapping', () => {
  const error = (code: string, message: string, errors: unknown[] = []) => ({ error: { code, message, errors } });

  it.each([
    [
      400,
      error('400', 'Ungültige Eingabe', [{ message: 'zu lang', field: 'firstName' }]),
      {
        kind: 'http',
        status: 400,
        httpStatus: 400,
        server: { code: '400', message: 'Ungültige Eingabe', errors: [{ message: 'zu lang', field: 'firstName' }] },
      },
    ],
    [
      400,
      error('attribute.notEditable', 'Dieses Feld kann nicht bearbeitet werden', [
        { message: 'Dieses Feld kann nicht bearbeitet werden', field: 'attributes.0.value' },
      ]),
      { kind: 'http', status: 400, httpStatus: 400, server: { code: 'attribute.notEditable' } },
    ],
    [
      403,
      error('403', 'Kein Zugriff'),
      { kind: 'http', status: 403, httpStatus: 403, server: { message: 'Kein Zugriff' } },
    ],
    [404, error('404', 'Nicht gefunden'), { kind: 'http', status: 404, httpStatus: 404 }],
    [409, error('409', 'Bereits beantragt'), { kind: 'http', status: 500, httpStatus: 409, server: { code: '409' } }],
    [
      422,
      error('422', 'x', [{ message: 'm', field: 'url' }]),
      { kind: 'http', status: 500, httpStatus: 422, server: { errors: [{ message: 'm', field: 'url' }] } },
    ],
    [500, error('500', 'Unerwartet'), { kind: 'http', status: 500, httpStatus: 500 }],
  ])('%i %j', async (status, body, expected) => {
    const { fetch } = fakeFetch([json(status, body)]);
    const client = createApiClient(options(fetch).opts);
    const failure = await unwrap(client.GET('/My/Profile')).catch((e: unknown) => e);
    expect(toPortalError(failure)).toMatchObject(expected);
  });

  it.each([
    [
      'an HTML 502 page',
      new Response('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    ],
    ['null', json(500, null)],
    ['an unknown shape', json(400, { message: 'no envelope' })],
    ['an empty body', new Response(null, { status: 500 })],
  ])('%s gives the generic message (no server text)', async (_label, response) => {
    const { fetch } = fakeFetch([response]);
    const failure = await unwrap(createApiClient(options(fetch).opts).GET('/My/Profile')).catch((e: unknown) => e);
    const mapped = toPortalError(failure);
    expect(mapped.kind).toBe('http');
    expect(mapped.kind === 'http' && mapped.server).toBeUndefined();
    expect(mapped).toEqual(fromHttpStatus(response.status));
  });

  it('a 200 without a body is no answer', async () => {
    const { fetch } = fakeFetch([new Response(null, { status: 200, headers: { 'content-length': '0' } })]);
    await expect(unwrap(createApiClient(options(fetch).opts).GET('/My/Profile'))).rejects.toMatchObject({
      _tag: 'HttpError',
      status: 502,
    });
    const ok = fakeFetch([new Response(null, { status: 204 })]);
    await expect(
      unwrapVoid(createApiClient(options(ok.fetch).opts).DELETE('/Users/{id}', { params: { path: { id: 'x' } } })),
    ).resolves.toBeUndefined();
  });

  it('POST /Applications/Image sends multipart with the field file', async () => {
    const { fetch, seen } = fakeFetch([json(201, { url: '/Applications/Image/1.svg' })]);
    const client = createApiClient(options(fetch).opts);
    const answer = await uploadApplicationImage(
      client,
      new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' }),
      'logo.svg',
    );
    expect(answer).toEqual({ url: '/Applications/Image/1.svg' });
    expect(seen[0]?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toContain('name="file"; filename="logo.svg"');
    expect(seen[0]?.body).toContain('<svg');
  });
});

describe('PortalApi mapping', () => {
  const app = { id: 'kp', label: 'Planner', logoUrl: null, url: 'https://kp.example', internal: false };

  it('maps the gate answers into core terms', async () => {
    const answers = [
      json(200, { status: 'ok', application: app }),
      json(200, {
        status: 'missingAttributes',
        application: app,
        missingAttributes: [{ id: 'a1', key: 'customerNo', label: 'Kundennummer', dataType: 'NUMBER' }],
      }),
      json(200, { status: 'customFlow', application: app, customFlow: { id: 'f1', key: 'onboarding' } }),
      json(200, { status: 'noAccess', application: app, requestable: true }),
      json(200, { status: 'noAccess', application: app, requestable: false }),
      json(200, { status: 'requested', application: app }),
    ];
    const { fetch, seen } = fakeFetch(answers);
    const api = createPortalApi(createApiClient(options(fetch).opts));
    const results = [];
    for (let i = 0; i < 6; i += 1) results.push(await api.authCheck({ clientId: 'kp' }));
    expect(results).toEqual([
      { status: 'ok', applicationId: 'kp', url: 'https://kp.example' },
      {
        status: 'missingAttributes',
        applicationId: 'kp',
        attributes: [
          { attributeId: 'a1', key: 'customerNo', label: 'Kundennummer', dataType: 'NUMBER', required: true },
        ],
      },
      { status: 'customFlow', applicationId: 'kp', flowKey: 'onboarding' },
      { status: 'noAccess', applicationId: 'kp', internal: false, requested: false },
      { status: 'noAccess', applicationId: 'kp', internal: true, requested: false },
      { status: 'noAccess', applicationId: 'kp', internal: false, requested: true },
    ]);
    expect(seen[0]?.url).toBe(`${base}/AuthCheck?clientId=kp`);
  });

  it('submits attributes, decisions and access requests in wire form', async () => {
    const { fetch, seen } = fakeFetch([
      json(200, { status: 'ok', application: app }),
      json(200, {}),
      json(200, {}),
      json(201, { id: 'r', applicationId: 'kp', status: 'OPEN', requestedAt: '2026-01-01T00:00:00Z' }),
    ]);
    const api = createPortalApi(createApiClient(options(fetch).opts));
    await api.submitAttributes({ applicationId: 'kp' }, { customerNo: '42' });
    await api.decideAccessRequest('r1', { kind: 'accept', roleIds: ['ro1'], accountAccessIds: [] });
    await api.decideAccessRequest('r1', { kind: 'deny' });
    await api.requestAccess({ clientId: 'kp' }, { accountAccessId: 'aa1', justification: 'Filiale Süd' });
    expect(seen.map((s) => [s.method, s.url.slice(base.length), JSON.parse(s.body) as unknown])).toEqual([
      ['POST', '/AuthCheck', { clientId: 'kp', attributes: [{ key: 'customerNo', value: '42' }] }],
      ['PUT', '/Admin/Applications/AccessRequests/r1', { decision: 'ACCEPT', roleIds: ['ro1'] }],
      ['PUT', '/Admin/Applications/AccessRequests/r1', { decision: 'DENY' }],
      ['POST', '/My/Applications/kp/AccessRequest', { accountAccessId: 'aa1', justification: 'Filiale Süd' }],
    ]);
  });

  it('reads every page of the administrable applications', async () => {
    const item = (i: number) => ({
      ...app,
      id: `a${i}`,
      accessRequestsAmount: i,
      permissions: { manageAccessRequests: i % 2 === 0 },
    });
    const { fetch, seen } = fakeFetch([
      json(200, { items: Array.from({ length: 100 }, (_, i) => item(i)), total: 101 }),
      json(200, { items: [item(100)], total: 101 }),
    ]);
    const list = await createPortalApi(createApiClient(options(fetch).opts)).listAdministrableApplications();
    expect(list).toHaveLength(101);
    // The contract's AdminApplication as it is (core's AdministrableApplication), nothing mapped.
    expect(list[2]).toEqual(item(2));
    expect(seen.map((s) => new URL(s.url).searchParams.get('page'))).toEqual(['1', '2']);
  });

  it("reads each tile's favourite place and last launch, stores the favourites in their order and records a launch", async () => {
    const { fetch, seen } = fakeFetch([
      json(200, {
        items: [
          {
            ...app,
            id: 'a',
            description: '',
            sortNumber: 1,
            accessStatus: 'granted',
            favouritePosition: 0,
            lastLaunchedAt: '2026-11-25T08:00:00.000Z',
          },
          {
            ...app,
            id: 'b',
            description: '',
            sortNumber: 2,
            accessStatus: 'granted',
            favouritePosition: null,
            lastLaunchedAt: null,
          },
        ],
        total: 2,
      }),
      json(200, { applicationIds: ['b', 'a'] }),
      new Response(null, { status: 204 }),
    ]);
    const api = createPortalApi(createApiClient(options(fetch).opts));
    const [pinned, other] = await api.listMyApplications();
    expect(pinned).toMatchObject({ favouritePosition: 0, lastLaunchedAt: '2026-11-25T08:00:00.000Z' });
    expect(other && ('favouritePosition' in other || 'lastLaunchedAt' in other)).toBe(false);
    expect(await api.updateMyFavourites(['b', 'a'])).toEqual(['b', 'a']);
    expect(`${seen[1]?.method} ${seen[1]?.url.slice(base.length)}`).toBe('PUT /My/Favourites');
    expect(JSON.parse(seen[1]?.body ?? '')).toEqual({ applicationIds: ['b', 'a'] });
    await api.recordLaunch('a');
    expect(`${seen[2]?.method} ${seen[2]?.url.slice(base.length)}`).toBe('POST /My/Applications/a/Launch');
  });

  it('maps my applications, details, profile, flows and branding', async () => {
    const myApp = { ...app, description: 'd', sortNumber: 3, accessStatus: 'requested' };
    const attribute = {
      attributeId: 'a1',
      key: 'k',
      label: 'L',
      dataType: 'STRING',
      value: null,
      required: true,
      editable: false,
    };
    const profile = {
      id: 'u',
      email: 'e@x',
      firstName: 'A',
      lastName: 'B',
      fullName: 'A B',
      companyName: null,
      address: { city: 'Herford' },
      language: 'de',
      internal: true,
      canChangeEmail: false,
      canChangePassword: false,
      createdAt: '2026-01-01T00:00:00Z',
    };
    const { fetch, seen } = fakeFetch([
      json(200, { items: [myApp], total: 1 }),
      json(200, {
        application: myApp,
        accessSince: null,
        roles: [{ id: 'r', key: 'rk', label: 'RL' }],
        attributes: [attribute],
      }),
      json(200, { application: myApp, accessSince: '2026-01-01T00:00:00Z', roles: [], attributes: [attribute] }),
      json(200, profile),
      json(200, { ...profile, companyName: 'HK', address: null }),
      json(200, {
        id: 'f',
        key: 'onboarding',
        label: 'On',
        description: '',
        completed: false,
        attributes: [attribute],
      }),
      json(200, { id: 'f', key: 'onboarding', label: 'On', description: '', completed: true, attributes: [] }),
      json(200, { label: 'Shop', logoUrl: '/Applications/Image/x.svg', url: 'https://shop.example' }),
    ]);
    const api = createPortalApi(createApiClient(options(fetch).opts));
    expect(await api.listMyApplications({ onlyWithValues: true })).toEqual([
      expect.objectContaining({ id: 'kp', sortNumber: 3, accessStatus: 'requested', description: 'd' }),
    ]);
    expect(await api.getMyApplication('kp')).toMatchObject({
      roles: [{ id: 'r', key: 'rk', label: 'RL' }],
      attributes: [attribute],
    });
    expect(await api.updateMyAttributes('kp', [{ key: 'k', value: 'v' }])).toMatchObject({
      accessSince: '2026-01-01T00:00:00Z',
    });
    expect(await api.getProfile()).toMatchObject({
      address: { city: 'Herford' },
      internal: true,
      canChangeEmail: false,
    });
    expect(
      await api.updateProfile({ firstName: 'A', lastName: 'B', language: 'de', companyName: 'HK', address: null }),
    ).toMatchObject({ companyName: 'HK' });
    expect(await api.getCustomFlow('onboarding')).toMatchObject({ completed: false, attributes: [attribute] });
    expect(await api.submitCustomFlow('onboarding', [{ key: 'k', value: '1' }])).toMatchObject({ completed: true });
    expect(await api.getApplicationBranding('shop')).toEqual({
      clientId: 'shop',
      label: 'Shop',
      logoUrl: '/Applications/Image/x.svg',
      url: 'https://shop.example',
    });
    expect(seen.map((s) => `${s.method} ${s.url.slice(base.length)}`)).toEqual([
      'GET /My/Applications?onlyWithValues=true&page=1&pageSize=100',
      'GET /My/Applications/kp',
      'PUT /My/Attributes',
      'GET /My/Profile',
      'PUT /My/Profile',
      'GET /CustomFlow/onboarding',
      'POST /CustomFlow/onboarding',
      'GET /My/Applications/Branding/shop',
    ]);
    expect(JSON.parse(seen[2]?.body ?? '')).toEqual({ applicationId: 'kp', attributes: [{ key: 'k', value: 'v' }] });
    expect(JSON.parse(seen[4]?.body ?? '')).toEqual({
      firstName: 'A',
      lastName: 'B',
      language: 'de',
      companyName: 'HK',
      address: null,
    });
  });

  it('hands my data over as the file the server named, and its §8 error otherwise', async () => {
    const body = JSON.stringify({ exportedAt: '2026-11-25T10:00:00.000Z' });
    const { fetch } = fakeFetch([
      new Response(body, {
        status: 200,
        headers: {
          'content-type': 'application/json',
          'content-disposition': 'attachment; filename="hk-portal-meine-daten-2026-11-25.json"',
        },
      }),
      new Response(body, {
        status: 200,
        headers: {
          'content-type': 'application/json',
          'content-disposition': 'attachment; filename="../../etc/passwd"',
        },
      }),
      json(404, { error: { code: '404', message: 'Nicht gefunden.', errors: [] } }),
    ]);
    const api = createPortalApi(createApiClient(options(fetch).opts));
    const first = await api.exportMyData();
    expect(first.fileName).toBe('hk-portal-meine-daten-2026-11-25.json');
    expect(await first.file.text()).toBe(body);
    expect((await api.exportMyData()).fileName).toBe('hk-portal-meine-daten.json');
    await expect(api.exportMyData()).rejects.toMatchObject({
      status: 404,
      body: { error: { message: 'Nicht gefunden.' } },
    });
  });
});
