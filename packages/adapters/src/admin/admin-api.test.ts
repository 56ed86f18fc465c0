import { describe, expect, it } from 'vitest';
import { createApiClient } from '../http/client.ts';
import { createAdminApi, decisionBody, listQuery } from './admin-api.ts';

function fakeClient(answer: (url: URL, init: RequestInit) => Response) {
  const calls: { url: URL; method: string; body: string | undefined }[] = [];
  const client = createApiClient({
    baseUrl: 'https://api.test',
    getAccessToken: async () => 'token',
    refresh: async () => false,
    getLanguage: () => 'de',
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      const body = request.method === 'GET' ? undefined : await request.text();
      calls.push({ url, method: request.method, body });
      return answer(url, init ?? {});
    },
  });
  return { api: createAdminApi(client), client, calls };
}

const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });

describe('listQuery', () => {
  it('sends page, size, sort and order, and drops an empty search', () => {
    expect(listQuery({ page: 2, pageSize: 50, search: '  ', sort: 'label', order: 'desc' })).toEqual({ page: 2, pageSize: 50, sort: 'label', order: 'desc' });
    expect(listQuery({ page: 1, pageSize: 25, search: ' kit ' })).toEqual({ page: 1, pageSize: 25, search: 'kit' });
  });
});

describe('decisionBody', () => {
  it('maps core decisions to the wire', () => {
    expect(decisionBody({ kind: 'accept', roleIds: ['r1'], accountAccessIds: [] })).toEqual({ decision: 'ACCEPT', roleIds: ['r1'] });
    expect(decisionBody({ kind: 'accept', roleIds: ['r1'], accountAccessIds: ['a1'] })).toEqual({ decision: 'ACCEPT', roleIds: ['r1'], accountAccessIds: ['a1'] });
    expect(decisionBody({ kind: 'deny' })).toEqual({ decision: 'DENY' });
    expect(decisionBody({ kind: 'deny', reason: 'no' })).toEqual({ decision: 'DENY', reason: 'no' });
  });
});

describe('createAdminApi', () => {
  it('asks one page of a list with the query', async () => {
    const { api, calls } = fakeClient(() => json({ items: [], total: 0 }));
    await expect(api.roles.list({ page: 3, pageSize: 10, search: 'plan', sort: 'key', order: 'asc' })).resolves.toEqual({ items: [], total: 0 });
    expect(calls[0]?.url.pathname).toBe('/Roles');
    expect(Object.fromEntries(calls[0]?.url.searchParams ?? [])).toEqual({ page: '3', pageSize: '10', search: 'plan', sort: 'key', order: 'asc' });
  });

  it('links the CSV download of the users with the current search and sort, without paging (#20.3)', () => {
    const { api } = fakeClient(() => json({}));
    expect(api.users.exportUrl({ search: ' Küche & Co ', sort: 'email', order: 'desc' })).toBe('/api/Users/Export?search=K%C3%BCche+%26+Co&sort=email&order=desc');
    expect(api.users.exportUrl({})).toBe('/api/Users/Export');
    expect(createAdminApi(fakeClient(() => json({})).client, { baseUrl: 'https://portal.test/api/' }).users.exportUrl({ sort: 'fullName', order: 'asc' }))
      .toBe('https://portal.test/api/Users/Export?sort=fullName&order=asc');
  });

  it('puts the decision of an access request', async () => {
    const { api, calls } = fakeClient(() => json({ id: 'x' }));
    await api.decideAccessRequest('11111111-1111-4111-8111-111111111111', { kind: 'accept', roleIds: ['r'], accountAccessIds: [] });
    expect(calls[0]?.method).toBe('PUT');
    expect(calls[0]?.url.pathname).toBe('/Admin/Applications/AccessRequests/11111111-1111-4111-8111-111111111111');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ decision: 'ACCEPT', roleIds: ['r'] });
  });

  it('throws the HTTP error of a failed save with its body', async () => {
    const error = { error: { code: '400', message: 'Ungültig', errors: [{ message: 'bad', field: 'url' }] } };
    const { api } = fakeClient(() => json(error, 400));
    await expect(api.applications.create({ label: 'x', url: 'ftp://x' })).rejects.toMatchObject({ status: 400, body: error });
  });

  it('reads where a role is used, and what its delete removed it from (#17.15)', async () => {
    const groups = [{ kind: 'APPLICATION', count: 2, first: [{ id: 'a', label: 'Küchenplaner' }, { id: 'b', label: 'Serviceportal' }] }];
    const { api, calls } = fakeClient((url) => json(url.pathname.endsWith('/Usage') ? { groups } : { removedFrom: groups }));
    expect(await api.roles.usage('11111111-1111-4111-8111-111111111111')).toEqual({ groups });
    expect(await api.roles.remove('11111111-1111-4111-8111-111111111111')).toEqual({ removedFrom: groups });
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'GET /Roles/11111111-1111-4111-8111-111111111111/Usage', 'DELETE /Roles/11111111-1111-4111-8111-111111111111',
    ]);
  });

  it('deletes with 204', async () => {
    const { api, calls } = fakeClient(() => new Response(null, { status: 204 }));
    await api.removeApplicationUser('hk-portal', '11111111-1111-4111-8111-111111111111');
    expect(calls[0]?.method).toBe('DELETE');
    expect(calls[0]?.url.pathname).toBe('/Admin/Applications/hk-portal/Users/11111111-1111-4111-8111-111111111111');
  });
});
