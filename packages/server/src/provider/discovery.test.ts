// The start-up checks against a real HTTP server on loopback serving discovery documents.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerConfigFromEnv, ProviderConfigError } from './config.ts';
import { discoveryUrl, loadProvider } from './discovery.ts';

let server: Server;
let base = '';
const documents = new Map<string, { status: number; body: string }>();

beforeAll(async () => {
  server = createServer((request, response) => {
    const found = documents.get(request.url ?? '');
    response.writeHead(found?.status ?? 404, { 'content-type': 'application/json' });
    response.end(found?.body ?? '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const tenantIssuer = () => `${base}/775527ff-9a37-4307-8b3d-cc311f58d925/v2.0/`;
function b2cDocument(policy: string, overrides: Record<string, unknown> = {}) {
  const at = `${base}/contoso.onmicrosoft.com/${policy}`;
  return {
    issuer: tenantIssuer(),
    authorization_endpoint: `${at}/oauth2/v2.0/authorize`,
    token_endpoint: `${at}/oauth2/v2.0/token`,
    end_session_endpoint: `${at}/oauth2/v2.0/logout`,
    jwks_uri: `${at}/discovery/v2.0/keys`,
    response_types_supported: ['code', 'code id_token', 'id_token'],
    ...overrides,
  };
}
function serve(path: string, body: unknown, status = 200) {
  documents.set(path, { status, body: typeof body === 'string' ? body : JSON.stringify(body) });
}
const b2cEnv = (extra: Record<string, string> = {}) => ({
  IDP_AUTHORITY: `${base}/contoso.onmicrosoft.com`,
  IDP_SIGNIN_POLICY: 'B2C_1A_SIGNIN',
  IDP_REFRESH_POLICY: 'B2C_1A_REFRESH',
  IDP_PASSWORD_POLICY: '',
  IDP_EMAIL_POLICY: '',
  ...extra,
});
const servePolicies = (overrides: Record<string, unknown> = {}) => {
  for (const policy of ['B2C_1A_SIGNIN', 'B2C_1A_REFRESH'])
    serve(`/contoso.onmicrosoft.com/${policy}/v2.0/.well-known/openid-configuration`, b2cDocument(policy, overrides));
};
async function startProblem(env: Record<string, string>): Promise<string> {
  try {
    await loadProvider(providerConfigFromEnv(env), { timeoutMs: 2_000 });
  } catch (error) {
    if (error instanceof ProviderConfigError) return error.message;
    throw error;
  }
  throw new Error('started');
}

describe('loadProvider', () => {
  it('a B2C tenant: one issuer with a GUID and a trailing slash for every policy, each policy its own endpoints', async () => {
    servePolicies();
    const loaded = await loadProvider(providerConfigFromEnv(b2cEnv()));
    expect(loaded.metadata.get('B2C_1A_SIGNIN')?.issuer).toBe(tenantIssuer());
    expect(loaded.metadata.get('B2C_1A_REFRESH')?.issuer).toBe(tenantIssuer());
    expect(loaded.metadata.get('B2C_1A_REFRESH')?.tokenEndpoint).toBe(
      `${base}/contoso.onmicrosoft.com/B2C_1A_REFRESH/oauth2/v2.0/token`,
    );
  });

  it('stops with one line per misconfiguration', async () => {
    servePolicies();
    expect(await startProblem(b2cEnv({ IDP_ISSUER: `${base}/another/v2.0/` }))).toBe(
      `IDP_ISSUER: expected the issuer ${base}/another/v2.0/, the provider's document at ${discoveryUrl(`${base}/contoso.onmicrosoft.com/B2C_1A_SIGNIN/v2.0`)} names ${tenantIssuer()} (issuer mismatch)`,
    );
    expect(await startProblem(b2cEnv({ IDP_SIGNIN_POLICY: 'B2C_1A_MISSING' }))).toBe(
      `IDP_SIGNIN_POLICY: expected a discovery document at ${base}/contoso.onmicrosoft.com/B2C_1A_MISSING/v2.0/.well-known/openid-configuration, the provider answered HTTP 404`,
    );
    expect(await startProblem(b2cEnv({ IDP_AUTHORITY: 'http://127.0.0.1:9/contoso.onmicrosoft.com' }))).toMatch(
      /^IDP_SIGNIN_POLICY: expected a discovery document at http:\/\/127\.0\.0\.1:9\/.*, the provider is unreachable/,
    );

    servePolicies({ end_session_endpoint: undefined });
    expect(await startProblem(b2cEnv())).toMatch(
      /^IDP_END_SESSION: expected an end_session_endpoint in the document at .*, the provider offers none$/,
    );
    servePolicies({ code_challenge_methods_supported: ['plain'] });
    expect(await startProblem(b2cEnv())).toBe(
      'IDP_SIGNIN_POLICY: expected PKCE with S256, the provider supports plain',
    );
    servePolicies({ response_types_supported: ['id_token', 'token'] });
    expect(await startProblem(b2cEnv())).toBe(
      'IDP_SIGNIN_POLICY: expected response type code (the code flow), the provider supports id_token, token',
    );
    servePolicies({ token_endpoint_auth_methods_supported: ['client_secret_post'] });
    expect(await startProblem(b2cEnv({ IDP_CLIENT_SECRET: 'x' }))).toBe(
      'IDP_CLIENT_SECRET: expected token endpoint authentication by client_secret_basic, the provider supports client_secret_post',
    );
    // A reader that only checks tokens (the API) is no client: the methods do not concern it.
    await expect(
      loadProvider(providerConfigFromEnv(b2cEnv({ IDP_CLIENT_SECRET: 'x' }), { asClient: false })),
    ).resolves.toBeDefined();
    servePolicies({ issuer: 'http://tenant.example/v2.0/' });
    expect(await startProblem(b2cEnv())).toBe(
      'IDP_SIGNIN_POLICY: expected an https:// issuer (http only for localhost), the document names http://tenant.example/v2.0/',
    );
    serve('/contoso.onmicrosoft.com/B2C_1A_SIGNIN/v2.0/.well-known/openid-configuration', '<html>');
    expect(await startProblem(b2cEnv())).toMatch(/the provider answered no JSON$/);
  });

  it('a standard provider: the issuer must be the document’s, the end-session endpoint may be missing', async () => {
    const issuer = `${base}/realms/hk`;
    serve('/realms/hk/.well-known/openid-configuration', {
      ...b2cDocument('x', { end_session_endpoint: undefined }),
      issuer,
      code_challenge_methods_supported: ['S256'],
    });
    const loaded = await loadProvider(providerConfigFromEnv({ IDP_KIND: 'oidc', IDP_ISSUER: issuer }));
    expect(loaded.metadata.get('default')?.issuer).toBe(issuer);
    expect(loaded.metadata.get('default')?.endSessionEndpoint).toBeUndefined();
    expect(await startProblem({ IDP_KIND: 'oidc', IDP_ISSUER: issuer, IDP_END_SESSION: 'required' })).toMatch(
      /^IDP_END_SESSION: /,
    );
    serve('/realms/other/.well-known/openid-configuration', { ...b2cDocument('x'), issuer });
    expect(await startProblem({ IDP_KIND: 'oidc', IDP_ISSUER: `${base}/realms/other` })).toMatch(
      /^IDP_ISSUER: expected the issuer .*\/realms\/other, .* names .*\/realms\/hk \(issuer mismatch\)$/,
    );
  });
});
