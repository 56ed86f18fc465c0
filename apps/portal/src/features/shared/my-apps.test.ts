import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyApplication, UserPortalApi } from '@portal/adapters';
import { forgetMyApps, loadMyApps, peekMyApps, rememberFavourites, recordLaunch } from './my-apps.ts';
import { preloadMyApps } from './my-apps-store.ts';

function fakeApi(answers: (() => Promise<readonly MyApplication[]>)[]) {
  const listMyApplications = vi.fn(() => {
    const next = answers.shift();
    return next === undefined ? Promise.resolve([]) : next();
  });
  return { api: { listMyApplications } as unknown as UserPortalApi, listMyApplications };
}

afterEach(() => forgetMyApps());

describe('the launcher list cache', () => {
  it('loads once per user and again when forced or for another user', async () => {
    const { api, listMyApplications } = fakeApi([]);
    await loadMyApps(api, 'u1');
    await loadMyApps(api, 'u1');
    expect(listMyApplications).toHaveBeenCalledTimes(1);
    await loadMyApps(api, 'u1', true);
    await loadMyApps(api, 'u2');
    expect(listMyApplications).toHaveBeenCalledTimes(3);
  });

  it('a preload is read by the page without a second call', async () => {
    const { api, listMyApplications } = fakeApi([]);
    preloadMyApps(api, 'u1');
    preloadMyApps(api, 'u1');
    await loadMyApps(api, 'u1');
    expect(listMyApplications).toHaveBeenCalledTimes(1);
  });

  it('a failed preload reaches the page as it is (one call), and the next load tries again', async () => {
    const failure = Promise.reject(new Error('down'));
    const { api, listMyApplications } = fakeApi([() => failure]);
    preloadMyApps(api, 'u1');
    // The failure has arrived (the cache's own handler, registered first, has run).
    await failure.catch(() => undefined);
    await expect(loadMyApps(api, 'u1')).rejects.toThrow('down');
    expect(listMyApplications).toHaveBeenCalledTimes(1);
    await expect(loadMyApps(api, 'u1')).resolves.toEqual([]);
    expect(listMyApplications).toHaveBeenCalledTimes(2);
  });

  it('a failed load that a page has seen is forgotten', async () => {
    const { api, listMyApplications } = fakeApi([() => Promise.reject(new Error('down'))]);
    await expect(loadMyApps(api, 'u1')).rejects.toThrow('down');
    await loadMyApps(api, 'u1');
    expect(listMyApplications).toHaveBeenCalledTimes(2);
  });

  it('forgets the list after an access request or attribute change', async () => {
    const { api, listMyApplications } = fakeApi([]);
    await loadMyApps(api, 'u1');
    forgetMyApps();
    await loadMyApps(api, 'u1');
    expect(listMyApplications).toHaveBeenCalledTimes(2);
  });

  it('peeks at a list that has arrived (for the first render), only for its user', async () => {
    const { api, listMyApplications } = fakeApi([]);
    expect(peekMyApps('u1')).toBeUndefined();
    preloadMyApps(api, 'u1');
    expect(peekMyApps('u1')).toBeUndefined();
    await loadMyApps(api, 'u1');
    expect(peekMyApps('u1')).toEqual([]);
    expect(peekMyApps('u2')).toBeUndefined();
    expect(listMyApplications).toHaveBeenCalledTimes(1);
  });

  it('keeps the favourites the server stored, so the next visit shows them without a load', async () => {
    const tile = (id: string, favouritePosition?: number) =>
      ({
        id,
        label: id,
        accessStatus: 'granted',
        ...(favouritePosition === undefined ? {} : { favouritePosition }),
      }) as unknown as MyApplication;
    const { api, listMyApplications } = fakeApi([async () => [tile('a', 0), tile('b'), tile('c')]]);
    await loadMyApps(api, 'u1');
    rememberFavourites('u2', ['b']);
    rememberFavourites('u1', ['c', 'b']);
    const positions = (list: readonly MyApplication[] | undefined) =>
      list?.map((app) => [app.id, app.favouritePosition]);
    expect(positions(peekMyApps('u1'))).toEqual([
      ['a', undefined],
      ['b', 1],
      ['c', 0],
    ]);
    expect(positions(await loadMyApps(api, 'u1'))).toEqual([
      ['a', undefined],
      ['b', 1],
      ['c', 0],
    ]);
    expect(listMyApplications).toHaveBeenCalledTimes(1);
  });

  it('records a launch at the server and keeps it, so the next visit shows the application as the newest used', async () => {
    const tile = (id: string) => ({ id, label: id, accessStatus: 'granted' }) as unknown as MyApplication;
    const { api } = fakeApi([async () => [tile('a'), tile('b')]]);
    const recorded = vi.fn(() => Promise.reject(new Error('offline')));
    const withLaunch = { ...api, recordLaunch: recorded } as unknown as UserPortalApi;
    recordLaunch(withLaunch, 'u1', 'a', '2026-11-25T08:00:00.000Z');
    await loadMyApps(api, 'u1');
    recordLaunch(withLaunch, 'u1', 'b', '2026-11-25T09:00:00.000Z');
    expect(peekMyApps('u1')?.map((app) => [app.id, app.lastLaunchedAt])).toEqual([
      ['a', undefined],
      ['b', '2026-11-25T09:00:00.000Z'],
    ]);
    expect(recorded.mock.calls).toEqual([['a'], ['b']]);
  });
});
