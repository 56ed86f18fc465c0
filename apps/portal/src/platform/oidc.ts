import { createOidcIdentityProvider } from '@portal/adapters';
import type { IdentityProvider } from '@portal/core';

export function createIdentityProvider(options: { readonly authority: string; readonly clientId: string; readonly getUiLocale: () => string }): IdentityProvider {
  return createOidcIdentityProvider(options);
}
