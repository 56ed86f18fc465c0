// The portal's side of the code flow against a running provider, for the provider's own tests:
// authorize with PKCE in the scripted browser, sign in on the provider's page, call the token
// endpoint. Whatever the provider's shape, the URLs come from `idp.policies[kind].urls`.
import type { JWTPayload } from 'jose';
import * as oauth from 'oauth4webapi';
import identities from '@portal/contract/demo-identities.json' with { type: 'json' };
import { isPage, type Browser, type Page, type Step } from '@portal/tooling/browser';
import type { PolicyKind } from '../config.ts';
import type { Idp } from '../server.ts';

export const PORTAL = 'http://localhost:5173';
export const SHOP = 'http://localhost:4002';
export const LOGIN_CB = `${PORTAL}/auth/login`;
export const REFRESH_CB = `${PORTAL}/flows/auth-refresh`;
export const SCOPE = 'openid offline_access api://portal-api/access';
export const PASSWORD = identities.password;
export const portalId = identities.clients.portal.clientId;

/** The claims of the provider's ID and access tokens that the tests read. */
export interface HkClaims extends JWTPayload {
  hkData: { attributes: Record<string, string>; permissions: string[] };
  internal: boolean;
  name: string;
  email: string;
  emails?: string[];
  scp?: string;
  tfp?: string;
  acr?: string;
}

export interface Started {
  verifier: string;
  state: string;
  nonce: string;
  result: Step;
}

export interface TokenAnswer {
  status: number;
  headers: Headers;
  body: Record<string, string>;
}

export function page(r: Step): Page {
  if (!isPage(r)) throw new Error(`expected a page, was redirected to ${r.stoppedAt}`);
  return r;
}

export function callback(r: Step): URL {
  if (isPage(r))
    throw new Error(`expected a redirect to the application, got ${r.status} ${r.url}: ${r.html.slice(0, 400)}`);
  return new URL(r.stoppedAt);
}

/** The portal's redirect URI for a policy: the claims refresh has its own. */
export const redirectUriOf = (kind: PolicyKind) => (kind === 'refresh' ? REFRESH_CB : LOGIN_CB);

/** Code-flow steps of the portal's client against `idp` (read when called, so it may be set later). */
export function portalFlow(current: () => Idp) {
  async function authorize(browser: Browser, kind: PolicyKind, params: Record<string, string> = {}): Promise<Started> {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const nonce = oauth.generateRandomNonce();
    const url = new URL(current().policies[kind].urls.authorization);
    url.search = new URLSearchParams({
      client_id: portalId,
      response_type: 'code',
      redirect_uri: redirectUriOf(kind),
      scope: SCOPE,
      state,
      nonce,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      ...params,
    }).toString();
    return { verifier, state, nonce, result: await browser.go(url.href, [PORTAL, SHOP]) };
  }

  async function signIn(
    browser: Browser,
    email: string,
    kind: PolicyKind = 'signin',
    params: Record<string, string> = {},
  ) {
    const started = await authorize(browser, kind, params);
    const cb = callback(
      await browser.submit(page(started.result), { email, password: PASSWORD, action: 'submit' }, [PORTAL, SHOP]),
    );
    return { ...started, cb };
  }

  async function token(
    kind: PolicyKind,
    body: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<TokenAnswer> {
    const response = await fetch(current().policies[kind].urls.token, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({ client_id: portalId, ...body }),
    });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as Record<string, string>,
    };
  }

  const exchange = (kind: PolicyKind, code: string, verifier: string, redirectUri = redirectUriOf(kind)) =>
    token(kind, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirectUri });

  return { authorize, signIn, token, exchange };
}
