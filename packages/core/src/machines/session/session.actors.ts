// The session's steps over the ports, run by the portal server (ADR 0009): refresh the stored
// session (single-flight across calls, tabs and server instances through the session's own
// Lock, so sessions never wait for each other), sign out.

import type { AuthConfig, StoredSession } from '../../domain/auth.ts';
import type { SignedInUser } from '../../domain/user.ts';
import type { PortalError } from '../../errors/errors.ts';
import type { Ports } from '../../ports/ports.ts';
import { decodeStoredSession, signedInUserFromClaims } from '../../domain/claims.ts';
import { checkIdTokenClaims, decodeRefreshResponse } from '../../domain/token-answers.ts';
import { isIdentityProviderError, PortalFailure } from '../../errors/errors.ts';
import { userFromSession } from './session.restore.ts';
import type { LoadedSession } from './session.types.ts';

/** One session's ports: its store and its refresh lock, the clock, the provider. */
export type SessionPorts = Pick<Ports, 'clock' | 'sessionStore' | 'lock' | 'identityProvider' | 'userIds'>;

const authError = (code: Extract<PortalError, { kind: 'auth' }>['code']): PortalError => ({
  kind: 'auth',
  status: 500,
  code,
});

export interface RefreshRequest {
  readonly config: AuthConfig;
  readonly session: StoredSession;
  readonly user: SignedInUser;
}

/**
 * Refresh the tokens once, under the session's refresh lock (held through the provider's
 * answer; other sessions' locks are not touched). If another call or tab refreshed in the
 * meantime (the store holds a newer session of the same user), take that one instead.
 * A refreshed ID token of another `sub` or `iss` → auth.subjectChanged, store cleared.
 * An answer without a refresh token keeps the old one.
 */
export async function refreshSession(ports: SessionPorts, request: RefreshRequest): Promise<LoadedSession> {
  return ports.lock.run(async () => {
    const stored = decodeStoredSession(await ports.sessionStore.read());
    if (
      stored !== undefined &&
      stored.accessToken !== request.session.accessToken &&
      stored.expiresAt >= request.session.expiresAt
    ) {
      const user = userFromSession(stored, ports.userIds);
      if (user !== undefined && user.id === request.user.id && user.issuer === request.user.issuer)
        return { session: stored, user };
    }
    const refreshToken = request.session.refreshToken;
    if (refreshToken === undefined) throw new PortalFailure(authError('auth.sessionExpired'));
    let raw: unknown;
    // Refreshed where the tokens came from (recorded at the sign-in or claims refresh), never
    // guessed from the issuer: a B2C tenant names one issuer for every policy.
    const policy = request.session.policy ?? request.config.policies.signIn;
    let issuer: string;
    try {
      issuer = (await ports.identityProvider.discover(policy)).issuer;
      raw = await ports.identityProvider.refresh({
        policy,
        clientId: request.config.clientId,
        refreshToken,
        scope: request.config.scopes.join(' '),
      });
    } catch (error) {
      if (isIdentityProviderError(error)) {
        await ports.sessionStore.clear();
        throw new PortalFailure(authError('auth.sessionExpired'));
      }
      throw new PortalFailure(authError('auth.network'));
    }
    const response = decodeRefreshResponse(raw);
    if (response === undefined) throw new PortalFailure(authError('auth.invalidTokenResponse'));
    const now = ports.clock.now();
    let user = request.user;
    if (response.id_token !== undefined) {
      const checked = checkIdTokenClaims(response.idTokenClaims, { issuer, clientId: request.config.clientId, now });
      if (!checked.ok) {
        await ports.sessionStore.clear();
        throw new PortalFailure(
          authError(checked.problem === 'issuer' ? 'auth.subjectChanged' : 'auth.invalidIdToken'),
        );
      }
      const refreshed = signedInUserFromClaims(checked.claims, ports.userIds);
      if (refreshed.id !== request.user.id || refreshed.issuer !== request.user.issuer) {
        await ports.sessionStore.clear();
        throw new PortalFailure(authError('auth.subjectChanged'));
      }
      // A provider without the portal's data claim (a standard one: the data came from the
      // directory at sign-in) keeps the data the session had.
      user = checked.claims.hkData === undefined ? { ...refreshed, hkData: request.user.hkData } : refreshed;
    }
    const idToken = response.id_token ?? request.session.idToken;
    const accessToken = response.access_token ?? idToken;
    const nextRefreshToken = response.refresh_token ?? refreshToken;
    const session: StoredSession = {
      accessToken,
      accessTokenIsIdToken: response.access_token === undefined,
      idToken,
      refreshToken: nextRefreshToken,
      expiresAt: now + response.expires_in * 1000,
      issuedAt: now,
      policy,
    };
    await ports.sessionStore.write(session);
    return { session, user };
  });
}

export interface SignOutRequest {
  readonly config: AuthConfig;
  readonly idToken?: string;
  readonly postLogoutRedirectUri: string;
}

/**
 * Clear the session (always, even when the provider is down), then find the end-session URL;
 * the post-logout address itself when the provider has none (a local sign-out).
 */
export async function signOut(
  ports: Pick<SessionPorts, 'sessionStore' | 'identityProvider'>,
  request: SignOutRequest,
): Promise<string> {
  await ports.sessionStore.clear().catch(() => undefined);
  try {
    const url = await ports.identityProvider.endSessionUrl({
      policy: request.config.policies.signIn,
      postLogoutRedirectUri: request.postLogoutRedirectUri,
      ...(request.idToken === undefined ? {} : { idTokenHint: request.idToken }),
    });
    return url ?? request.postLogoutRedirectUri;
  } catch {
    return request.postLogoutRedirectUri;
  }
}
