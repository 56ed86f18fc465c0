import { describe, expect, it } from 'vitest';
import { detailPageOfPath, pagesToPreload } from './preload.ts';

describe('admin page preload order', () => {
  it('is the sidebar targets, in the sidebar order', () => {
    expect(pagesToPreload({ permissions: ['roles.read', 'all_users.read'], administersApplications: true, managesAccessRequests: true }))
      .toEqual(['overview', 'users', 'roles', 'appStart', 'appUsers', 'accessRequests']);
  });

  it('leaves out what the user may not open', () => {
    expect(pagesToPreload({ permissions: [], administersApplications: true, managesAccessRequests: false })).toEqual(['overview', 'appStart', 'appUsers']);
    expect(pagesToPreload({ permissions: ['customflows.read'], administersApplications: false, managesAccessRequests: false })).toEqual(['overview', 'customFlows']);
  });
});

describe('the detail page behind a link', () => {
  it('is found for global and per-application details', () => {
    expect(detailPageOfPath('/admin/users/f0000000-0000-4000-8000-000000000001')).toBe('user');
    expect(detailPageOfPath('/admin/account-accesses/new')).toBe('accountAccess');
    expect(detailPageOfPath('/admin/custom-flows/x?tab=history')).toBe('customFlow');
    expect(detailPageOfPath('/admin/planner/users/u1')).toBe('appUser');
    expect(detailPageOfPath('/admin/planner/access-requests/r1')).toBe('accessRequest');
  });

  it('is none for lists and other paths', () => {
    expect(detailPageOfPath('/admin/users')).toBeUndefined();
    expect(detailPageOfPath('/admin/planner/users')).toBeUndefined();
    expect(detailPageOfPath('/admin/planner/settings/x')).toBeUndefined();
    expect(detailPageOfPath('/admin/constructor/x')).toBeUndefined();
    expect(detailPageOfPath('/settings')).toBeUndefined();
  });
});
