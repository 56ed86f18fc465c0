// The token refresh, single-flight within a tab (one promise shared by every caller) and
// across tabs (a Web Lock). Inside the lock the stored session is read again: when another
// tab refreshed meanwhile, its tokens are used and no second refresh-token grant is sent
// (a second grant with the same rotating refresh token would revoke the whole chain).

import type { Lock } from '@portal/core';
import { singleFlight } from '../http/single-flight.ts';

export const refreshLockName = 'hk-portal.token-refresh';

export interface RefreshCoordinatorOptions {
  readonly lock: Lock;
  /** The access token as stored now (cookies are shared by every tab). */
  readonly readAccessToken: () => Promise<string | undefined>;
  /** Run the refresh-token grant and store the new session; true when new tokens are stored. */
  readonly refreshTokens: () => Promise<boolean>;
  readonly lockName?: string;
}

/** `refresh()` for the HTTP client and the session machine. */
export function createRefreshCoordinator(options: RefreshCoordinatorOptions): () => Promise<boolean> {
  const name = options.lockName ?? refreshLockName;
  return singleFlight(async () => {
    const stale = await options.readAccessToken();
    return options.lock.run(name, async () => {
      const current = await options.readAccessToken();
      if (current !== undefined && current !== stale) return true;
      return options.refreshTokens();
    });
  });
}
