import { describe, expect, it, vi } from 'vitest';
import type { SignedInUser } from '@portal/core';
import type { AdminApi } from '@portal/adapters/admin';
import { consoleSearchKinds, searchConsole } from './quick-search.ts';

const user = (permissions: readonly string[] = []): SignedInUser => ({
  id: 'u',
  issuer: 'https://idp',
  fullName: 'Pat Admin',
  hkData: { attributes: { firstName: 'Pat', lastName: 'Admin' }, permissions, internal: false },
});
const pageOf = <T>(items: readonly T[]) => Promise.resolve({ items, total: items.length });

/** A fake admin API with only the list calls the search uses. */
function fakeApi(overrides: { users?: () => Promise<never> } = {}) {
  const listAdministrableApplications = vi.fn(() =>
    pageOf([
      {
        id: 'a1',
        label: 'Küchenplaner',
        logoUrl: null,
        url: 'https://planner',
        internal: false,
        accessRequestsAmount: 0,
        permissions: { manageAccessRequests: true },
      },
    ]),
  );
  const users = vi.fn(
    overrides.users ??
      (() =>
        pageOf(
          ['1', '2', '3', '4', '5'].map((n) => ({ id: `u${n}`, fullName: `Anna ${n}`, email: `anna${n}@example.com` })),
        )),
  );
  const roles = vi.fn(() => pageOf([{ id: 'r1', key: 'planner.admin', label: 'Planer-Admin', description: '' }]));
  const attributes = vi.fn(() => pageOf([{ id: 't1', key: 'customerNumber', label: 'Kundennummer' }]));
  const permissions = vi.fn(() => pageOf([{ id: 'p1', key: 'roles.read', description: '' }]));
  const api = {
    listAdministrableApplications,
    users: { list: users },
    roles: { list: roles },
    attributes: { list: attributes },
    permissions: { list: permissions },
  } as unknown as AdminApi;
  return { api, listAdministrableApplications, users, roles, attributes, permissions };
}

describe('the console kinds an administrator may search', () => {
  it("the administered applications for anyone signed in, each global kind only with its read permission (core's rules)", () => {
    expect(consoleSearchKinds(undefined)).toEqual([]);
    expect(consoleSearchKinds(user())).toEqual(['application']);
    expect(consoleSearchKinds(user(['roles.read', 'all_users.read']))).toEqual(['application', 'user', 'role']);
    expect(
      consoleSearchKinds(
        user(['all_users.read', 'roles.read', 'attributes.read', 'permissions.read', 'applications.read']),
      ),
    ).toEqual(['application', 'user', 'role', 'attribute', 'permission']);
    // A write permission alone does not open a list.
    expect(consoleSearchKinds(user(['roles.write']))).toEqual(['application']);
  });
});

describe('searching the console', () => {
  it("asks each kind's list with the search on the server and links each hit to its console page, a few per kind", async () => {
    const fake = fakeApi();
    const result = await searchConsole(fake.api, ['application', 'user', 'role', 'attribute', 'permission'], '  an ');
    expect(fake.users).toHaveBeenCalledWith({ page: 1, pageSize: 10, search: 'an', sort: 'fullName', order: 'asc' });
    expect(fake.listAdministrableApplications).toHaveBeenCalledWith({ page: 1, pageSize: 10, search: 'an' });
    expect(fake.roles).toHaveBeenCalledWith(expect.objectContaining({ search: 'an' }));
    expect(result.failed).toBe(false);
    expect(result.hits).toEqual([
      { kind: 'application', href: '/admin/a1', label: 'Küchenplaner' },
      { kind: 'user', href: '/admin/users/u1', label: 'Anna 1', description: 'anna1@example.com' },
      { kind: 'user', href: '/admin/users/u2', label: 'Anna 2', description: 'anna2@example.com' },
      { kind: 'user', href: '/admin/users/u3', label: 'Anna 3', description: 'anna3@example.com' },
      { kind: 'role', href: '/admin/roles/r1', label: 'Planer-Admin', description: 'planner.admin' },
      { kind: 'attribute', href: '/admin/attributes/t1', label: 'Kundennummer', description: 'customerNumber' },
      { kind: 'permission', href: '/admin/permissions/p1', label: 'roles.read' },
    ]);
  });

  it('asks only the kinds given', async () => {
    const fake = fakeApi();
    const result = await searchConsole(fake.api, ['application'], 'kü');
    expect(result.hits.map((hit) => hit.kind)).toEqual(['application']);
    expect(fake.users).not.toHaveBeenCalled();
    expect(fake.roles).not.toHaveBeenCalled();
  });

  it("a failed kind leaves the others' hits and says that a part failed", async () => {
    const fake = fakeApi({ users: () => Promise.reject(new Error('503')) });
    const result = await searchConsole(fake.api, ['application', 'user', 'role'], 'an');
    expect(result.failed).toBe(true);
    expect(result.hits.map((hit) => hit.kind)).toEqual(['application', 'role']);
  });

  it('asks nothing for an empty search', async () => {
    const fake = fakeApi();
    expect(await searchConsole(fake.api, ['application', 'user'], '   ')).toEqual({ hits: [], failed: false });
    expect(fake.listAdministrableApplications).not.toHaveBeenCalled();
    expect(fake.users).not.toHaveBeenCalled();
  });
});
