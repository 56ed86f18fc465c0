// Core's sign-in configuration from the portal's runtime configuration (the same on the
// portal server, which runs the sign-in, and in the page, whose gate starts a claims refresh).
import type { AuthConfig } from './auth.ts';
import { authRoutes } from './constants.ts';

export interface AuthConfigSource {
  readonly portalUrl: string;
  readonly clientId: string;
  readonly apiScope: string;
  readonly idp: { readonly policies: { readonly signIn: string; readonly refresh: string } };
}

export function authConfigOf(config: AuthConfigSource): AuthConfig {
  return {
    clientId: config.clientId,
    scopes: ['openid', 'offline_access', config.apiScope],
    redirectUri: `${config.portalUrl}${authRoutes.callback}`,
    refreshRedirectUri: `${config.portalUrl}${authRoutes.claimsRefreshReturn}`,
    policies: { signIn: config.idp.policies.signIn, refresh: config.idp.policies.refresh },
  };
}
