// Sign-in on the server (issue #15): core's sign-in and claims-refresh machines run here,
// per request, over server implementations of their ports: the auth state records are
// HttpOnly cookies of the request (`hk-id.auth.<state>`, still path /, Secure, Lax, at most
// 4), the tokens go to the session store, the "address bar" is the answer's Location.
//
//   GET  /auth/login                     start (or, signed in, straight to the return path)
//   GET  /auth/login?state&code|error    the callback: session cookie, then the stored referrer
//   GET  /auth/login?policy=password|email   e-mail or password change at the provider's policy
//   GET  /auth/claims-refresh?redirectUri&sleep&returnPath   start of the claims refresh
//   GET  /flows/auth-refresh?state&code  its callback: new tokens, then the application
//   POST /auth/logout                    delete the session, then the provider's end session if it answers
import { createActor, type AnyStateMachine, type EventFromLogic, type InputFrom, type OutputFrom } from 'xstate';
import type { AuthConfig, AuthPorts, IdentityProvider, PortalError, SignedInUser, StoredSession } from '@portal/core';
import {
  authRoutes,
  isAuthCallback,
  isLocaleCode,
  isWellFormedState,
  localeCookieKey,
  provideClaimsRefresh,
  provideSignIn,
  readCallbackParams,
  readJwtPayload,
  safeReturnPath,
  signOut,
} from '@portal/core';
import {
  createCookieAuthStateStore,
  createCryptoRandom,
  createRequestCookieJar,
  createSubtleDigest,
  createSystemClock,
  deleteCookie,
  localeCookieAttributes,
  parseRequestCookies,
  serializeCookie,
  type RequestCookieJar,
} from '@portal/adapters';
import type { Sessions } from './sessions.ts';

export const sessionCookieName = '__Host-hk-portal.session';
const changeCookiePrefix = 'hk-id.change.';

/** Where a user may be sent inside the portal: a same-origin path, never back into `/auth/` (no loop). */
function exitPath(path: string | undefined, fallback = '/'): string {
  const safe = safeReturnPath(path, fallback);
  return safe === '/auth' || safe.startsWith('/auth/') || safe.startsWith('/auth?') ? fallback : safe;
}

export interface AuthDeps {
  readonly authConfig: AuthConfig;
  readonly policies: { readonly passwordChange: string; readonly emailChange: string };
  readonly portalUrl: string;
  readonly identityProvider: IdentityProvider;
  readonly sessions: Sessions;
  /** Whether the provider answers now (sign-out goes there only then). */
  readonly providerAnswers: () => Promise<boolean>;
  readonly secureCookies: boolean;
}

/** What a route of this module answers; the HTTP layer turns it into a response. */
export type AuthAnswer =
  | { readonly kind: 'redirect'; readonly location: string; readonly setCookies: readonly string[] }
  /** The portal's page with this error for the first view (the callback's error page). */
  | { readonly kind: 'errorPage'; readonly error: PortalError; readonly setCookies: readonly string[] }
  | { readonly kind: 'json'; readonly status: number; readonly body: unknown; readonly setCookies: readonly string[] };

export interface AuthRequest {
  readonly url: string;
  readonly cookieHeader: string | undefined;
  readonly userAgent: string;
}

/** The session cookie: the opaque token, HttpOnly, Secure, SameSite=Lax, path /, no Domain (`__Host-`). */
function sessionCookie(value: string, secure: boolean, maxAgeSeconds?: number): string {
  const line = serializeCookie(sessionCookieName, value, {
    path: '/',
    secure,
    sameSite: 'lax',
    ...(maxAgeSeconds === undefined ? {} : { maxAgeSeconds }),
  });
  return `${line}; HttpOnly`;
}
export const clearSessionCookie = (secure: boolean) => sessionCookie('', secure, 0);

/** The `language` claim of a verified ID token, when it is one of the portal's languages. */
function profileLanguage(idToken: string): string | undefined {
  const language = (readJwtPayload(idToken) as { language?: unknown } | undefined)?.language;
  return isLocaleCode(language) ? language : undefined;
}

/** Run one of core's auth machines to its final state; its output and final context. */
function runMachine<M extends AnyStateMachine>(
  machine: M,
  input: InputFrom<M>,
  event: EventFromLogic<M>,
): Promise<{ output: OutputFrom<M>; context: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const actor = createActor(machine, { input });
    actor.subscribe({
      complete: () => {
        const snapshot = actor.getSnapshot() as { output: OutputFrom<M>; context: Record<string, unknown> };
        resolve({ output: snapshot.output, context: snapshot.context });
      },
      error: (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
    });
    actor.start();
    actor.send(event);
  });
}

export function createAuth(deps: AuthDeps) {
  const base = { clock: createSystemClock(), random: createCryptoRandom(), digest: createSubtleDigest() };
  const portsFor = (jar: RequestCookieJar, url: string, captured: { tokens?: StoredSession }): AuthPorts => ({
    ...base,
    authStateStore: createCookieAuthStateStore(jar),
    identityProvider: deps.identityProvider,
    sessionStore: {
      read: async () => captured.tokens,
      write: async (tokens) => {
        captured.tokens = tokens;
      },
      clear: async () => {
        delete captured.tokens;
      },
    },
    navigator: { currentUrl: () => url, redirect: () => undefined, replace: () => undefined, reload: () => undefined },
  });
  const cookieAttributes = { path: '/', secure: deps.secureCookies, sameSite: 'lax' as const };

  const currentSession = (cookieHeader: string | undefined) =>
    deps.sessions.find(parseRequestCookies(cookieHeader).get(sessionCookieName));

  /** The change policy a callback's state was started for (and forget it). */
  const takeChange = (
    jar: RequestCookieJar,
    state: string | undefined,
  ): { policy: string; returnPath: string } | undefined => {
    if (state === undefined || !isWellFormedState(state)) return undefined;
    const name = changeCookiePrefix + state;
    const raw = parseRequestCookies(jar.read()).get(name);
    if (raw === undefined) return undefined;
    deleteCookie(jar, name, cookieAttributes);
    try {
      const parsed = JSON.parse(decodeURIComponent(raw)) as { policy?: unknown; returnPath?: unknown };
      const policy = [deps.policies.passwordChange, deps.policies.emailChange].find((p) => p === parsed.policy);
      return policy === undefined
        ? undefined
        : { policy, returnPath: exitPath(typeof parsed.returnPath === 'string' ? parsed.returnPath : undefined) };
    } catch {
      return undefined;
    }
  };
  const withSignInPolicy = (policy: string): AuthConfig => ({
    ...deps.authConfig,
    policies: { ...deps.authConfig.policies, signIn: policy },
  });

  /**
   * A callback whose state was handled before (a reload or Back while the first answer was on
   * its way, a replayed address): no second token request. Signed in: home. Its record still
   * here (the first answer never arrived): sign in again, silently at the provider, to the
   * same place. Otherwise the missing-cookie error.
   */
  async function replayed(jar: RequestCookieJar, state: string, signedIn: boolean): Promise<AuthAnswer> {
    const record = await createCookieAuthStateStore(jar)
      .take(state)
      .catch(() => undefined);
    takeChange(jar, state);
    if (signedIn)
      return { kind: 'redirect', location: exitPath(record?.extraData.referrer), setCookies: jar.setCookies() };
    if (record !== undefined) {
      return {
        kind: 'redirect',
        location: `${authRoutes.login}?${new URLSearchParams({ returnPath: exitPath(record.extraData.referrer) })}`,
        setCookies: jar.setCookies(),
      };
    }
    return {
      kind: 'errorPage',
      error: { kind: 'auth', status: 500, code: 'auth.missingTemporaryCookie' },
      setCookies: jar.setCookies(),
    };
  }

  /** GET /auth/login: start, callback, or a change policy. */
  async function login(request: AuthRequest): Promise<AuthAnswer> {
    const jar = createRequestCookieJar(request.cookieHeader);
    const url = new URL(request.url);
    const query = url.searchParams;
    const session = await currentSession(request.cookieHeader);
    const answer = (kind: 'redirect', location: string): AuthAnswer => ({
      kind,
      location,
      setCookies: jar.setCookies(),
    });
    const captured: { tokens?: StoredSession } = {};
    const ports = portsFor(jar, request.url, captured);

    if (isAuthCallback(request.url)) {
      const state = readCallbackParams(request.url).state[0];
      if (state !== undefined && isWellFormedState(state) && !(await deps.sessions.claimState(state)))
        return replayed(jar, state, session !== undefined);
      const change = takeChange(jar, state);
      const config = change === undefined ? deps.authConfig : withSignInPolicy(change.policy);
      const { output, context } = await runMachine(
        provideSignIn(ports),
        { config, signedIn: session !== undefined },
        { type: 'CALLBACK', url: request.url },
      );
      switch (output.status) {
        case 'signedIn': {
          if (change !== undefined) {
            // The change policy's tokens are not kept: sign in again (silently) at the sign-in policy.
            return answer(
              'redirect',
              `${authRoutes.login}?${new URLSearchParams({ returnPath: change.returnPath, reauth: '1' })}`,
            );
          }
          if (session !== undefined) await deps.sessions.remove(session.idHash);
          const created = await deps.sessions.create(output.session, output.user, request.userAgent);
          jar.write(sessionCookie(created.cookieValue, deps.secureCookies));
          // The profile's language, unless a language was chosen on this device (a cookie the page reads: not HttpOnly).
          const language = profileLanguage(output.session.idToken);
          const chosen = parseRequestCookies(request.cookieHeader).has(localeCookieKey);
          const languageCookie =
            language === undefined || chosen
              ? []
              : [serializeCookie(localeCookieKey, language, localeCookieAttributes)];
          return {
            kind: 'redirect',
            location: exitPath(output.returnPath),
            setCookies: [...jar.setCookies(), ...languageCookie],
          };
        }
        case 'cancelled': {
          // A cancel on the callback itself goes back to where the user started.
          const referrer = (context.record as { extraData?: { referrer?: string } } | undefined)?.extraData?.referrer;
          const to = exitPath(
            output.redirectTo === authRoutes.callback ? (change?.returnPath ?? referrer) : output.redirectTo,
          );
          // Signed out, back to the gate would start the sign-in again at once: the login page instead (no loop).
          if (session === undefined && (to === authRoutes.appGate || to.startsWith(`${authRoutes.appGate}?`))) {
            return answer('redirect', `/login?${new URLSearchParams({ returnPath: to })}`);
          }
          return answer('redirect', to);
        }
        case 'failed':
          return { kind: 'errorPage', error: output.error, setCookies: jar.setCookies() };
        default:
          return { kind: 'errorPage', error: { kind: 'unexpected', status: 500 }, setCookies: jar.setCookies() };
      }
    }

    const returnPath = exitPath(query.get('returnPath') ?? undefined);
    const policyName = query.get('policy');
    const changePolicy =
      policyName === 'password'
        ? deps.policies.passwordChange
        : policyName === 'email'
          ? deps.policies.emailChange
          : undefined;
    if (changePolicy !== undefined && session === undefined) {
      return answer('redirect', `/login?${new URLSearchParams({ returnPath })}`);
    }
    if (changePolicy === undefined && session !== undefined && query.get('reauth') !== '1')
      return answer('redirect', returnPath);
    const config = changePolicy === undefined ? deps.authConfig : withSignInPolicy(changePolicy);
    const { output } = await runMachine(
      provideSignIn(ports),
      { config, signedIn: session !== undefined },
      { type: 'START', returnPath },
    );
    if (output.status !== 'redirected') {
      return {
        kind: 'errorPage',
        error: output.status === 'failed' ? output.error : { kind: 'unexpected', status: 500 },
        setCookies: jar.setCookies(),
      };
    }
    if (changePolicy !== undefined) {
      const state = new URL(output.url).searchParams.get('state');
      if (state !== null) {
        jar.write(
          serializeCookie(
            changeCookiePrefix + state,
            encodeURIComponent(JSON.stringify({ policy: changePolicy, returnPath })),
            { ...cookieAttributes, maxAgeSeconds: 600 },
          ),
        );
      }
    }
    return answer('redirect', output.url);
  }

  /** GET /auth/claims-refresh: the gate asks for tokens with the application's new claims. */
  async function startClaimsRefresh(request: AuthRequest): Promise<AuthAnswer> {
    const jar = createRequestCookieJar(request.cookieHeader);
    const query = new URL(request.url).searchParams;
    const session = await currentSession(request.cookieHeader);
    const returnPath = exitPath(query.get('returnPath') ?? undefined);
    if (session === undefined)
      return { kind: 'redirect', location: `/login?${new URLSearchParams({ returnPath })}`, setCookies: [] };
    const sleep = Number(query.get('sleep') ?? '0');
    const { output } = await runMachine(
      provideClaimsRefresh(portsFor(jar, request.url, {})),
      { config: deps.authConfig, signedIn: true },
      {
        type: 'START',
        refresh: { redirectUri: query.get('redirectUri') ?? '/', sleep: Number.isFinite(sleep) ? sleep : 0 },
        returnPath,
      },
    );
    if (output.status !== 'redirected') {
      return {
        kind: 'errorPage',
        error: output.status === 'failed' ? output.error : { kind: 'unexpected', status: 500 },
        setCookies: jar.setCookies(),
      };
    }
    return { kind: 'redirect', location: output.url, setCookies: jar.setCookies() };
  }

  /** GET /flows/auth-refresh with state and code: the claims refresh's return. */
  async function claimsRefreshCallback(request: AuthRequest): Promise<AuthAnswer | undefined> {
    if (!isAuthCallback(request.url)) return undefined;
    const jar = createRequestCookieJar(request.cookieHeader);
    const session = await currentSession(request.cookieHeader);
    const state = readCallbackParams(request.url).state[0];
    if (state !== undefined && isWellFormedState(state) && !(await deps.sessions.claimState(state)))
      return replayed(jar, state, session !== undefined);
    const captured: { tokens?: StoredSession } = {};
    const { output, context } = await runMachine(
      provideClaimsRefresh(portsFor(jar, request.url, captured)),
      { config: deps.authConfig, signedIn: session !== undefined },
      { type: 'CALLBACK', url: request.url },
    );
    switch (output.status) {
      case 'refreshed': {
        let cookie: string | undefined;
        if (session !== undefined && session.user.id === output.user.id)
          await deps.sessions.save(session.idHash, output.session, output.user);
        else {
          if (session !== undefined) await deps.sessions.remove(session.idHash);
          const created = await deps.sessions.create(output.session, output.user, request.userAgent);
          cookie = sessionCookie(created.cookieValue, deps.secureCookies);
        }
        if (cookie !== undefined) jar.write(cookie);
        return { kind: 'redirect', location: output.redirectUri, setCookies: jar.setCookies() };
      }
      case 'cancelled': {
        // Back to where the refresh was asked for (the gate), not to the refresh's own address.
        const referrer = (context.record as { extraData?: { referrer?: string } } | undefined)?.extraData?.referrer;
        const to = output.redirectTo === authRoutes.claimsRefreshReturn ? referrer : output.redirectTo;
        return { kind: 'redirect', location: exitPath(to), setCookies: jar.setCookies() };
      }
      case 'failed':
        return { kind: 'errorPage', error: output.error, setCookies: jar.setCookies() };
      default:
        return { kind: 'errorPage', error: { kind: 'unexpected', status: 500 }, setCookies: jar.setCookies() };
    }
  }

  /** POST /auth/logout: the session and its cookie go first; the provider only if it answers. */
  async function logout(
    request: AuthRequest,
  ): Promise<{ readonly location: string; readonly setCookies: readonly string[] }> {
    const session = await currentSession(request.cookieHeader);
    const success = `${deps.portalUrl}${authRoutes.logoutSuccess}`;
    const setCookies = [clearSessionCookie(deps.secureCookies)];
    if (session === undefined) return { location: authRoutes.logoutSuccess, setCookies };
    const store = deps.sessions.storeFor(session.idHash);
    const ports = {
      ...base,
      sessionStore: store,
      identityProvider: deps.identityProvider,
      lock: { run: <T>(_: string, task: () => Promise<T>) => task() },
      navigator: {
        currentUrl: () => request.url,
        redirect: () => undefined,
        replace: () => undefined,
        reload: () => undefined,
      },
    };
    // Core's sign-out clears the store first, whatever the provider does.
    const location = await signOut(ports, {
      config: deps.authConfig,
      idToken: session.tokens.idToken,
      postLogoutRedirectUri: success,
    });
    if (location === success || !(await deps.providerAnswers()))
      return { location: authRoutes.logoutSuccess, setCookies };
    return { location, setCookies };
  }

  return { login, startClaimsRefresh, claimsRefreshCallback, logout, currentSession };
}

export type Auth = ReturnType<typeof createAuth>;

/** The signed-in user for the page: what the first view needs, and nothing of the tokens. */
export const publicUser = (user: SignedInUser): SignedInUser => ({
  id: user.id,
  issuer: user.issuer,
  fullName: user.fullName,
  hkData: user.hkData,
  ...(user.email === undefined ? {} : { email: user.email }),
});
