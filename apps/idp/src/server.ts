// The local identity provider: four B2C-style policies behind one HTTP server. Below
// `<prefix>`, `/<policy>` in the policy-issuer shape, `/<tenant>.onmicrosoft.com/<policy>` in
// the b2c-tenant shape (config.ts):
//   <prefix>/v2.0/.well-known/openid-configuration   discovery
//   <prefix>/discovery/v2.0/keys                      the shared key set
//   <prefix>/oauth2/v2.0/{authorize,token,logout}     protocol endpoints
//   <prefix>/interaction/<uid>                        the provider's own pages
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { decodeJwt } from 'jose';
import type { KoaContextWithOIDC } from 'oidc-provider';
import identities from '@portal/contract/demo-identities.json' with { type: 'json' };
import { DirectoryGroups } from './accounts/directory.ts';
import { AccountStore } from './accounts/store.ts';
import { createApiClient, type ApiClient } from './api-client.ts';
import type { IdpConfig, PolicyKind } from './config.ts';
import { sendHtml } from './http.ts';
import { createInteractionHandler } from './interactions/handler.ts';
import { messages, pickLanguage } from './interactions/messages.ts';
import { SSO_COOKIE, SsoSessions } from './interactions/sso.ts';
import { css, errorPage, favicon, js } from './interactions/views.ts';
import { loadKeys } from './keys.ts';
import { MemoryStore } from './policies/adapter.ts';
import { createPolicy, type ClientIds, type Policy } from './policies/provider.ts';

export interface Idp {
  /** Base URL the server listens on (the authority when port 0 was asked for). */
  url: string;
  config: IdpConfig;
  policies: Record<PolicyKind, Policy>;
  accounts: AccountStore;
  /** The directory's groups (`IDP_DATA_DIR/directory-groups.json`), issued to internal accounts. */
  directory: DirectoryGroups;
  close(): Promise<void>;
}

export const clientIds: ClientIds = {
  portal: identities.clients.portal.clientId,
  dealerShop: identities.clients.dealerShop.clientId,
};

const kinds: PolicyKind[] = ['signin', 'refresh', 'password', 'email'];

/**
 * Starts the provider. With `config.port === 0` a free port is chosen and the authority is
 * rewritten to it (tests); `api` replaces the HTTP client of the reference API.
 */
export async function startIdp(input: IdpConfig, options: { api?: ApiClient; host?: string } = {}): Promise<Idp> {
  const host = options.host ?? '127.0.0.1';
  // Large limit: every cookie of the host (the portal's chunked token cookies too) comes along.
  const server = createServer({ maxHeaderSize: 64 * 1024 });
  // Requests that arrive while the provider is still being set up wait for it.
  const handlers: { route?: (req: IncomingMessage, res: ServerResponse) => Promise<void> } = {};
  let ready: () => void = () => undefined;
  const setUp = new Promise<void>((resolve) => {
    ready = resolve;
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      await setUp;
      if (!handlers.route) throw new Error('not set up');
      await handlers.route(req, res);
    })().catch((error: unknown) => {
      console.error(`[idp] ${req.method} ${req.url}: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent) {
        const lang = pickLanguage(undefined, req.headers['accept-language']);
        sendHtml(
          res,
          config,
          500,
          errorPage(
            lang,
            messages[lang],
            'server_error',
            'AADB2C90085: The service has encountered an internal error.',
          ),
        );
      } else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(input.port, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const config: IdpConfig =
    input.port === 0
      ? { ...input, port, authority: `http://${host.includes(':') ? `[${host}]` : host}:${port}` }
      : input;

  const keys = await loadKeys(config.dataDir);
  const accounts = await AccountStore.open(config.dataDir);
  const directory = await DirectoryGroups.open(config.dataDir);
  const api =
    options.api ??
    createApiClient({
      apiUrl: config.apiUrl,
      authority: config.authority,
      audience: config.apiAudience,
      signingKey: keys.signingKey,
      kid: keys.kid,
    });
  const store = new MemoryStore();
  const sso = new SsoSessions(config.authority.startsWith('https:'));
  const policies = Object.fromEntries(
    kinds.map((kind) => [kind, createPolicy(kind, { config, keys, store, accounts, directory, api, clientIds })]),
  ) as Record<PolicyKind, Policy>;
  const byName = new Map(Object.values(policies).map((p) => [p.name.toLowerCase(), p]));
  const tenantSegment = `${config.tenant.name}.onmicrosoft.com`.toLowerCase();
  const interaction = createInteractionHandler({
    config,
    accounts,
    api,
    sso,
    clientIds,
    interactionClient: (uid) => store.interactionClient(uid),
  });

  // Signing out of one policy ends the tenant: the SSO session and every policy's session.
  for (const policy of Object.values(policies)) {
    policy.provider.on('end_session.success', (ctx: KoaContextWithOIDC) => {
      const ssoId = ctx.cookies.get(SSO_COOKIE, { signed: false });
      sso.end(ssoId);
      ctx.cookies.set(SSO_COOKIE, null, { path: '/', signed: false, httpOnly: true, sameSite: 'lax' });
      for (const other of Object.values(policies)) {
        if (other === policy) continue;
        const name = other.provider.cookieName('session');
        const id = ctx.cookies.get(name, { signed: true });
        if (!id) continue;
        ctx.cookies.set(name, null, { path: '/', signed: true, httpOnly: true, sameSite: 'lax' });
        void endPolicySession(other, id);
      }
    });
  }

  const callbacks = new Map(Object.values(policies).map((p) => [p, p.provider.callback()]));

  handlers.route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://idp.invalid');
    const path = url.pathname;
    if (req.method === 'GET' && path === '/assets/idp.css') return asset(res, 'text/css', css);
    if (req.method === 'GET' && path === '/assets/idp.js') return asset(res, 'text/javascript', js);
    if (req.method === 'GET' && path === '/favicon.ico') return asset(res, 'image/svg+xml', favicon);
    if (req.method === 'GET' && (path === '/health' || path === '/')) {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          status: 'ok',
          shape: config.shape,
          policies: Object.fromEntries(Object.values(policies).map((p) => [p.name, p.urls.discovery])),
        }),
      );
      return;
    }
    const segments = path.split('/').slice(1);
    // The b2c-tenant shape has the tenant in front of the policy, as B2C does.
    const tenantKnown = config.shape !== 'b2c-tenant' || segments.shift()?.toLowerCase() === tenantSegment;
    const [first = '', ...rest] = segments;
    let policy = tenantKnown ? byName.get(first.toLowerCase()) : undefined;
    if (!policy) {
      res.statusCode = 404;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({ error: 'not_found', error_description: 'AADB2C90068: The provided policy does not exist.' }),
      );
      return;
    }
    const inner = `/${rest.join('/')}`;
    const interactionMatch = /^\/interaction\/([\w-]+)$/.exec(inner);
    if (interactionMatch?.[1] && (req.method === 'GET' || req.method === 'POST')) {
      return interaction(policy, interactionMatch[1], req, res);
    }
    // Logout is tenant-wide: an id_token_hint of another policy is handled by that policy.
    if (inner === '/oauth2/v2.0/logout') policy = policyOfHint(url.searchParams.get('id_token_hint')) ?? policy;
    // B2C publishes discovery at /<policy>/v2.0/.well-known/openid-configuration.
    const providerPath =
      inner === '/v2.0/.well-known/openid-configuration' ? '/.well-known/openid-configuration' : inner;
    if (req.method === 'POST' && providerPath === '/oauth2/v2.0/token') {
      // IDP_TOKEN_DELAY_MS: a provider that answers slowly (the refresh bench, issue #28).
      if (config.tokenDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.tokenDelayMs));
      await dropOfflineAccessOnRefresh(req);
    }
    const handler = callbacks.get(policy);
    if (!handler) throw new Error('no handler');
    const r = req as IncomingMessage & { originalUrl?: string };
    r.originalUrl = `${policy.urls.path}${providerPath}${url.search}`;
    r.url = `${providerPath}${url.search}`;
    await handler(req, res);
  };

  /**
   * The policy that issued an ID token: by its issuer in the policy-issuer shape; in the
   * b2c-tenant shape (one issuer for all) by the policy claim (`tfp` or `acr`).
   */
  function policyOfHint(hint: string | null): Policy | undefined {
    if (!hint) return undefined;
    let claims: ReturnType<typeof decodeJwt>;
    try {
      claims = decodeJwt(hint);
    } catch {
      return undefined;
    }
    const named = claims[config.policyClaim];
    return Object.values(policies).find(
      (p) =>
        p.urls.issuer === claims.iss &&
        (config.shape === 'policy-issuer' ||
          (typeof named === 'string' && named.toLowerCase() === p.name.toLowerCase())),
    );
  }

  function asset(res: ServerResponse, type: string, body: string) {
    res.setHeader('content-type', `${type}; charset=utf-8`);
    res.setHeader('cache-control', 'public, max-age=300');
    res.setHeader('x-content-type-options', 'nosniff');
    res.end(body);
  }

  ready();
  return {
    url: config.authority,
    config,
    policies,
    accounts,
    directory,
    async close() {
      store.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A refresh request may repeat the scope of the authorization request, `offline_access`
 * included (B2C accepts that). oidc-provider never grants `offline_access` without
 * prompt=consent and would refuse the refresh with invalid_scope, so it is taken out of the
 * refresh request's scope here. The body is read and handed on unchanged otherwise.
 */
async function dropOfflineAccessOnRefresh(req: IncomingMessage): Promise<void> {
  if (!(req.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) return;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('token request too large');
    chunks.push(chunk as Buffer);
  }
  let body = Buffer.concat(chunks);
  const form = new URLSearchParams(body.toString('utf8'));
  const scope = form.get('scope');
  if (form.get('grant_type') === 'refresh_token' && scope !== null && scope.split(' ').includes('offline_access')) {
    const rest = scope.split(' ').filter((s) => s !== '' && s !== 'offline_access');
    if (rest.length) form.set('scope', rest.join(' '));
    else form.delete('scope');
    body = Buffer.from(form.toString(), 'utf8');
  }
  const replay = Readable.from([body]);
  Object.defineProperty(req, 'readable', { get: () => replay.readable, configurable: true });
  req.iterator = replay.iterator.bind<IncomingMessage['iterator']>(replay);
  req.headers['content-length'] = String(body.length);
}

async function endPolicySession(policy: Policy, sessionId: string): Promise<void> {
  const { provider } = policy;
  const session = await provider.Session.find(sessionId);
  if (!session) return;
  for (const auth of Object.values(session.authorizations ?? {})) {
    if (auth.grantId) {
      await provider.RefreshToken.revokeByGrantId(auth.grantId);
      await provider.Grant.adapter.destroy(auth.grantId);
    }
  }
  await session.destroy();
}
