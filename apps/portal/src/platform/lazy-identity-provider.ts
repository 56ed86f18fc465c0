// The identity provider adapter (oauth4webapi + jose, about 14 KB gzip) is loaded on first
// use (sign-in, refresh, sign-out), so the launcher's first route does not carry it.
import type { IdentityProvider } from '@portal/core';

export function lazyIdentityProvider(load: () => Promise<IdentityProvider>): IdentityProvider {
  let pending: Promise<IdentityProvider> | undefined;
  const get = () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
  return {
    discover: async (policy) => (await get()).discover(policy),
    authorizationUrl: async (request) => (await get()).authorizationUrl(request),
    exchangeCode: async (request) => (await get()).exchangeCode(request),
    refresh: async (request) => (await get()).refresh(request),
    endSessionUrl: async (request) => (await get()).endSessionUrl(request),
  };
}
