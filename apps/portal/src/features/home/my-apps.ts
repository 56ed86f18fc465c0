// The application list (spec §4): loaded once per user and reloaded only when forced.
import type { MyApplication, UserPortalApi } from '@portal/adapters';

let cached: { readonly userId: string; readonly list: Promise<readonly MyApplication[]> } | undefined;

export function loadMyApps(api: UserPortalApi, userId: string, force = false): Promise<readonly MyApplication[]> {
  if (force || cached === undefined || cached.userId !== userId) {
    const list = api.listMyApplications();
    cached = { userId, list };
    list.catch(() => { if (cached?.list === list) cached = undefined; });
  }
  return cached.list;
}

/** After an access request or attribute change the list must be read again. */
export function forgetMyApps(): void {
  cached = undefined;
}
