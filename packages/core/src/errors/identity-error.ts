// The provider's error answers (authorization response or token endpoint) in the catalogue's
// terms (spec §8). Apart from errors.ts: only a sign-in reads them, and the first route
// carries errors.ts (ADR 0007).

import { plainText, type AuthErrorCode, type PortalError } from './errors.ts';

/** Parameters of an identity error (authorization response or token endpoint). */
export interface IdentityErrorParams {
  readonly error?: string;
  readonly error_description?: string;
}

const cancelCode = 'AADB2C90091';
/** The provider's page of this round trip has expired or was used already (B2C: "The provided session has expired"). */
const expiredInteractionCode = 'AADB2C90208';

/**
 * True when the provider answered that its page for this round trip has expired (issue #30.10:
 * the browser's Back to a sign-in page that was already used, or a page left open too long).
 */
export function isExpiredInteraction(errorDescription: string | undefined): boolean {
  return errorDescription?.trim().startsWith(expiredInteractionCode) === true;
}

/** Where to go after the user cancelled at the provider (spec §8). */
export interface CancelContext {
  readonly signedIn: boolean;
  /** The current address (the callback page). */
  readonly currentUrl: string;
  /** The stored referrer (same-origin path), when there is one. */
  readonly storedReferrer?: string;
}

/**
 * An identity error, recognised by an error_description: AADB2C90091 (cancelled) redirects
 * (signed in: same page without the query; otherwise the stored referrer); other AADB2C
 * descriptions are the 500 page with the description as plain text; the rest is a 500
 * without detail. Undefined when the parameters carry no error_description.
 */
export function identityError(params: IdentityErrorParams, context: CancelContext): PortalError | undefined {
  const description = params.error_description;
  if (description === undefined) {
    return params.error === undefined ? undefined : { kind: 'auth', status: 500, code: standardCode(params.error) };
  }
  const trimmed = description.trim();
  if (trimmed.startsWith(cancelCode)) {
    return {
      kind: 'cancelled',
      redirectTo: context.signedIn ? pathWithoutQuery(context.currentUrl) : (context.storedReferrer ?? '/'),
    };
  }
  if (trimmed.startsWith('AADB2C'))
    return { kind: 'auth', status: 500, code: 'auth.identityProvider', detail: plainText(trimmed) };
  return { kind: 'auth', status: 500, code: standardCode(params.error) };
}

/**
 * The standard `error` codes of OpenID Connect Core §3.1.2.6 and RFC 6749 §4.1.2.1 that a user
 * can act on, each with its own message; any other is the provider's refusal.
 */
function standardCode(error: string | undefined): AuthErrorCode {
  switch (error) {
    case 'login_required':
      return 'auth.loginRequired';
    case 'access_denied':
      return 'auth.accessDenied';
    case 'interaction_required':
    case 'consent_required':
    case 'account_selection_required':
      return 'auth.interactionRequired';
    default:
      return 'auth.providerRejected';
  }
}

function pathWithoutQuery(href: string): string {
  const withoutOrigin = href.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const path = withoutOrigin.replace(/[?#].*$/s, '');
  return path === '' ? '/' : path;
}
