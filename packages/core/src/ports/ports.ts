// Ports (architecture §3): interfaces in core, implementations in packages/adapters, and
// in-memory implementations in @portal/core/testing.
//
// Decision (see CONTEXT.md): every port that does I/O returns a Promise; ports that are
// synchronous by nature (clock, random bytes, the address bar, cookies read by the
// locale store, the chunk-reload marker) return plain values. No port returns an Effect;
// untrusted input is decoded by core's own small decoders (domain/decode.ts, ADR 0007).

import type {
  AdministrableApplication,
  AccessRequestChoice,
  AccessRequestDecision,
  AccessRequestId,
  AccessRequestOptions,
  ApplicationBranding,
  ApplicationId,
  LocaleCode,
} from '../domain/entities.ts';
import type { AuthStateData, ProviderMetadata, StoredSession, TokenResponse } from '../domain/auth.ts';

/** Opaque timer handle. */
export type TimerHandle = unknown;

/**
 * Time. `setTimeout`/`clearTimeout` have the shape XState's actor `clock` option expects,
 * so `createActor(machine, { clock })` runs delayed transitions on this port.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now: () => number;
  setTimeout: (callback: () => void, delayMs: number) => TimerHandle;
  clearTimeout: (handle: TimerHandle) => void;
}

/** Randomness: bytes from a CSPRNG (crypto.getRandomValues in the browser). */
export interface Random {
  bytes: (length: number) => Uint8Array;
}

/** SHA-256 (crypto.subtle.digest in the browser). */
export interface Digest {
  sha256: (data: Uint8Array) => Promise<Uint8Array>;
}

/**
 * Auth state records, one cookie each (`hk-id.auth.<state>`, path /, secure, lax,
 * max-age 10 minutes). Keeps at most 4, dropping the oldest by count. A record that
 * does not decode (tampered, foreign cookie with the prefix) counts as missing and is deleted.
 */
export interface AuthStateStore {
  /** Save under its state, giving it the next count; drops the oldest beyond 4. */
  save: (state: string, data: AuthStateData) => Promise<void>;
  /** Look up and delete (consume) the record of a state. */
  take: (state: string) => Promise<AuthStateData | undefined>;
}

/** The tokens of the signed-in user (cookies, chunked when large; never local storage). */
export interface SessionStore {
  read: () => Promise<StoredSession | undefined>;
  write: (session: StoredSession) => Promise<void>;
  clear: () => Promise<void>;
}

/**
 * The refresh lock of one session, handed to core beside that session's store: `run` runs its
 * tasks one at a time across calls, tabs and server instances (the refresh grant, whose
 * rotating refresh token may be used once). Locks of different sessions are independent:
 * no session waits for another's refresh (issue #28; the portal server keys it by the
 * session's hash, ADR 0009).
 */
export interface Lock {
  run: <T>(task: () => Promise<T>) => Promise<T>;
}

export interface AuthorizationRequest {
  readonly policy: string;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly scope: string;
  readonly state: string;
  readonly nonce: string;
  readonly codeChallenge: string;
  readonly codeChallengeMethod: 'S256';
  readonly responseType: 'code';
  /** `prompt=none`: a claims refresh at the sign-in's issuer, without any page at the provider. */
  readonly prompt?: 'none';
  /** `ui_locales`: the portal's language, for the provider's pages. */
  readonly uiLocales?: string;
}

export interface CodeExchangeRequest {
  readonly policy: string;
  readonly tokenEndpoint: string;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly code: string;
  readonly codeVerifier: string;
}

export interface RefreshGrantRequest {
  readonly policy: string;
  readonly clientId: string;
  readonly refreshToken: string;
  readonly scope: string;
}

export interface EndSessionRequest {
  readonly policy: string;
  readonly idTokenHint?: string;
  readonly postLogoutRedirectUri: string;
}

/**
 * The OpenID provider (B2C-style policies). Adapters implement the protocol with
 * oauth4webapi and verify ID-token signatures with jose; core decides everything else.
 * Failures reject with an `IdentityProviderError` (see errors/) when the provider answered
 * with an OAuth error, with anything else for transport failures.
 */
export interface IdentityProvider {
  discover: (policy: string) => Promise<ProviderMetadata>;
  authorizationUrl: (request: AuthorizationRequest) => Promise<string>;
  exchangeCode: (request: CodeExchangeRequest) => Promise<TokenResponse>;
  refresh: (request: RefreshGrantRequest) => Promise<TokenResponse>;
  endSessionUrl: (request: EndSessionRequest) => Promise<string | undefined>;
}

/**
 * The directory's user id of a subject of the identity provider (ADR 0029): a UUID, the subject
 * itself where it is one. The portal server passes @portal/server's `directoryUserId`, the
 * function the API names its callers with, so that the portal's "me" is the API's.
 */
export interface UserIds {
  of: (issuer: string, subject: string) => string;
}

/** The address bar. */
export interface Navigator {
  /** Absolute URL of the current page. */
  currentUrl: () => string;
  /** Leave the page (location.assign). */
  redirect: (url: string) => void;
  /** Change the address without a reload or history entry (history.replaceState). */
  replace: (url: string) => void;
  /** Reload the page. */
  reload: () => void;
}

/** The language cookie (`i18n_redirected`, 365 days, secure, SameSite none). */
export interface LocaleStore {
  read: () => LocaleCode | undefined;
  write: (locale: LocaleCode) => void;
}

/** A small string store (sessionStorage in the browser) for the chunk-reload marker. */
export interface MarkerStore {
  get: (key: string) => string | undefined;
  set: (key: string, value: string) => void;
}

/** What the app access gate asks about: an application by client id or by id. */
export type AuthCheckTarget = { readonly clientId: string } | { readonly applicationId: ApplicationId };

/** A missing attribute the user must fill in before entering an application. */
export interface MissingAttribute {
  readonly attributeId: string;
  readonly key: string;
  readonly label?: string;
  readonly dataType: string;
  readonly required: boolean;
  /** The one answer a Yes/No attribute accepts (#30.1): 'true' or 'false'; absent: any. */
  readonly requiredValue?: string;
  readonly value?: string;
}

/** The answer of `GET /AuthCheck` (architecture §6). */
export type AuthCheckResult =
  | { readonly status: 'ok'; readonly applicationId: ApplicationId; readonly url: string }
  | {
      readonly status: 'missingAttributes';
      readonly applicationId: ApplicationId;
      readonly attributes: readonly MissingAttribute[];
    }
  | { readonly status: 'customFlow'; readonly applicationId: ApplicationId; readonly flowKey: string }
  | {
      readonly status: 'noAccess';
      readonly applicationId: ApplicationId;
      readonly internal: boolean;
      readonly requested: boolean;
    };

/** The calls core's machines need, in domain types. */
export interface PortalApi {
  /** `GET /Admin/Applications`: the applications the user administers. */
  listAdministrableApplications: () => Promise<readonly AdministrableApplication[]>;
  /** Branding of an external application by client id (anonymous, under /My/Applications). */
  getApplicationBranding: (clientId: string) => Promise<ApplicationBranding>;
  /** `PUT /Admin/Applications/AccessRequests/{id}`. */
  decideAccessRequest: (id: AccessRequestId, decision: AccessRequestDecision) => Promise<void>;
  /** `GET /AuthCheck`. */
  authCheck: (target: AuthCheckTarget) => Promise<AuthCheckResult>;
  /** `POST /AuthCheck` with the missing attribute values. */
  submitAttributes: (target: AuthCheckTarget, values: Readonly<Record<string, string>>) => Promise<AuthCheckResult>;
  /** What an access request to the application may name; `search` narrows both lists. */
  getAccessRequestOptions: (applicationId: ApplicationId, search?: string) => Promise<AccessRequestOptions>;
  /** Send an access request for the application, naming what the user chose. */
  requestAccess: (target: AuthCheckTarget, choice: AccessRequestChoice) => Promise<void>;
}

/** Everything core's machines and helpers can be given. */
export interface Ports {
  readonly clock: Clock;
  readonly random: Random;
  readonly digest: Digest;
  readonly authStateStore: AuthStateStore;
  readonly sessionStore: SessionStore;
  readonly lock: Lock;
  readonly identityProvider: IdentityProvider;
  readonly userIds: UserIds;
  readonly navigator: Navigator;
  readonly localeStore: LocaleStore;
  readonly markerStore: MarkerStore;
  readonly api: PortalApi;
}
