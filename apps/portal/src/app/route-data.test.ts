import { describe, expect, it, vi } from 'vitest';
import type { UserPortalApi } from '@portal/adapters';
import { preloadRoute, preloadRouteData, whenSessionKnown, type KnownUser, type UserSource } from './route-data.ts';
import { forgetMyApps, loadMyApps } from '../features/shared/my-apps.ts';

function source(initial: KnownUser) {
  let current = initial;
  const listeners = new Set<() => void>();
  const user: UserSource = {
    current: () => current,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    user,
    listeners,
    set(next: KnownUser) {
      current = next;
      for (const listener of [...listeners]) listener();
    },
  };
}

function fakeApi() {
  const listMyApplications = vi.fn(async () => []);
  return { api: { listMyApplications } as unknown as UserPortalApi, listMyApplications };
}

describe('route data in parallel with the page chunk', () => {
  it('waits until the session is known, then reports the user once and unsubscribes', () => {
    const s = source({ settled: false });
    const seen: (string | undefined)[] = [];
    whenSessionKnown(s.user, (id) => seen.push(id));
    expect(seen).toEqual([]);
    s.set({ settled: false });
    s.set({ settled: true, userId: 'u1' });
    s.set({ settled: true, userId: 'u2' });
    expect(seen).toEqual(['u1']);
    expect(s.listeners.size).toBe(0);
  });

  it('reports at once when the session is already known (signed out: undefined)', () => {
    const seen: (string | undefined)[] = [];
    whenSessionKnown(source({ settled: true }).user, (id) => seen.push(id));
    expect(seen).toEqual([undefined]);
  });

  it('starts the launcher call on / as soon as the user is known; the page reads that call', async () => {
    forgetMyApps();
    const { api, listMyApplications } = fakeApi();
    const s = source({ settled: false });
    const started = vi.fn();
    preloadRouteData(s.user, api, () => '/', started);
    expect(listMyApplications).not.toHaveBeenCalled();
    s.set({ settled: true, userId: 'u1' });
    expect(listMyApplications).toHaveBeenCalledTimes(1);
    expect(started).toHaveBeenCalledTimes(1);
    await loadMyApps(api, 'u1');
    expect(listMyApplications).toHaveBeenCalledTimes(1);
    forgetMyApps();
  });

  it('starts nothing for a route without data or a signed-out visitor', () => {
    forgetMyApps();
    const { api, listMyApplications } = fakeApi();
    preloadRouteData(source({ settled: true, userId: 'u1' }).user, api, () => '/settings');
    preloadRouteData(source({ settled: true }).user, api, () => '/');
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
