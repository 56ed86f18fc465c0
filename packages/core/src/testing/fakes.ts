// In-memory implementations of every port (architecture §3): for core's own tests, for
// Storybook, and for QA driving the machines in isolation. Deterministic: no real time,
// no real randomness.

import type {
  AccessRequest,
  AccessRequestDecision,
  AccessRequestOptions,
  Choice,
  Page,
  AccessRequestId,
  AdministrableApplication,
  ApplicationBranding,
  LocaleCode,
} from '../domain/entities.ts';
import type { AuthStateData, ProviderMetadata, StoredSession, TokenResponse } from '../domain/auth.ts';
import { maxAuthStateRecords } from '../domain/constants.ts';
import { decodeAuthStateRecord } from '../domain/token-answers.ts';
import { HttpError, IdentityProviderError } from '../errors/errors.ts';
import { parseQuery, splitUrl } from '../domain/url.ts';
import { buildQuery } from '../domain/url-build.ts';
import type {
  AuthCheckResult,
  AuthCheckTarget,
  AuthStateStore,
  AuthorizationRequest,
  Clock,
  CodeExchangeRequest,
  Digest,
  EndSessionRequest,
  IdentityProvider,
  Lock,
  LocaleStore,
  MarkerStore,
  Navigator,
  PortalApi,
  Ports,
  Random,
  RefreshGrantRequest,
  SessionStore,
  TimerHandle,
  UserIds,
} from '../ports/ports.ts';
import { sha256 } from './sha256.ts';
import { base64Url } from '../domain/random.ts';

const utf8 = (text: string) => Uint8Array.from(unescape(encodeURIComponent(text)), (c) => c.charCodeAt(0));

/** An unsigned JWT-shaped token carrying `claims` (the fake provider's ID tokens). */
export function fakeJwt(claims: unknown, signature: string = 'fake-signature'): string {
  return `${base64Url(utf8(JSON.stringify({ alg: 'RS256', typ: 'JWT' })))}.${base64Url(utf8(JSON.stringify(claims)))}.${signature}`;
}

/** A promise with its resolve and reject at hand. */
export interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(reason: unknown): void;
}

export function createDeferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Let every pending promise callback run (a few macrotask-free microtask turns). */
export async function flushPromises(turns: number = 20): Promise<void> {
  for (let i = 0; i < turns; i += 1) await Promise.resolve();
}

// ---------------------------------------------------------------------------- clock

export interface FakeClock extends Clock {
  /** Move time forward, running due timers in order. */
  advance(ms: number): void;
  /** Number of timers not yet run. */
  pendingTimers(): number;
}

export function createFakeClock(start: number = Date.UTC(2026, 0, 15, 9, 0, 0)): FakeClock {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const clock: FakeClock = {
    now: () => now,
    setTimeout(callback, delayMs) {
      const id = nextId;
      nextId += 1;
      timers.set(id, { at: now + Math.max(0, delayMs), callback });
      return id;
    },
    clearTimeout(handle: TimerHandle) {
      if (typeof handle === 'number') timers.delete(handle);
    },
    advance(ms) {
      const target = now + ms;
      for (;;) {
        let dueId: number | undefined;
        let dueAt = Infinity;
        for (const [id, timer] of timers) {
          if (timer.at <= target && timer.at < dueAt) {
            dueAt = timer.at;
            dueId = id;
          }
        }
        const due = dueId === undefined ? undefined : timers.get(dueId);
        if (dueId === undefined || due === undefined) break;
        timers.delete(dueId);
        now = Math.max(now, due.at);
        due.callback();
      }
      now = target;
    },
    pendingTimers: () => timers.size,
  };
  return clock;
}

// ---------------------------------------------------------------------------- random

export interface SeededRandom extends Random {
  /** Bytes handed out so far. */
  readonly drawn: number;
}

/** Deterministic bytes from a seed (mulberry32). Not a CSPRNG: for tests and stories only. */
export function createSeededRandom(seed: number = 42): SeededRandom {
  let state = seed >>> 0;
  let drawn = 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) & 0xff;
  };
  return {
    get drawn() {
      return drawn;
    },
    bytes(length) {
      const out = new Uint8Array(length);
      for (let i = 0; i < length; i += 1) out[i] = next();
      drawn += length;
      return out;
    },
  };
}

/** Random that hands out exactly the given bytes, in order, then repeats them. */
export function createScriptedRandom(bytes: readonly number[]): Random {
  let at = 0;
  return {
    bytes(length) {
      const out = new Uint8Array(length);
      for (let i = 0; i < length; i += 1) {
        out[i] = bytes[at % bytes.length] ?? 0;
        at += 1;
      }
      return out;
    },
  };
}

// ---------------------------------------------------------------------------- digest

export function createDigest(): Digest {
  return { sha256: async (data) => sha256(data) };
}

// ---------------------------------------------------------------------------- auth state

export interface MemoryAuthStateStore extends AuthStateStore {
  /** States currently kept, oldest first. */
  states(): readonly string[];
  /** Put any raw value under a state (a tampered or foreign cookie). */
  putRaw(state: string, raw: unknown): void;
}

/** Keeps at most 4 records, dropping the oldest by count; undecodable records count as missing and are deleted. */
export function createMemoryAuthStateStore(): MemoryAuthStateStore {
  const records = new Map<string, unknown>();
  let count = 0;
  const countOf = (raw: unknown) => decodeAuthStateRecord(raw)?.count ?? -1;
  return {
    async save(state: string, data: AuthStateData) {
      count += 1;
      records.set(state, JSON.stringify({ count, data }));
      const ordered = [...records.keys()].sort((a, b) => countOf(records.get(a)) - countOf(records.get(b)));
      while (ordered.length > maxAuthStateRecords) {
        const oldest = ordered.shift();
        if (oldest !== undefined) records.delete(oldest);
      }
    },
    async take(state: string) {
      const raw = records.get(state);
      records.delete(state);
      return decodeAuthStateRecord(raw)?.data;
    },
    states: () => [...records.keys()].sort((a, b) => countOf(records.get(a)) - countOf(records.get(b))),
    putRaw(state, raw) {
      records.set(state, raw);
    },
  };
}

// ---------------------------------------------------------------------------- session

export interface MemorySessionStore extends SessionStore {
  current(): StoredSession | undefined;
  readonly writes: number;
}

export function createMemorySessionStore(initial?: StoredSession): MemorySessionStore {
  let session = initial;
  let writes = 0;
  return {
    async read() {
      return session;
    },
    async write(next) {
      session = next;
      writes += 1;
    },
    async clear() {
      session = undefined;
    },
    current: () => session,
    get writes() {
      return writes;
    },
  };
}

/**
 * The directory's user ids, for tests: `<subject>@<issuer>`, visibly not the subject, so a test
 * sees that core named the user through the port. The servers pass @portal/server's
 * `directoryUserId` (tested there), never this.
 */
function createFakeUserIds(): UserIds {
  return { of: (issuer, subject) => `${subject}@${issuer}` };
}

/** One session's refresh lock: its tasks run one after the other. */
export function createMemoryLock(): Lock {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      const result = tail.then(task, task);
      tail = result.catch(() => undefined);
      return result;
    },
  };
}

// ---------------------------------------------------------------------------- navigator

export interface FakeNavigator extends Navigator {
  /** Every redirect, replace and reload, in order. */
  readonly log: readonly { readonly kind: 'redirect' | 'replace' | 'reload'; readonly url: string }[];
  /** Set the current address (a page load). */
  visit(url: string): void;
}

export function createFakeNavigator(url: string = 'http://localhost:5173/'): FakeNavigator {
  let current = url;
  const log: { kind: 'redirect' | 'replace' | 'reload'; url: string }[] = [];
  return {
    log,
    currentUrl: () => current,
    redirect(next) {
      log.push({ kind: 'redirect', url: next });
      current = next;
    },
    replace(next) {
      log.push({ kind: 'replace', url: next });
      current = next;
    },
    reload() {
      log.push({ kind: 'reload', url: current });
    },
    visit(next) {
      current = next;
    },
  };
}

// ---------------------------------------------------------------------------- identity provider

interface FakeUser {
  readonly sub: string;
  readonly email?: string;
  readonly hkData?: unknown;
  /** The profile's language (the local provider's `language` claim). */
  readonly language?: string;
}

export interface FakeIdentityProviderOptions {
  readonly clock: Clock;
  readonly issuer?: string;
  readonly clientId?: string;
  /** Access token lifetime, seconds (default 3600). */
  readonly expiresIn?: number;
  readonly user?: FakeUser;
  /** Advertise RFC 9207 `iss` in authorization responses (default true). */
  readonly issParameterSupported?: boolean;
}

export interface FakeIdentityProvider extends IdentityProvider {
  readonly issuer: string;
  readonly calls: {
    readonly authorize: AuthorizationRequest[];
    readonly exchange: CodeExchangeRequest[];
    readonly refresh: RefreshGrantRequest[];
    readonly endSession: EndSessionRequest[];
  };
  /** The user signs in at the provider: the callback URL (redirect_uri?code&state&iss). */
  callbackUrlFor(state: string, extra?: Readonly<Record<string, string>>): string;
  /** The user cancels (or fails) at the provider: the callback URL with an error. */
  errorCallbackUrlFor(state: string, error: string, description?: string): string;
  /** Replace the signed-in user (for refresh with another subject). */
  setUser(user: FakeUser): void;
  /** The next exchange or refresh answers this raw value instead (bad responses). */
  answerNext(raw: unknown): void;
  /** The next exchange or refresh fails with this (IdentityProviderError or anything). */
  failNext(error: unknown): void;
  /** Omit the access token / refresh token from answers. */
  setTokenOptions(options: { readonly accessToken?: boolean; readonly refreshToken?: boolean }): void;
  /** Hold every following exchange/refresh until released (for single-flight tests). */
  hold(): void;
  release(): void;
  /** The next exchange or refresh alone waits for the returned deferred (a slow or hanging answer); others go on. */
  holdNext(): Deferred<void>;
}

export function createFakeIdentityProvider(options: FakeIdentityProviderOptions): FakeIdentityProvider {
  const issuer = options.issuer ?? 'http://localhost:4001/tenant/v2.0/';
  const clientId = options.clientId ?? 'hk-portal';
  let user: FakeUser = options.user ?? {
    sub: 'user-1',
    email: 'partner@hk-demo.test',
    hkData: {
      attributes: { firstName: 'Dana', lastName: 'Dealer' },
      permissions: ['applications.read'],
      internal: false,
    },
  };
  const calls = {
    authorize: [] as AuthorizationRequest[],
    exchange: [] as CodeExchangeRequest[],
    refresh: [] as RefreshGrantRequest[],
    endSession: [] as EndSessionRequest[],
  };
  const pending = new Map<string, AuthorizationRequest>();
  const codes = new Map<string, AuthorizationRequest>();
  const refreshTokens = new Set<string>();
  const overrides: { kind: 'answer' | 'fail'; value: unknown }[] = [];
  const tokenOptions = { accessToken: true, refreshToken: true };
  let serial = 0;
  let held: Deferred<void> | undefined;
  const heldNext: Deferred<void>[] = [];

  const metadata = (policy: string): ProviderMetadata => ({
    issuer,
    authorizationEndpoint: `http://localhost:4001/${policy}/oauth2/v2.0/authorize`,
    tokenEndpoint: `http://localhost:4001/${policy}/oauth2/v2.0/token`,
    endSessionEndpoint: `http://localhost:4001/${policy}/oauth2/v2.0/logout`,
    authorizationResponseIssParameterSupported: options.issParameterSupported ?? true,
  });

  const issue = (nonce: string | undefined): TokenResponse => {
    serial += 1;
    const nowSeconds = Math.floor(options.clock.now() / 1000);
    const refresh = tokenOptions.refreshToken ? `refresh-${serial}` : undefined;
    if (refresh !== undefined) refreshTokens.add(refresh);
    const claims = {
      iss: issuer,
      sub: user.sub,
      aud: clientId,
      iat: nowSeconds,
      exp: nowSeconds + (options.expiresIn ?? 3600),
      ...(nonce === undefined ? {} : { nonce }),
      ...(user.email === undefined ? {} : { email: user.email }),
      ...(user.hkData === undefined ? {} : { hkData: user.hkData }),
      ...(user.language === undefined ? {} : { language: user.language }),
    };
    return {
      ...(tokenOptions.accessToken ? { access_token: `access-${serial}` } : {}),
      id_token: fakeJwt(claims, `sig-${serial}`),
      ...(refresh === undefined ? {} : { refresh_token: refresh }),
      expires_in: options.expiresIn ?? 3600,
      token_type: 'Bearer',
      idTokenClaims: claims,
    };
  };

  const answer = async (normal: () => TokenResponse): Promise<TokenResponse> => {
    const own = heldNext.shift();
    if (own) await own.promise;
    if (held) await held.promise;
    await Promise.resolve();
    const override = overrides.shift();
    if (override?.kind === 'fail') throw override.value;
    if (override?.kind === 'answer') return override.value as TokenResponse;
    return normal();
  };

  return {
    issuer,
    calls,
    async discover(policy) {
      return metadata(policy);
    },
    async authorizationUrl(request) {
      calls.authorize.push(request);
      pending.set(request.state, request);
      const query = buildQuery([
        ['client_id', request.clientId],
        ['redirect_uri', request.redirectUri],
        ['response_type', request.responseType],
        ['scope', request.scope],
        ['state', request.state],
        ['nonce', request.nonce],
        ['code_challenge', request.codeChallenge],
        ['code_challenge_method', request.codeChallengeMethod],
        ...(request.prompt === undefined ? [] : [['prompt', request.prompt] as const]),
        ...(request.uiLocales === undefined ? [] : [['ui_locales', request.uiLocales] as const]),
      ]);
      return `${metadata(request.policy).authorizationEndpoint}?${query}`;
    },
    callbackUrlFor(state, extra = {}) {
      const request = pending.get(state);
      if (request === undefined) throw new Error(`no authorization request for state ${state}`);
      serial += 1;
      const code = `code-${serial}`;
      codes.set(code, request);
      const params: [string, string][] = [
        ['code', code],
        ['state', state],
      ];
      if (options.issParameterSupported ?? true) params.push(['iss', issuer]);
      for (const [name, value] of Object.entries(extra)) params.push([name, value]);
      return `${request.redirectUri}?${buildQuery(params)}`;
    },
    errorCallbackUrlFor(state, error, description) {
      const request = pending.get(state);
      const base = request?.redirectUri ?? 'http://localhost:5173/auth/login';
      const params: [string, string][] = [['error', error]];
      if (description !== undefined) params.push(['error_description', description]);
      params.push(['state', state]);
      return `${base}?${buildQuery(params)}`;
    },
    async exchangeCode(request) {
      calls.exchange.push(request);
      return answer(() => {
        const authorization = codes.get(request.code);
        codes.delete(request.code);
        if (authorization === undefined || authorization.redirectUri !== request.redirectUri) {
          throw new IdentityProviderError('invalid_grant', 'AADB2C90080: The provided grant has expired.');
        }
        return issue(authorization.nonce);
      });
    },
    async refresh(request) {
      calls.refresh.push(request);
      return answer(() => {
        if (!refreshTokens.has(request.refreshToken)) throw new IdentityProviderError('invalid_grant');
        return issue(undefined);
      });
    },
    async endSessionUrl(request) {
      calls.endSession.push(request);
      const params: [string, string][] = [['post_logout_redirect_uri', request.postLogoutRedirectUri]];
      if (request.idTokenHint !== undefined) params.push(['id_token_hint', request.idTokenHint]);
      return `${metadata(request.policy).endSessionEndpoint ?? ''}?${buildQuery(params)}`;
    },
    setUser(next) {
      user = next;
    },
    answerNext(raw) {
      overrides.push({ kind: 'answer', value: raw });
    },
    failNext(error) {
      overrides.push({ kind: 'fail', value: error });
    },
    setTokenOptions(next) {
      if (next.accessToken !== undefined) tokenOptions.accessToken = next.accessToken;
      if (next.refreshToken !== undefined) tokenOptions.refreshToken = next.refreshToken;
    },
    hold() {
      held = createDeferred<void>();
    },
    release() {
      held?.resolve();
      held = undefined;
    },
    holdNext() {
      const deferred = createDeferred<void>();
      heldNext.push(deferred);
      return deferred;
    },
  };
}

/** The query parameters of a URL as a plain record (first value of each). */
export function queryOf(url: string): Readonly<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, values] of parseQuery(splitUrl(url).query)) out[name] = values[0] ?? '';
  return out;
}

// ---------------------------------------------------------------------------- portal api

export interface FakePortalApiData {
  readonly applications?: readonly AdministrableApplication[];
  readonly brandings?: readonly ApplicationBranding[];
  readonly accessRequests?: readonly AccessRequest[];
  /** AuthCheck answers by client id or application id. */
  readonly authChecks?: Readonly<Record<string, AuthCheckResult>>;
  /** Access-request choices by application id (none offered when missing). */
  readonly accessRequestOptions?: Readonly<Record<string, AccessRequestOptions>>;
}

const noChoices: AccessRequestOptions = {
  roleRequired: false,
  accountAccessRequired: false,
  accountAccesses: { items: [], total: 0 },
  roles: { items: [], total: 0 },
};

/** Entries whose label contains the search (case-insensitive), as the API narrows them. */
const narrowed = (page: Page<Choice>, search: string | undefined): Page<Choice> => {
  if (search === undefined) return page;
  const items = page.items.filter((item) => item.label.toLowerCase().includes(search.toLowerCase()));
  return { items, total: items.length };
};

type PortalApiMethod = keyof PortalApi;

export interface FakePortalApi extends PortalApi {
  /** Every call, in order. */
  readonly calls: { readonly method: PortalApiMethod; readonly args: readonly unknown[] }[];
  /** The next call of `method` fails with `error` (an HttpError for HTTP failures). */
  failNext(method: PortalApiMethod, error: unknown): void;
  /** The next call of `method` waits for the returned deferred. */
  holdNext(method: PortalApiMethod): Deferred<void>;
  /** Change the AuthCheck answer for a target key (client id or application id). */
  setAuthCheck(key: string, result: AuthCheckResult): void;
  readonly decisions: ReadonlyMap<AccessRequestId, AccessRequestDecision>;
}

const targetKey = (target: AuthCheckTarget) => ('clientId' in target ? target.clientId : target.applicationId);

export function createFakePortalApi(data: FakePortalApiData = {}): FakePortalApi {
  const calls: { method: PortalApiMethod; args: readonly unknown[] }[] = [];
  const failures = new Map<PortalApiMethod, unknown[]>();
  const holds = new Map<PortalApiMethod, Deferred<void>[]>();
  const authChecks = new Map(Object.entries(data.authChecks ?? {}));
  const decisions = new Map<AccessRequestId, AccessRequestDecision>();
  const requests = new Map((data.accessRequests ?? []).map((r) => [r.id, r]));

  const call = async <T>(method: PortalApiMethod, args: readonly unknown[], run: () => T): Promise<T> => {
    calls.push({ method, args });
    const hold = holds.get(method)?.shift();
    if (hold) await hold.promise;
    await Promise.resolve();
    const failure = failures.get(method);
    if (failure && failure.length > 0) throw failure.shift();
    return run();
  };
  const notFound = () => new HttpError(404, { error: { code: 'NOT_FOUND', message: 'Not found', errors: [] } });

  return {
    calls,
    decisions,
    failNext(method, error) {
      const list = failures.get(method) ?? [];
      list.push(error);
      failures.set(method, list);
    },
    holdNext(method) {
      const deferred = createDeferred<void>();
      const list = holds.get(method) ?? [];
      list.push(deferred);
      holds.set(method, list);
      return deferred;
    },
    setAuthCheck(key, result) {
      authChecks.set(key, result);
    },
    listAdministrableApplications: () => call('listAdministrableApplications', [], () => data.applications ?? []),
    getApplicationBranding: (clientId) =>
      call('getApplicationBranding', [clientId], () => {
        const branding = (data.brandings ?? []).find((b) => b.clientId === clientId);
        if (branding === undefined) throw notFound();
        return branding;
      }),
    decideAccessRequest: (id, decision) =>
      call('decideAccessRequest', [id, decision], () => {
        const request = requests.get(id);
        if (request === undefined) throw notFound();
        decisions.set(id, decision);
        requests.set(id, { ...request, status: decision.kind === 'accept' ? 'ACCEPTED' : 'DENIED' });
      }),
    authCheck: (target) =>
      call('authCheck', [target], () => {
        const result = authChecks.get(targetKey(target));
        if (result === undefined) throw notFound();
        return result;
      }),
    submitAttributes: (target, values) =>
      call('submitAttributes', [target, values], () => {
        const key = targetKey(target);
        const result = authChecks.get(key);
        if (result === undefined) throw notFound();
        const next: AuthCheckResult = {
          status: 'ok',
          applicationId: result.applicationId,
          url: `http://localhost:4002/?app=${result.applicationId}`,
        };
        authChecks.set(key, next);
        return next;
      }),
    getAccessRequestOptions: (applicationId, search) =>
      call('getAccessRequestOptions', [applicationId, search], () => {
        const options = data.accessRequestOptions?.[applicationId] ?? noChoices;
        return {
          ...options,
          accountAccesses: narrowed(options.accountAccesses, search),
          roles: narrowed(options.roles, search),
        };
      }),
    requestAccess: (target, choice) =>
      call('requestAccess', [target, choice], () => {
        const key = targetKey(target);
        const result = authChecks.get(key);
        if (result === undefined) throw notFound();
        if (result.status === 'noAccess') authChecks.set(key, { ...result, requested: true });
      }),
  };
}

// ---------------------------------------------------------------------------- small stores

export function createMemoryLocaleStore(
  initial?: LocaleCode,
): LocaleStore & { readonly writes: readonly LocaleCode[] } {
  let locale = initial;
  const writes: LocaleCode[] = [];
  return {
    writes,
    read: () => locale,
    write(next) {
      locale = next;
      writes.push(next);
    },
  };
}

export function createMemoryMarkerStore(initial: Readonly<Record<string, string>> = {}): MarkerStore {
  const values = new Map(Object.entries(initial));
  return {
    get: (key) => values.get(key),
    set(key, value) {
      values.set(key, value);
    },
  };
}

// ---------------------------------------------------------------------------- everything

export interface TestPorts extends Ports {
  readonly clock: FakeClock;
  readonly random: SeededRandom;
  readonly authStateStore: MemoryAuthStateStore;
  readonly sessionStore: MemorySessionStore;
  readonly identityProvider: FakeIdentityProvider;
  readonly navigator: FakeNavigator;
  readonly api: FakePortalApi;
}

export interface TestPortsOptions {
  readonly now?: number;
  readonly seed?: number;
  readonly url?: string;
  readonly user?: FakeUser;
  readonly api?: FakePortalApiData;
  readonly session?: StoredSession;
  readonly locale?: LocaleCode;
}

/** Every port, in memory, wired together (the identity provider uses the fake clock). */
export function createTestPorts(options: TestPortsOptions = {}): TestPorts {
  const clock = createFakeClock(options.now);
  return {
    clock,
    random: createSeededRandom(options.seed),
    digest: createDigest(),
    authStateStore: createMemoryAuthStateStore(),
    sessionStore: createMemorySessionStore(options.session),
    lock: createMemoryLock(),
    identityProvider: createFakeIdentityProvider(
      options.user === undefined ? { clock } : { clock, user: options.user },
    ),
    userIds: createFakeUserIds(),
    navigator: createFakeNavigator(options.url),
    localeStore: createMemoryLocaleStore(options.locale),
    markerStore: createMemoryMarkerStore(),
    api: createFakePortalApi(options.api),
  };
}

/** Default auth configuration of the local stack (scripts/stack-config.ts). */
export const testAuthConfig = {
  clientId: 'hk-portal',
  scopes: ['openid', 'offline_access', 'api://portal-api/access'],
  redirectUri: 'http://localhost:5173/auth/login',
  refreshRedirectUri: 'http://localhost:5173/flows/auth-refresh',
  policies: {
    signIn: 'b2c_1a_signin',
    refresh: 'b2c_1a_refresh',
    passwordChange: 'b2c_1a_password_change',
    emailChange: 'b2c_1a_email_change',
  },
} as const;
