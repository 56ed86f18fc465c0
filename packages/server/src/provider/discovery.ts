// The provider's discovery documents, fetched and checked when a server starts: a provider
// that cannot serve the portal stops the start with one line naming the variable, what was
// expected and what the provider answered (issue #27). The documents are kept: the API takes
// its issuers and key sets from them; the portal server's OpenID adapter reads them again
// through oauth4webapi with the issuer found here.
import { ProviderConfigError, type ProviderConfig } from './config.ts';

/** What one discovery key's document says, as far as the portal and the API need it. */
export interface ProviderMetadata {
  readonly issuer: string;
  readonly authorizationEndpoint: string;
  readonly tokenEndpoint: string;
  readonly jwksUri: string;
  readonly endSessionEndpoint?: string;
}

export interface LoadedProvider {
  readonly config: ProviderConfig;
  /** By discovery key (a B2C policy, or `default`). */
  readonly metadata: ReadonlyMap<string, ProviderMetadata>;
}

export interface LoadOptions {
  readonly fetch?: typeof globalThis.fetch;
  /** Per document (default 10 s). */
  readonly timeoutMs?: number;
  /**
   * How long an unreachable provider (no answer, or 502/503/504) is waited for at start, asking
   * again every second (default 0: the first failure stops the start). A wrong answer never waits.
   */
  readonly waitMs?: number;
  /** Told once when the start waits for the provider. */
  readonly onWait?: (problem: ProviderConfigError) => void;
}

/** The provider did not answer (yet): worth asking again while a start waits for it. */
class Unreachable extends ProviderConfigError {}

/** The well-known location of a discovery base (oauth4webapi's rule: appended to the path). */
export function discoveryUrl(base: string): string {
  const url = new URL(base);
  url.pathname = `${url.pathname}/.well-known/openid-configuration`.replace('//', '/');
  return url.href;
}

/** The variable that names where a discovery key's document is. */
function variableOf(config: ProviderConfig, key: string): string {
  if (config.kind === 'oidc') return 'IDP_ISSUER';
  if (config.kind === 'entra-external-id') return 'IDP_TENANT_ID';
  const { flows } = config;
  if (key === flows.signIn) return 'IDP_SIGNIN_POLICY';
  if (key === flows.refresh) return 'IDP_REFRESH_POLICY';
  if (key === flows.passwordChange) return 'IDP_PASSWORD_POLICY';
  return 'IDP_EMAIL_POLICY';
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const stringList = (v: unknown): readonly string[] | undefined =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : undefined;

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);
const isAcceptableUrl = (raw: unknown, allowHttp: boolean): raw is string =>
  typeof raw === 'string' && acceptableUrl(raw, allowHttp);
function acceptableUrl(raw: string, allowHttp: boolean): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || (allowHttp && url.protocol === 'http:' && loopbackHosts.has(url.hostname));
  } catch {
    return false;
  }
}

/** Check one document against the configuration; the metadata, or a ProviderConfigError. */
function checkDiscoveryDocument(
  config: ProviderConfig,
  key: string,
  location: string,
  document: unknown,
): ProviderMetadata {
  const variable = variableOf(config, key);
  const fail = (expected: string, found: string) => new ProviderConfigError(variable, expected, found);
  if (!isObject(document))
    throw fail(`a discovery document (JSON object) at ${location}`, 'the provider answered something else');
  const { issuer } = document;
  if (typeof issuer !== 'string' || issuer === '')
    throw fail(`a discovery document with an issuer at ${location}`, 'the document names none');
  if (config.expectedIssuer !== undefined && issuer !== config.expectedIssuer)
    throw new ProviderConfigError(
      config.kind === 'b2c' ? 'IDP_ISSUER' : variable,
      `the issuer ${config.expectedIssuer}`,
      `the provider's document at ${location} names ${issuer} (issuer mismatch)`,
    );
  if (!acceptableUrl(issuer, config.allowHttp))
    throw fail('an https:// issuer (http only for localhost)', `the document names ${issuer}`);
  for (const field of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
    if (!isAcceptableUrl(document[field], config.allowHttp))
      throw fail(
        `an https:// ${field} in the document at ${location}`,
        `the provider answered ${String(document[field])}`,
      );
  }
  const responseTypes = stringList(document.response_types_supported);
  if (responseTypes !== undefined && !responseTypes.some((t) => t.split(' ').includes('code') && !t.includes('token')))
    throw fail('response type code (the code flow)', `the provider supports ${responseTypes.join(', ')}`);
  const pkce = stringList(document.code_challenge_methods_supported);
  if (pkce !== undefined && !pkce.includes('S256'))
    throw fail('PKCE with S256', `the provider supports ${pkce.length === 0 ? 'no method' : pkce.join(', ')}`);
  const authMethods = stringList(document.token_endpoint_auth_methods_supported);
  if (config.asClient && authMethods !== undefined && !authMethods.includes(config.clientAuth.method))
    throw new ProviderConfigError(
      config.clientAuth.method === 'private_key_jwt' ? 'IDP_CLIENT_PRIVATE_JWK' : 'IDP_CLIENT_SECRET',
      `token endpoint authentication by ${config.clientAuth.method}`,
      `the provider supports ${authMethods.join(', ')}`,
    );
  const endSession = document.end_session_endpoint;
  if (endSession !== undefined && !isAcceptableUrl(endSession, config.allowHttp))
    throw fail('an https:// end_session_endpoint', `the provider answered ${JSON.stringify(endSession)}`);
  if (endSession === undefined && config.endSession === 'required')
    throw new ProviderConfigError(
      'IDP_END_SESSION',
      `an end_session_endpoint in the document at ${location} (set IDP_END_SESSION=optional to sign out locally only)`,
      'the provider offers none',
    );
  return {
    issuer,
    authorizationEndpoint: document.authorization_endpoint as string,
    tokenEndpoint: document.token_endpoint as string,
    jwksUri: document.jwks_uri as string,
    ...(typeof endSession === 'string' ? { endSessionEndpoint: endSession } : {}),
  };
}

/**
 * Fetch and check every discovery key's document (in parallel); the first problem throws a
 * ProviderConfigError (its message is the one line a start prints).
 */
export async function loadProvider(config: ProviderConfig, options: LoadOptions = {}): Promise<LoadedProvider> {
  const deadline = Date.now() + (options.waitMs ?? 0);
  let told = false;
  for (;;) {
    try {
      return await loadOnce(config, options);
    } catch (error) {
      if (!(error instanceof Unreachable) || Date.now() >= deadline) throw error;
      if (!told) options.onWait?.(error);
      told = true;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

async function loadOnce(config: ProviderConfig, options: LoadOptions): Promise<LoadedProvider> {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const entries = await Promise.all(
    Object.entries(config.discovery).map(async ([key, base]) => {
      const location = discoveryUrl(base);
      const variable = variableOf(config, key);
      let response: Response;
      try {
        response = await fetchImpl(location, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        const cause =
          error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
        throw new Unreachable(
          variable,
          `a discovery document at ${location}`,
          `the provider is unreachable${cause === '' ? '' : ` (${cause})`}`,
        );
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new (response.status >= 502 && response.status <= 504 ? Unreachable : ProviderConfigError)(
          variable,
          `a discovery document at ${location}`,
          `the provider answered HTTP ${response.status}`,
        );
      }
      let document: unknown;
      try {
        document = await response.json();
      } catch {
        throw new ProviderConfigError(variable, `a discovery document at ${location}`, 'the provider answered no JSON');
      }
      return [key, checkDiscoveryDocument(config, key, location, document)] as const;
    }),
  );
  return { config, metadata: new Map(entries) };
}
