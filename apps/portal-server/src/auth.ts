// Sign-in on the server (issues #15, #27, #31): core's round trip through the provider
// (`runAuthFlow`) runs here, once per request, over the server's ports: the auth state records
// are HttpOnly cookies of the request (`hk-id.auth.<state>`, path /, Secure, Lax, at most 4),
// the language is the request's. The machine's output is the answer; the session it brings is
// kept here, in the session store.
//
//   GET  /auth/login                          start a sign-in (signed in: straight to the return path);
//                                             `restarted=1`: started again after an expired provider page
//   GET  /auth/login?policy=password|email    an e-mail or password change: the provider's policy
//                                             (B2C), else its account page (a standard provider)
//   GET  /auth/claims-refresh?redirectUri&sleep&returnPath   start of the claims refresh (it ends at
//                                             redirectUri, or at the application's login-initiation URL
//                                             with iss and target_link_uri = redirectUri, #30.5)
//   GET  /auth/login?state&code|error         ┐ one callback for every flow: the record says which
//   GET  /flows/auth-refresh?state&code|error ┘ (the claims refresh returns to its own address, spec §2)
//   POST /auth/logout                         delete the session, then the provider's end session if it answers
import type {
  AuthConfig,
  AuthFlowEvent,
  AuthFlowOutput,
  IdentityProvider,
  PortalError,
  SignedInUser,
} from '@portal/core';
import {
  authRoutes,
  exitPath,
  isAuthCallback,
  isHttpUrl,
  isLocaleCode,
  isSafeReturnPath,
  isWellFormedState,
  localeCookieKey,
  resolveLocale,
  readCallbackParams,
  readJwtPayload,
  runAuthFlow,
  signOut,
  thirdPartyLoginUrl,
} from '@portal/core';
import {
  createCookieAuthStateStore,
  createCryptoRandom,
  createRequestCookieJar,
  createSubtleDigest,
  createSystemClock,
  localeCookieAttributes,
  parseRequestCookies,
  serializeCookie,
  type RequestCookieJar,
} from '@portal/adapters';
import { directoryUserId } from '@portal/server';
import type { Directory } from './directory.ts';
import type { SessionRecord, Sessions } from './sessions.ts';

/** The return path with `changed=password|email`: the page there says the change was made (#30.11). */
export function changedPath(returnPath: string, flow: 'passwordChange' | 'emailChange'): string {
  const url = new URL(returnPath, 'http://portal.invalid');
  url.searchParams.set('changed', flow === 'passwordChange' ? 'password' : 'email');
  return `${url.pathname}${url.search}${url.hash}`;
}

export const sessionCookieName = '__Host-hk-portal.session';

export interface AuthDeps {
  readonly authConfig: AuthConfig;
  /** A standard provider's own account pages for the changes it has no policy for. */
  readonly accountPages: { readonly passwordChange?: string; readonly emailChange?: string };
  readonly portalUrl: string;
  readonly identityProvider: IdentityProvider;
  readonly sessions: Sessions;
  /** Whether the provider answers now (sign-out goes there only then). */
  readonly providerAnswers: () => Promise<boolean>;
  /** A GET of the API as the session's user (through the proxy: its token refresh included). */
  readonly askApi: (session: SessionRecord, pathAndQuery: string, language: string | undefined) => Promise<Response>;
  /** After a sign-in or claims refresh: the directory's groups and, where the tokens had none, claims. */
  readonly directory: Directory;
  readonly secureCookies: boolean;
}

/** What a route of this module answers; the HTTP layer turns it into a response. */
export type AuthAnswer =
  | { readonly kind: 'redirect'; readonly location: string; readonly setCookies: readonly string[] }
  /** The portal's page with this error for the first view (the callback's error page). */
  | { readonly kind: 'errorPage'; readonly error: PortalError; readonly setCookies: readonly string[] }
  /** A page that waits `seconds` in the browser, then goes on (the claims refresh's `sleep`; never held on the server). */
  | {
      readonly kind: 'waitThenGo';
      readonly location: string;
      readonly seconds: number;
      readonly setCookies: readonly string[];
    };

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

const authFailure = (code: Extract<PortalError, { kind: 'auth' }>['code']): PortalError => ({
  kind: 'auth',
  status: 500,
  code,
});

/** Whether a claims refresh may lead somewhere, and the application's login-initiation URL when it has one. */
type Allowed = { readonly allowed: true; readonly initiateLoginUri?: string };
type Destination = Allowed | { readonly allowed: false };
const refused: Destination = { allowed: false };

const isGatePath = (path: string) => path === authRoutes.appGate || path.startsWith(`${authRoutes.appGate}?`);

export function createAuth(deps: AuthDeps) {
  // The user's id is the directory's id of their subject, as the API names them (ADR 0029).
  const platform = {
    clock: createSystemClock(),
    random: createCryptoRandom(),
    digest: createSubtleDigest(),
    userIds: { of: directoryUserId },
  };
  const portalOrigin = new URL(deps.portalUrl).origin;

  const currentSession = (cookieHeader: string | undefined) =>
    deps.sessions.find(parseRequestCookies(cookieHeader).get(sessionCookieName));
  const languageOf = (cookieHeader: string | undefined) => {
    const chosen = parseRequestCookies(cookieHeader).get(localeCookieKey);
    return isLocaleCode(chosen) ? chosen : undefined;
  };

  /** Run one round trip on the request's cookie jar; the output and the cookies it set. */
  async function run(jar: RequestCookieJar, request: AuthRequest, signedIn: boolean, event: AuthFlowEvent) {
    // The provider's pages in the language the page was shown in: the device's choice, else the
    // portal's default (a click before the page's code ran has set no cookie yet, #28.15).
    const language = languageOf(request.cookieHeader) ?? resolveLocale(undefined);
    const output: AuthFlowOutput = await runAuthFlow(
      { ...platform, authStateStore: createCookieAuthStateStore(jar), identityProvider: deps.identityProvider },
      { config: deps.authConfig, signedIn, ...(language === undefined ? {} : { language }) },
      event,
    );
    return output;
  }

  const redirect = (jar: RequestCookieJar, location: string, extra: readonly string[] = []): AuthAnswer => ({
    kind: 'redirect',
    location,
    setCookies: [...jar.setCookies(), ...extra],
  });
  const errorPage = (jar: RequestCookieJar, error: PortalError): AuthAnswer => ({
    kind: 'errorPage',
    error,
    setCookies: jar.setCookies(),
  });

  /**
   * Where a claims refresh may lead (issue #28.1): a same-origin path, or the registered URL of
   * an application the user may open now (same origin as the URL the API answers for the gate's
   * application, whose gate asked for the refresh). Anything else is refused before the
   * provider is called, and again on the way back. For an application, its registered
   * login-initiation URL comes with the answer (#30.5): the only address besides the
   * application's origin the refresh may end at.
   */
  async function mayLeadTo(session: SessionRecord, redirectUri: string, gatePath: string): Promise<Destination> {
    if (isSafeReturnPath(redirectUri))
      return new URL(redirectUri, portalOrigin).origin === portalOrigin ? { allowed: true } : refused;
    if (!isHttpUrl(redirectUri) || !isGatePath(gatePath)) return refused;
    const clientId = new URL(gatePath, portalOrigin).searchParams.get('client_id');
    if (clientId === null || clientId === '') return refused;
    try {
      const response = await deps.askApi(session, `/AuthCheck?${new URLSearchParams({ clientId })}`, undefined);
      if (!response.ok) {
        await response.body?.cancel();
        return refused;
      }
      const answer = (await response.json()) as {
        status?: unknown;
        application?: { url?: unknown; initiateLoginUri?: unknown };
      };
      const url = answer.application?.url;
      if (
        answer.status !== 'ok' ||
        typeof url !== 'string' ||
        !isHttpUrl(url) ||
        new URL(url).origin !== new URL(redirectUri).origin
      )
        return refused;
      const initiate = answer.application?.initiateLoginUri;
      return typeof initiate === 'string' && isHttpUrl(initiate)
        ? { allowed: true, initiateLoginUri: initiate }
        : { allowed: true };
    } catch {
      return refused;
    }
  }

  /**
   * Where the browser goes after a claims refresh that may lead to `redirectUri` (#30.5): an
   * application with a login-initiation URL starts its own sign-in there (OpenID Connect Core
   * 1.0 §4, third-party initiated login), with `iss` = the issuer of the sign-in policy (the one
   * the application signs in at; discovery says it) and `target_link_uri` = `redirectUri`, so
   * that it opens signed in; otherwise `redirectUri` itself. Without the issuer (discovery
   * failing now) the application opens as before: signed out, at its address.
   */
  async function destinationOf(destination: Allowed, redirectUri: string): Promise<string> {
    if (destination.initiateLoginUri === undefined) return redirectUri;
    const issuer = await deps.identityProvider
      .discover(deps.authConfig.policies.signIn)
      .then((metadata) => metadata.issuer)
      .catch(() => undefined);
    if (issuer === undefined) return redirectUri;
    return thirdPartyLoginUrl(destination.initiateLoginUri, { issuer, targetLinkUri: redirectUri }) ?? redirectUri;
  }

  /**
   * A callback whose state was handled before (a reload or Back while the first answer was on
   * its way, a replayed address): no second token request. Signed in: on to where the record
   * leads. Its record still here (the first answer never arrived): sign in again, silently at
   * the provider, to the same place. Otherwise the missing-cookie error.
   */
  async function replayed(jar: RequestCookieJar, state: string, signedIn: boolean): Promise<AuthAnswer> {
    const record = await createCookieAuthStateStore(jar)
      .take(state)
      .catch(() => undefined);
    const back = exitPath(record?.extraData.referrer);
    if (signedIn) return redirect(jar, isGatePath(back) ? authRoutes.home : back);
    if (record !== undefined) return redirect(jar, `${authRoutes.login}?${new URLSearchParams({ returnPath: back })}`);
    return errorPage(jar, authFailure('auth.missingTemporaryCookie'));
  }

  /** The directory's part of a fresh session (groups, claims the provider did not send), kept with it. */
  async function keepDirectoryData(record: SessionRecord, options: { readonly syncGroups: boolean }): Promise<void> {
    const user = await deps.directory.afterSignIn(record, options);
    if (user !== record.user) await deps.sessions.save(record.idHash, record.tokens, user);
  }

  /** The one callback: /auth/login or /flows/auth-refresh with state and code or error. */
  async function callback(request: AuthRequest): Promise<AuthAnswer> {
    const jar = createRequestCookieJar(request.cookieHeader);
    const session = await currentSession(request.cookieHeader);
    const state = readCallbackParams(request.url).state[0];
    if (state !== undefined && isWellFormedState(state) && !(await deps.sessions.claimState(state)))
      return replayed(jar, state, session !== undefined);
    const output = await run(jar, request, session !== undefined, { type: 'CALLBACK', url: request.url });
    switch (output.status) {
      case 'signedIn': {
        if (session !== undefined) await deps.sessions.remove(session.idHash);
        const created = await deps.sessions.create(output.session, output.user, request.userAgent);
        jar.write(sessionCookie(created.cookieValue, deps.secureCookies));
        await keepDirectoryData(created.record, { syncGroups: true });
        // The profile's language, unless a language was chosen on this device (a cookie the page reads: not HttpOnly).
        const language = profileLanguage(output.session.idToken);
        const chosen = parseRequestCookies(request.cookieHeader).has(localeCookieKey);
        const languageCookie =
          language === undefined || chosen ? [] : [serializeCookie(localeCookieKey, language, localeCookieAttributes)];
        return redirect(jar, output.returnPath, languageCookie);
      }
      case 'refreshed': {
        let record: SessionRecord;
        if (session !== undefined && session.user.id === output.user.id) {
          await deps.sessions.save(session.idHash, output.session, output.user);
          record = { ...session, tokens: output.session, user: output.user };
        } else {
          if (session !== undefined) await deps.sessions.remove(session.idHash);
          const created = await deps.sessions.create(output.session, output.user, request.userAgent);
          jar.write(sessionCookie(created.cookieValue, deps.secureCookies));
          record = created.record;
        }
        await keepDirectoryData(record, { syncGroups: false });
        const { redirectUri, sleep } = output.refresh;
        const destination = await mayLeadTo(record, redirectUri, output.returnPath);
        if (!destination.allowed) return errorPage(jar, authFailure('auth.redirectRefused'));
        const location = await destinationOf(destination, redirectUri);
        if (sleep <= 0) return redirect(jar, location);
        return {
          kind: 'waitThenGo',
          location,
          seconds: Math.ceil(sleep / 1000),
          setCookies: jar.setCookies(),
        };
      }
      case 'changed':
        // The change policy's tokens are not kept: sign in again (silently) at the sign-in policy,
        // and back on the page the change started from, which confirms it (`changed`, #30.11).
        return redirect(
          jar,
          `${authRoutes.login}?${new URLSearchParams({ returnPath: changedPath(output.returnPath, output.flow), reauth: '1' })}`,
        );
      case 'cancelled':
        return redirect(jar, output.redirectTo);
      case 'restart':
        // The provider's page had expired (Back to a used sign-in page, issue #30.10): the sign-in
        // start once more (signed in: straight on); that sign-in is not started again.
        return redirect(
          jar,
          `${authRoutes.login}?${new URLSearchParams({ returnPath: output.returnPath, restarted: '1' })}`,
        );
      case 'failed':
        return errorPage(jar, output.error);
      case 'redirect':
        return errorPage(jar, { kind: 'unexpected', status: 500 });
    }
  }

  /** GET /auth/login: a callback, a change, or the start of a sign-in. */
  async function login(request: AuthRequest): Promise<AuthAnswer> {
    if (isAuthCallback(request.url)) return callback(request);
    const jar = createRequestCookieJar(request.cookieHeader);
    const query = new URL(request.url).searchParams;
    const session = await currentSession(request.cookieHeader);
    const returnPath = exitPath(query.get('returnPath') ?? undefined);
    const change = query.get('policy');
    if (change === 'password' || change === 'email') {
      if (session === undefined) return redirect(jar, `/login?${new URLSearchParams({ returnPath })}`);
      const flow = change === 'password' ? 'passwordChange' : 'emailChange';
      const page = deps.accountPages[flow];
      // A standard provider changes these on its own account pages.
      if (deps.authConfig.policies[flow] === undefined && page !== undefined) return redirect(jar, page);
      return started(jar, await run(jar, request, true, { type: 'START', flow, returnPath }));
    }
    if (session !== undefined && query.get('reauth') !== '1') return redirect(jar, returnPath);
    return started(
      jar,
      await run(jar, request, session !== undefined, {
        type: 'START',
        flow: 'signIn',
        returnPath,
        ...(query.get('restarted') === '1' ? { restarted: true } : {}),
      }),
    );
  }

  const started = (jar: RequestCookieJar, output: AuthFlowOutput): AuthAnswer =>
    output.status === 'redirect'
      ? redirect(jar, output.url)
      : errorPage(jar, output.status === 'failed' ? output.error : { kind: 'unexpected', status: 500 });

  /** GET /auth/claims-refresh: the gate asks for tokens with the application's new claims. */
  async function startClaimsRefresh(request: AuthRequest): Promise<AuthAnswer> {
    const jar = createRequestCookieJar(request.cookieHeader);
    const query = new URL(request.url).searchParams;
    const session = await currentSession(request.cookieHeader);
    const returnPath = exitPath(query.get('returnPath') ?? undefined);
    if (session === undefined) return redirect(jar, `/login?${new URLSearchParams({ returnPath })}`);
    const redirectUri = query.get('redirectUri') ?? '/';
    if (!(await mayLeadTo(session, redirectUri, returnPath)).allowed)
      return errorPage(jar, authFailure('auth.redirectRefused'));
    const sleep = Number(query.get('sleep') ?? '0');
    return started(
      jar,
      await run(jar, request, true, {
        type: 'START',
        flow: 'claimsRefresh',
        refresh: { redirectUri, sleep: Number.isFinite(sleep) ? sleep : 0 },
        returnPath,
      }),
    );
  }

  /** GET /flows/auth-refresh: the claims refresh's return, when it is one (else the page). */
  async function claimsRefreshCallback(request: AuthRequest): Promise<AuthAnswer | undefined> {
    return isAuthCallback(request.url) ? callback(request) : undefined;
  }

  /** POST /auth/logout: the session and its cookie go first; the provider only if it answers. */
  async function logout(
    request: AuthRequest,
  ): Promise<{ readonly location: string; readonly setCookies: readonly string[] }> {
    const session = await currentSession(request.cookieHeader);
    const success = `${deps.portalUrl}${authRoutes.logoutSuccess}`;
    const setCookies = [clearSessionCookie(deps.secureCookies)];
    if (session === undefined) return { location: authRoutes.logoutSuccess, setCookies };
    // Core's sign-out clears the store first, whatever the provider does; without an
    // end-session endpoint the sign-out is local only.
    const location = await signOut(
      { sessionStore: deps.sessions.storeFor(session.idHash), identityProvider: deps.identityProvider },
      { config: deps.authConfig, idToken: session.tokens.idToken, postLogoutRedirectUri: success },
    );
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
