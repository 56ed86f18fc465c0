import { describe, expect, it } from 'vitest';
import { adminLinks } from './links.ts';

describe('admin links', () => {
  it('builds the routes of spec §2', () => {
    expect(adminLinks.list('accountAccesses')).toBe('/admin/account-accesses');
    expect(adminLinks.detail('customFlows', 'a b')).toBe('/admin/custom-flows/a%20b');
    expect(adminLinks.create('applications')).toBe('/admin/applications/new');
    expect(adminLinks.applicationUser('hk-portal', 'u1')).toBe('/admin/hk-portal/users/u1');
    expect(adminLinks.accessRequest('planner', 'r1')).toBe('/admin/planner/access-requests/r1');
  });
});
