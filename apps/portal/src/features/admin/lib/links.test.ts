import { describe, expect, it } from 'vitest';
import { adminLinks, applicationOfPath, needsFullWidth } from './links.ts';

describe('admin links', () => {
  it('builds the routes of spec §2', () => {
    expect(adminLinks.list('accountAccesses')).toBe('/admin/account-accesses');
    expect(adminLinks.detail('customFlows', 'a b')).toBe('/admin/custom-flows/a%20b');
    expect(adminLinks.create('applications')).toBe('/admin/applications/new');
    expect(adminLinks.applicationUser('hk-portal', 'u1')).toBe('/admin/hk-portal/users/u1');
    expect(adminLinks.accessRequest('planner', 'r1')).toBe('/admin/planner/access-requests/r1');
  });

  it('finds the application of a per-application path, never a global page', () => {
    expect(applicationOfPath('/admin/hk-portal/users')).toBe('hk-portal');
    expect(applicationOfPath('/admin/kitchen-planner')).toBe('kitchen-planner');
    expect(applicationOfPath('/admin/users/1')).toBeUndefined();
    expect(applicationOfPath('/admin/custom-flows')).toBeUndefined();
    expect(applicationOfPath('/admin')).toBeUndefined();
  });
});

describe('needsFullWidth', () => {
  it('is the application detail (new or existing), not its list nor other pages', () => {
    expect(needsFullWidth('/admin/applications/kitchen-planner')).toBe(true);
    expect(needsFullWidth(adminLinks.create('applications'))).toBe(true);
    expect(needsFullWidth('/admin/applications')).toBe(false);
    expect(needsFullWidth('/admin/roles/editor')).toBe(false);
    expect(needsFullWidth('/admin/kitchen-planner/users')).toBe(false);
  });
});
