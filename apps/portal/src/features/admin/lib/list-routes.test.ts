import { describe, expect, it, vi } from 'vitest';
import type { AdminApi, ListParams } from '@portal/adapters/admin';
import { forgetFirstPage, listRequestKey, listRoutes, startFirstPage, takeFirstPage } from './list-routes.ts';

function fakeApi() {
  const calls: { method: string; args: unknown[] }[] = [];
  const answer = (method: string) => vi.fn(async (...args: unknown[]) => {
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

const firstParams = (sort: string, order: 'asc' | 'desc' = 'asc'): ListParams => ({ page: 1, pageSize: 50, sort, order });

describe('first page of a list route', () => {
  it('is asked for once and handed to the list view with the same key, once', async () => {
    const { api, calls } = fakeApi();
    startFirstPage('users', listRoutes.users, api);
    startFirstPage('users', listRoutes.users, api);
    expect(calls).toEqual([{ method: 'users.list', args: [firstParams('fullName')] }]);
    const key = listRequestKey('users', '', 0, firstParams('fullName'));
    await expect(takeFirstPage(key)).resolves.toEqual({ items: [], total: 0 });
    expect(takeFirstPage(key)).toBeUndefined();
  });

  it('is not handed to another list, another scope or a reload', () => {
    const { api } = fakeApi();
    startFirstPage('users', listRoutes.users, api);
    expect(takeFirstPage(listRequestKey('roles', '', 0, firstParams('fullName')))).toBeUndefined();
    expect(takeFirstPage(listRequestKey('users', 'x', 0, firstParams('fullName')))).toBeUndefined();
    expect(takeFirstPage(listRequestKey('users', '', 1, firstParams('fullName')))).toBeUndefined();
    expect(takeFirstPage(listRequestKey('users', '', 0, { ...firstParams('fullName'), page: 2 }))).toBeUndefined();
  });

  it('keeps only the route being shown, and nothing for a page without a list', () => {
    const { api } = fakeApi();
    startFirstPage('users', listRoutes.users, api);
    startFirstPage('roles', listRoutes.roles, api);
    expect(takeFirstPage(listRequestKey('users', '', 0, firstParams('fullName')))).toBeUndefined();
    forgetFirstPage();
    expect(takeFirstPage(listRequestKey('roles', '', 0, firstParams('label')))).toBeUndefined();
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
    expect(takeFirstPage(listRequestKey('accessRequests', 'planner|OPEN', 0, firstParams('requestedAt', 'desc')))).toBeDefined();
  });

  it('does not leave a failed request unhandled', async () => {
    const api = { users: { list: vi.fn(async () => { throw new Error('offline'); }) } } as unknown as AdminApi;
    startFirstPage('users', listRoutes.users, api);
    await expect(takeFirstPage(listRequestKey('users', '', 0, firstParams('fullName')))).rejects.toThrow('offline');
  });
});
