// The dealer shop ("Händlerbestellung"): a small server-side OpenID Connect client of the
// local provider. Authorization code flow with PKCE against the sign-in policy, done with
// oauth4webapi; the tokens stay on the server, the browser holds only a session cookie.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import { loadProvider } from '@portal/server';
import type { ShopConfig } from './config.ts';
import { css, favicon, homePage, type ShopUser } from './views.ts';

const COOKIE = 'hk_shop_session';

interface Session {
  /** A sign-in under way; `target` is where it ends (a third-party initiated login's target_link_uri). */
  pending?: { state: string; verifier: string; nonce: string; target?: string };
  user?: ShopUser;
  idToken?: string;
  notice?: string;
}

export interface DealerShop {
  url: string;
  /** Access events the portal's webhook delivered, newest last (the last 50). */
  readonly webhookEvents: readonly unknown[];
  close(): Promise<void>;
}

const maxWebhookBody = 64 * 1024;

async function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function readCookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function send(res: ServerResponse, status: number, type: string, body: string, formTargets = ''): void {
  res.statusCode = status;
  res.setHeader('content-type', `${type}; charset=utf-8`);
  res.setHeader(
    'content-security-policy',
    `default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self' ${formTargets}; frame-ancestors 'none'; base-uri 'none'`,
  );
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'no-referrer');
  res.end(body);
}

function redirect(res: ServerResponse, location: string): void {
  res.statusCode = 303;
  res.setHeader('location', location);
  res.setHeader('cache-control', 'no-store');
  res.end();
}

export async function startDealerShop(config: ShopConfig, options: { host?: string } = {}): Promise<DealerShop> {
  const sessions = new Map<string, Session>();
  const webhookEvents: unknown[] = [];
  const webhookAuthorization = `Basic ${Buffer.from(`${config.webhook.username}:${config.webhook.password}`).toString('base64')}`;

  /** The receiving end of the portal's access webhook: basic auth, JSON, answered with 204. */
  async function webhook(req: IncomingMessage, res: ServerResponse) {
    if (req.headers.authorization !== webhookAuthorization) {
      res.setHeader('www-authenticate', 'Basic realm="dealer-shop"');
      return send(res, 401, 'text/plain', 'Nicht angemeldet');
    }
    const body = await readBody(req, maxWebhookBody);
    if (body === undefined) return send(res, 413, 'text/plain', 'Zu groß');
    let event: unknown;
    try {
      event = JSON.parse(body);
    } catch {
      return send(res, 400, 'text/plain', 'Ungültiges JSON');
    }
    webhookEvents.push(event);
    if (webhookEvents.length > 50) webhookEvents.shift();
    console.log(`[dealer-shop] webhook: ${body.slice(0, 200)}`);
    res.statusCode = 204;
    res.end();
  }
  const client: oauth.Client = { client_id: config.clientId };
  const clientAuth = oauth.None();
  const redirectUri = `${config.url}/callback`;
  const insecure = config.provider.allowHttp;
  const httpOptions = { [oauth.allowInsecureRequests]: insecure };
  let discovered: Promise<oauth.AuthorizationServer> | undefined;

  // Discovery is fetched on first use, so the shop may start before the provider: the sign-in
  // policy's document, checked as the portal server checks it, names the issuer to expect.
  const authorizationServer = () => {
    discovered ??= (async () => {
      const signIn = config.provider.flows.signIn;
      const loaded = await loadProvider({
        ...config.provider,
        discovery: { [signIn]: config.provider.discovery[signIn] ?? '' },
      });
      const issuer = loaded.metadata.get(signIn)?.issuer ?? '';
      const response = await oauth.discoveryRequest(new URL(config.provider.discovery[signIn] ?? ''), {
        ...httpOptions,
        algorithm: 'oidc',
      });
      return oauth.processDiscoveryResponse(new URL(issuer), response);
    })().catch((error: unknown) => {
      discovered = undefined;
      throw error;
    });
    return discovered;
  };

  /** The browser's session; a new one (and its cookie) only when `create` is set. */
  function sessionOf(req: IncomingMessage, res: ServerResponse, create: boolean): Session {
    const id = readCookie(req, COOKIE);
    const existing = id ? sessions.get(id) : undefined;
    if (existing) return existing;
    if (!create) return {};
    const fresh: Session = {};
    const newId = randomBytes(32).toString('base64url');
    sessions.set(newId, fresh);
    res.setHeader(
      'set-cookie',
      `${COOKIE}=${newId}; Path=/; HttpOnly; SameSite=Lax${config.url.startsWith('https:') ? '; Secure' : ''}`,
    );
    return fresh;
  }

  async function login(session: Session, res: ServerResponse, start: { target?: string; loginHint?: string } = {}) {
    const as = await authorizationServer();
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const nonce = oauth.generateRandomNonce();
    session.pending = { state, verifier, nonce, ...(start.target === undefined ? {} : { target: start.target }) };
    const url = new URL(as.authorization_endpoint ?? '');
    url.search = new URLSearchParams({
      client_id: config.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid',
      state,
      nonce,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      ...(start.loginHint === undefined ? {} : { login_hint: start.loginHint }),
    }).toString();
    redirect(res, url.href);
  }

  /**
   * Third-party initiated login (OpenID Connect Core 1.0 §4): the portal sends a user it let
   * through here with `iss` (the issuer to sign in at) and `target_link_uri` (where to land).
   * Only the shop's own provider is taken (the issuer its discovery names) and only a target
   * on the shop's own origin (no open redirector); then its code flow starts, which the
   * provider's live session answers without a form, and ends at the target, signed in.
   */
  async function initiateLogin(session: Session, req: IncomingMessage, res: ServerResponse) {
    const query = new URL(req.url ?? '/', config.url).searchParams;
    const as = await authorizationServer();
    if (query.get('iss') !== as.issuer)
      return send(res, 400, 'text/plain', 'Die Anmeldung kann nicht gestartet werden: unbekannter Anmeldedienst.');
    const target = targetOf(query.get('target_link_uri'));
    if (target === undefined)
      return send(res, 400, 'text/plain', 'Die Anmeldung kann nicht gestartet werden: unbekanntes Ziel.');
    const loginHint = query.get('login_hint');
    return login(session, res, { target, ...(loginHint === null || loginHint === '' ? {} : { loginHint }) });
  }

  /**
   * A target_link_uri on the shop's own origin, absolute (a path such as `//elsewhere` would
   * lead off-site), without its fragment; the shop's home without one; undefined for any other.
   */
  function targetOf(targetLinkUri: string | null): string | undefined {
    const home = new URL('/', config.url);
    if (targetLinkUri === null || targetLinkUri === '') return home.href;
    let target: URL;
    try {
      target = new URL(targetLinkUri);
    } catch {
      return undefined;
    }
    if (target.origin !== home.origin) return undefined;
    target.hash = '';
    return target.href;
  }

  async function callback(session: Session, req: IncomingMessage, res: ServerResponse) {
    const pending = session.pending;
    delete session.pending;
    const current = new URL(req.url ?? '/', config.url);
    if (!pending) {
      session.notice = 'Die Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.';
      return redirect(res, '/');
    }
    const as = await authorizationServer();
    let params: URLSearchParams;
    try {
      params = oauth.validateAuthResponse(as, client, current, pending.state);
    } catch (error) {
      const description =
        error instanceof oauth.AuthorizationResponseError
          ? (error.error_description ?? error.error)
          : (error as Error).message;
      session.notice = description.startsWith('AADB2C90091')
        ? 'Die Anmeldung wurde abgebrochen.'
        : `Die Anmeldung ist fehlgeschlagen: ${description}`;
      return redirect(res, '/');
    }
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuth,
      params,
      redirectUri,
      pending.verifier,
      httpOptions,
    );
    const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
      expectedNonce: pending.nonce,
      requireIdToken: true,
    });
    const claims = oauth.getValidatedIdTokenClaims(result);
    if (!claims) throw new Error('no ID token');
    session.user = {
      sub: claims.sub,
      name: typeof claims.name === 'string' ? claims.name : claims.sub,
      email: typeof claims.email === 'string' ? claims.email : '',
      hkData: claims.hkData ?? null,
    };
    if (result.id_token === undefined) delete session.idToken;
    else session.idToken = result.id_token;
    redirect(res, pending.target ?? '/');
  }

  async function logout(session: Session, req: IncomingMessage, res: ServerResponse) {
    const id = readCookie(req, COOKIE);
    if (id) sessions.delete(id);
    res.setHeader('set-cookie', `${COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`);
    const as = await authorizationServer().catch(() => undefined);
    if (!as?.end_session_endpoint) return redirect(res, '/');
    const url = new URL(as.end_session_endpoint);
    url.search = new URLSearchParams({
      client_id: config.clientId,
      post_logout_redirect_uri: config.url,
      ...(session.idToken ? { id_token_hint: session.idToken } : {}),
    }).toString();
    redirect(res, url.href);
  }

  const server = createServer({ maxHeaderSize: 64 * 1024 }, (req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://shop.invalid').pathname;
      if (req.method === 'GET' && path === '/style.css') return send(res, 200, 'text/css', css);
      if (req.method === 'GET' && path === '/favicon.ico') return send(res, 200, 'image/svg+xml', favicon);
      if (req.method === 'GET' && path === '/health') return send(res, 200, 'application/json', '{"status":"ok"}');
      if (req.method === 'POST' && path === '/webhooks/access') return webhook(req, res);
      const session = sessionOf(req, res, path === '/login' || path === '/login-initiate' || path === '/callback');
      if (req.method === 'GET' && path === '/') {
        const notice = session.notice;
        delete session.notice;
        res.setHeader('cache-control', 'no-store');
        return send(
          res,
          200,
          'text/html',
          homePage({
            label: config.label,
            portalLink: `${config.portalUrl}/?${new URLSearchParams({ client_id: config.clientId })}`,
            ...(session.user === undefined ? {} : { user: session.user }),
            ...(notice === undefined ? {} : { notice }),
          }),
          new URL(config.provider.discovery[config.provider.flows.signIn] ?? config.portalUrl).origin,
        ); // sign-out posts here, then goes on to the provider
      }
      if (req.method === 'GET' && path === '/login') return login(session, res);
      if (req.method === 'GET' && path === '/login-initiate') return initiateLogin(session, req, res);
      if (req.method === 'GET' && path === '/callback') return callback(session, req, res);
      if (req.method === 'POST' && path === '/logout') return logout(session, req, res);
      send(res, 404, 'text/plain', 'Nicht gefunden');
    })().catch((error: unknown) => {
      console.error(`[dealer-shop] ${req.method} ${req.url}: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent)
        send(res, 500, 'text/plain', 'Es ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.');
      else res.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, options.host ?? 'localhost', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: config.port === 0 ? config.url.replace(/:\d+$/, `:${port}`) : config.url,
    webhookEvents,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
