import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminApi, ListParams } from '@portal/adapters/admin';
import { queryClient } from '../../../app/server-data.ts';
import { enterListRoute, listQueryKey, listRoutes, startFirstPage } from './list-routes.ts';

function fakeApi() {
  const calls: { method: string; args: unknown[] }[] = [];
  const answer = (method: string) =>
    vi.fn(async (...args: unknown[]) => {
      calls.push({ method, args });
      return { items: [], total: 0 };
    });
  const api = {
    users: { list: answer('users.list') },
    roles: { list: answer('roles.list') },
    listApplicationUsers: answer('listApplicationUsers'),
    listAccessRequests: answer('listAccessRequests'),
  } as unknown as AdminApi;
  return { api, calls };
}

const firstParams = (sort: string, order: 'asc' | 'desc' = 'asc'): ListParams => ({
  page: 1,
  pageSize: 50,
  sort,
  order,
});
const kept = (key: readonly unknown[]) => queryClient.getQueryState(key);

afterEach(() => queryClient.clear());

describe('first page of a list route', () => {
  it('is asked for once into the query cache, under the key the list view reads', async () => {
    const { api, calls } = fakeApi();
    startFirstPage('users', listRoutes.users, api);
    startFirstPage('users', listRoutes.users, api);
    enterListRoute({ list: 'users', route: listRoutes.users, api });
    expect(calls).toEqual([{ method: 'users.list', args: [firstParams('fullName')] }]);
    await vi.waitFor(() => expect(kept(listQueryKey('users', '', 0, firstParams('fullName')))?.status).toBe('success'));
    expect(queryClient.getQueryData(listQueryKey('users', '', 0, firstParams('fullName')))).toEqual({
      value: { items: [], total: 0 },
    });
  });

  it('is not kept for another list, another scope, a reload or another page', async () => {
    const { api } = fakeApi();
    startFirstPage('users', listRoutes.users, api);
    await vi.waitFor(() => expect(kept(listQueryKey('users', '', 0, firstParams('fullName')))?.status).toBe('success'));
    expect(kept(listQueryKey('roles', '', 0, firstParams('fullName')))).toBeUndefined();
    expect(kept(listQueryKey('users', 'x', 0, firstParams('fullName')))).toBeUndefined();
    expect(kept(listQueryKey('users', '', 1, firstParams('fullName')))).toBeUndefined();
    expect(kept(listQueryKey('users', '', 0, { ...firstParams('fullName'), page: 2 }))).toBeUndefined();
  });

  it('a route shown: the lists kept from other pages are out of date, its own first page is kept', async () => {
    const { api, calls } = fakeApi();
    startFirstPage('users', listRoutes.users, api);
    startFirstPage('roles', listRoutes.roles, api);
    await vi.waitFor(() => expect(kept(listQueryKey('roles', '', 0, firstParams('label')))?.status).toBe('success'));
    enterListRoute({ list: 'roles', route: listRoutes.roles, api });
    expect(kept(listQueryKey('users', '', 0, firstParams('fullName')))?.isInvalidated).toBe(true);
    expect(kept(listQueryKey('roles', '', 0, firstParams('label')))?.isInvalidated).toBe(false);
    expect(calls).toHaveLength(2);
    // A page without a list: every kept list is out of date; a later click asks again.
    enterListRoute();
    expect(kept(listQueryKey('roles', '', 0, firstParams('label')))?.isInvalidated).toBe(true);
    startFirstPage('roles', listRoutes.roles, api);
    expect(calls).toHaveLength(3);
  });

  it('asks per application, the access requests with the open ones first', () => {
    const { api, calls } = fakeApi();
    startFirstPage('appUsers', listRoutes.appUsers, api, 'planner');
    startFirstPage('accessRequests', listRoutes.accessRequests, api, 'planner');
    expect(calls).toEqual([
      { method: 'listApplicationUsers', args: ['planner', firstParams('fullName')] },
      { method: 'listAccessRequests', args: ['planner', { ...firstParams('requestedAt', 'desc'), status: 'OPEN' }] },
    ]);
    expect(listRoutes.accessRequests.scope('planner')).toBe('planner|OPEN');
    expect(kept(listQueryKey('accessRequests', 'planner|OPEN', 0, firstParams('requestedAt', 'desc')))).toBeDefined();
  });

  it('does not leave a failed request unhandled; the list view asks again', async () => {
    const api = {
      users: {
        list: vi.fn(async () => {
          throw new Error('offline');
        }),
      },
    } as unknown as AdminApi;
    startFirstPage('users', listRoutes.users, api);
    await vi.waitFor(() => expect(kept(listQueryKey('users', '', 0, firstParams('fullName')))?.status).toBe('error'));
  });
});
