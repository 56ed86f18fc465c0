// Small, strict URL helpers written over strings (core has no URL global in its types): building
// and changing a URL. Reading one is `url.ts`'s.
import { decodeComponent, splitUrl } from './url.ts';

/** Build a query string (without '?') from pairs. */
export function buildQuery(params: Iterable<readonly [string, string]>): string {
  const parts: string[] = [];
  for (const [name, value] of params) parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  return parts.join('&');
}

/** The URL without the given query parameters (other parameters and the hash are kept). */
export function withoutQueryParams(href: string, names: readonly string[]): string {
  const { origin, path, query, hash } = splitUrl(href);
  const kept = query
    .split('&')
    .filter((part) => part !== '')
    .filter((part) => {
      const eq = part.indexOf('=');
      const name = decodeComponent(eq >= 0 ? part.slice(0, eq) : part);
      return name === undefined || !names.includes(name);
    });
  return `${origin}${path}${kept.length > 0 ? `?${kept.join('&')}` : ''}${hash !== '' ? `#${hash}` : ''}`;
}

/** The URL without its query string (the hash is kept). */
export function withoutQuery(href: string): string {
  const { origin, path, hash } = splitUrl(href);
  return `${origin}${path}${hash !== '' ? `#${hash}` : ''}`;
}

/** The origin of an absolute http(s) URL, lower-cased scheme and host; undefined otherwise. */
export function originOf(href: string): string | undefined {
  const match = /^(https?):\/\/([^/?#\\@\s]+)(?=[/?#]|$)/i.exec(href);
  if (!match) return undefined;
  return `${(match[1] as string).toLowerCase()}://${(match[2] as string).toLowerCase()}`;
}

/** What a login initiator hands the client (OpenID Connect Core 1.0 §4). */
export interface ThirdPartyLogin {
  /** `iss`: the issuer the client is to sign in at. */
  readonly issuer: string;
  /** `target_link_uri`: where the client is to go once signed in. */
  readonly targetLinkUri: string;
  /** `login_hint`: whom to sign in, when the initiator names them. */
  readonly loginHint?: string;
}

const thirdPartyLoginParams = ['iss', 'target_link_uri', 'login_hint'] as const;

/**
 * Third-party initiated login (OpenID Connect Core 1.0 §4, issue #30.5): the client's
 * `initiate_login_uri` with `iss`, `target_link_uri` and (given) `login_hint`. Parameters of
 * those names the registered address carries are replaced; its other parameters and its hash
 * are kept. Undefined unless the address and the target are absolute http(s) URLs.
 */
export function thirdPartyLoginUrl(initiateLoginUri: string, login: ThirdPartyLogin): string | undefined {
  if (originOf(initiateLoginUri) === undefined || originOf(login.targetLinkUri) === undefined) return undefined;
  const { origin, path, query, hash } = splitUrl(withoutQueryParams(initiateLoginUri, thirdPartyLoginParams));
  const handed = buildQuery([
    ['iss', login.issuer],
    ['target_link_uri', login.targetLinkUri],
    ...(login.loginHint === undefined ? [] : [['login_hint', login.loginHint] as const]),
  ]);
  return `${origin}${path}?${query === '' ? '' : `${query}&`}${handed}${hash === '' ? '' : `#${hash}`}`;
}
