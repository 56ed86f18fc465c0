import { describe, expect, it } from 'vitest';
import { pagesToPreload } from './preload.ts';

describe('admin page preload order', () => {
  it('puts the sidebar targets first, in the sidebar order, then their detail pages', () => {
    const order = pagesToPreload({ permissions: ['roles.read', 'all_users.read'], administersApplications: true, managesAccessRequests: true });
    expect(order.sidebar).toEqual(['overview', 'users', 'roles', 'appStart', 'appUsers', 'accessRequests']);
    expect(order.rest).toEqual(['user', 'role', 'appUser', 'accessRequest']);
  });

  it('leaves out what the user may not open', () => {
    expect(pagesToPreload({ permissions: [], administersApplications: true, managesAccessRequests: false }))
      .toEqual({ sidebar: ['overview', 'appStart', 'appUsers'], rest: ['appUser'] });
    expect(pagesToPreload({ permissions: ['customflows.read'], administersApplications: false, managesAccessRequests: false }))
      .toEqual({ sidebar: ['overview', 'customFlows'], rest: ['customFlow'] });
  });
});
