import { createOidcIdentityProvider, createSessionMarkerStore } from '@portal/adapters';
import type { IdentityProvider } from '@portal/core';

/**
 * The provider's OIDC client. The discovery document of the sign-in start is kept in the
 * tab's sessionStorage, so the callback page goes straight to the token endpoint.
 */
export function createIdentityProvider(options: { readonly authority: string; readonly clientId: string; readonly getUiLocale: () => string }): IdentityProvider {
  return createOidcIdentityProvider({ ...options, discoveryCache: createSessionMarkerStore() });
}
