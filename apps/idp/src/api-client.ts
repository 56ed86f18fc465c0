// Calls from the provider to the reference API's internal endpoints, authorised with a
// short-lived bearer JWT signed by the provider's own key set.
import { SignJWT } from 'jose';
import type { SigningKey } from './keys.ts';

interface HkData {
  attributes: Record<string, unknown> & { firstName?: string; lastName?: string };
  permissions: string[];
}

export interface UserClaims {
  sub: string;
  email: string;
  given_name: string;
  family_name: string;
  name: string;
  internal: boolean;
  language: string;
  hkData: HkData;
}

export type AuthCheckStatus = 'ok' | 'missingAttributes' | 'customFlow' | 'noAccess' | 'requested';

interface AuthCheckAnswer {
  status: AuthCheckStatus;
  [key: string]: unknown;
}

/** The API could not be reached or answered with an error. */
export class ApiUnavailable extends Error {
  override readonly name = 'ApiUnavailable';
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

/** The API does not know the application (not released in the identity directory). */
export class UnknownApplication extends Error {
  override readonly name = 'UnknownApplication';
}

/** The API does not know the user. */
export class UnknownUser extends Error {
  override readonly name = 'UnknownUser';
}

export interface ApiClientOptions {
  apiUrl: string;
  authority: string;
  audience: string;
  signingKey: SigningKey;
  kid: string;
  timeoutMs?: number;
}

export interface ApiClient {
  claims(userId: string): Promise<UserClaims>;
  authCheck(userId: string, clientId: string): Promise<AuthCheckAnswer>;
  putEmail(userId: string, email: string): Promise<void>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function parseClaims(body: unknown, userId: string): UserClaims {
  if (!isObject(body) || !isObject(body.hkData)) throw new ApiUnavailable('claims answer has no hkData');
  const hk = body.hkData;
  const permissions = Array.isArray(hk.permissions)
    ? hk.permissions.filter((p): p is string => typeof p === 'string')
    : [];
  const attributes = isObject(hk.attributes) ? hk.attributes : {};
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const given = str(body.given_name);
  const family = str(body.family_name);
  return {
    sub: userId,
    email: str(body.email),
    given_name: given,
    family_name: family,
    name: str(body.name) || `${given} ${family}`.trim(),
    internal: body.internal === true,
    language: str(body.language) || 'de',
    hkData: { attributes, permissions },
  };
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const timeoutMs = options.timeoutMs ?? 5000;
  let cached: { token: string; until: number } | undefined;

  async function bearer(): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    if (cached && cached.until > now) return cached.token;
    const token = await new SignJWT({ scp: 'idp.internal' })
      .setProtectedHeader({ alg: 'RS256', kid: options.kid, typ: 'JWT' })
      .setIssuer(`${options.authority}/internal`)
      .setAudience(options.audience)
      .setSubject('idp')
      .setIssuedAt(now)
      .setExpirationTime(now + 120)
      .sign(options.signingKey);
    cached = { token, until: now + 60 };
    return token;
  }

  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${options.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await bearer()}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ApiUnavailable(`${method} ${path}: ${(error as Error).message}`);
    }
    return response;
  }

  async function json(response: Response, what: string): Promise<unknown> {
    try {
      return await response.json();
    } catch {
      throw new ApiUnavailable(`${what}: answer is not JSON`, response.status);
    }
  }

  return {
    async claims(userId) {
      const path = `/Internal/Users/${encodeURIComponent(userId)}/Claims`;
      const response = await call('GET', path);
      if (response.status === 404) throw new UnknownUser(userId);
      if (!response.ok) throw new ApiUnavailable(`GET ${path}: HTTP ${response.status}`, response.status);
      return parseClaims(await json(response, path), userId);
    },
    async authCheck(userId, clientId) {
      const path = `/Internal/AuthCheck?${new URLSearchParams({ userId, clientId })}`;
      const response = await call('GET', path);
      if (response.status === 404) throw new UnknownApplication(clientId);
      if (!response.ok) throw new ApiUnavailable(`GET ${path}: HTTP ${response.status}`, response.status);
      const body = await json(response, path);
      if (!isObject(body) || typeof body.status !== 'string') throw new ApiUnavailable(`${path}: no status`);
      return body as AuthCheckAnswer;
    },
    async putEmail(userId, email) {
      const path = `/Internal/Users/${encodeURIComponent(userId)}/Email`;
      const response = await call('PUT', path, { email });
      if (response.status === 404) throw new UnknownUser(userId);
      if (!response.ok) throw new ApiUnavailable(`PUT ${path}: HTTP ${response.status}`, response.status);
    },
  };
}
