import { describe, expect, it, vi } from 'vitest';
import type { UserPortalApi } from '@portal/adapters';
import { preloadRoute, preloadRouteData } from './route-data.ts';
import { forgetMyApps, loadMyApps } from '../features/shared/my-apps.ts';

function fakeApi() {
  const listMyApplications = vi.fn(async () => []);
  return { api: { listMyApplications } as unknown as UserPortalApi, listMyApplications };
}

describe('route data in parallel with the page chunk', () => {
  it("starts the launcher call on / at once for the page's user; the page reads that call", async () => {
    forgetMyApps();
    const { api, listMyApplications } = fakeApi();
    const started = vi.fn();
    preloadRouteData('u1', api, () => '/', started);
    expect(listMyApplications).toHaveBeenCalledTimes(1);
    expect(started).toHaveBeenCalledTimes(1);
    await loadMyApps(api, 'u1');
    expect(listMyApplications).toHaveBeenCalledTimes(1);
    forgetMyApps();
  });

  it('starts nothing for a route without data or a signed-out visitor', () => {
    forgetMyApps();
    const { api, listMyApplications } = fakeApi();
    preloadRouteData('u1', api, () => '/settings');
    preloadRouteData(undefined, api, () => '/');
    expect(listMyApplications).not.toHaveBeenCalled();
  });

  it('preloads a known navigation target: its data only with a user', async () => {
    forgetMyApps();
    const { api, listMyApplications } = fakeApi();
    preloadRoute('/?x=1', api, undefined);
    expect(listMyApplications).not.toHaveBeenCalled();
    preloadRoute('/', api, 'u1');
    expect(listMyApplications).toHaveBeenCalledTimes(1);
    await loadMyApps(api, 'u1');
    expect(listMyApplications).toHaveBeenCalledTimes(1);
    forgetMyApps();
  });
});
