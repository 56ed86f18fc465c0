// The error catalogue of spec §8 as typed errors. Core holds no sentences: every error
// carries codes the UI maps to translation keys, plus at most a plain-text detail that
// came from the server or the identity provider.

import { array, decodeOrUndefined, number, optional, string, struct, union, unknownValue } from '../domain/decode.ts';
import { toastDurationMs } from '../domain/constants.ts';

export const pageErrorStatuses = [400, 401, 403, 404, 500] as const;
export type PageErrorStatus = (typeof pageErrorStatuses)[number];

/** Page error code for any status: the known ones, unknown codes fall back to 500 (spec §8). */
export function pageErrorStatus(status: number | undefined): PageErrorStatus {
  return pageErrorStatuses.find((known) => known === status) ?? 500;
}

/** Codes of the sign-in and session errors (shown as the 500 page unless noted). */
export const authErrorCodes = [
  /** The temporary (auth state) cookie is missing: spec §8's German text. */
  'auth.missingTemporaryCookie',
  /** No auth state record for the callback's state (the "dedicated error"; same text, own code). */
  'auth.missingAuthState',
  /** The callback has no usable `code` (missing, empty or repeated). */
  'auth.invalidCallback',
  /** `iss` of the authorization response is wrong, or absent though advertised (RFC 9207). */
  'auth.issuerMismatch',
  /** An identity error whose description starts with AADB2C (the description is shown). */
  'auth.identityProvider',
  /** An OAuth error from the provider without an AADB2C description. */
  'auth.providerRejected',
  /** The token endpoint's answer is not a usable token response. */
  'auth.invalidTokenResponse',
  /** The ID token's claims fail a check (iss, aud, azp, sub, nonce, exp, iat). */
  'auth.invalidIdToken',
  /** A refreshed ID token belongs to another subject or issuer. */
  'auth.subjectChanged',
  /** The provider could not be reached. */
  'auth.network',
  /** The session cannot be refreshed any more (no refresh token, or the provider refused it). */
  'auth.sessionExpired',
  /** The provider has no page for what was asked (an e-mail or password change without a policy or account page). */
  'auth.flowUnavailable',
  /** A standard provider: the user must sign in again (`login_required`, e.g. a silent claims refresh). */
  'auth.loginRequired',
  /** A standard provider: the user or the provider refused (`access_denied`). */
  'auth.accessDenied',
  /** A standard provider: the provider needs the user on one of its pages (`interaction_required`, `consent_required`). */
  'auth.interactionRequired',
  /** The claims refresh names no application the user may open (a same-origin path or the application's own URL). */
  'auth.redirectRefused',
] as const;
export type AuthErrorCode = (typeof authErrorCodes)[number];

/** One field error of an API error body. */
interface ServerErrorDetail {
  readonly message: string;
  readonly field?: string;
}

/** An API error body `{ error: { code, message, errors: [{ message, field? }] } }`. */
export interface ServerError {
  readonly code?: string;
  readonly message?: string;
  readonly errors: readonly ServerErrorDetail[];
}

/** Every failure the portal shows. */
export type PortalError =
  /** An HTTP error of the API (with the server's error body when it had a readable one). */
  | {
      readonly kind: 'http';
      readonly status: PageErrorStatus;
      readonly httpStatus: number;
      readonly server?: ServerError;
    }
  /** A page error by code (e.g. 404 for an unknown route, 403 for a foreign admin page). */
  | { readonly kind: 'page'; readonly status: PageErrorStatus; readonly message?: string }
  /** A sign-in or session error. `detail` is plain text from the provider (AADB2C description). */
  | { readonly kind: 'auth'; readonly status: 500; readonly code: AuthErrorCode; readonly detail?: string }
  /** The user cancelled at the provider (AADB2C90091): not an error page, a redirect. */
  | { readonly kind: 'cancelled'; readonly redirectTo: string }
  /** Anything that is not an HTTP error (spec §8: a non-axios error gives 500). */
  | { readonly kind: 'unexpected'; readonly status: 500 };

/** Thrown by PortalApi adapters for an HTTP answer that is not a success. */
export class HttpError extends Error {
  readonly _tag = 'HttpError';
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    super(`HTTP ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }
}

/** Thrown by IdentityProvider adapters when the provider answered with an OAuth error. */
export class IdentityProviderError extends Error {
  readonly _tag = 'IdentityProviderError';
  readonly error: string;
  readonly errorDescription?: string;
  constructor(error: string, errorDescription?: string) {
    super(`identity provider: ${error}`);
    this.name = 'IdentityProviderError';
    this.error = error;
    if (errorDescription !== undefined) this.errorDescription = errorDescription;
  }
}

/**
 * A portal error thrown (only an Error is thrown, issue #31.6): core's actors and decoders
 * fail with one; `toPortalError` reads the error back out of it.
 */
export class PortalFailure extends Error {
  readonly error: PortalError;
  constructor(error: PortalError) {
    super();
    this.name = 'PortalFailure';
    this.error = error;
  }
}

/** Only core makes one (it never crosses from another copy of core, unlike an HttpError). */
export const isPortalFailure = (error: unknown): error is PortalFailure => error instanceof PortalFailure;

export const isHttpError = (error: unknown): error is HttpError =>
  error instanceof HttpError ||
  (typeof error === 'object' && error !== null && (error as { _tag?: unknown })._tag === 'HttpError');

export const isIdentityProviderError = (error: unknown): error is IdentityProviderError =>
  error instanceof IdentityProviderError ||
  (typeof error === 'object' && error !== null && (error as { _tag?: unknown })._tag === 'IdentityProviderError');

const maxText = 300;
const serverErrorDetailDecoder = struct({
  message: string(),
  field: optional(string()),
});
const serverErrorBodyDecoder = struct({
  error: struct({
    code: optional(union(string(), number)),
    message: optional(string()),
    errors: optional(array(unknownValue)),
  }),
});

/** Plain text for display: control characters removed, whitespace collapsed, cut to a sane length. */
export function plainText(text: string, max: number = maxText): string {
  const clean = text
    // eslint-disable-next-line no-control-regex -- control characters are removed on purpose
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(clean);
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : clean;
}

/** Read the server's error from an API error body (`error.code`, `message`, `errors[]`). */
export function readServerError(body: unknown): ServerError | undefined {
  const decoded = decodeOrUndefined(serverErrorBodyDecoder, body);
  if (decoded === undefined) return undefined;
  const { code, message, errors } = decoded.error;
  const details: ServerErrorDetail[] = [];
  for (const entry of errors ?? []) {
    const detail = decodeOrUndefined(serverErrorDetailDecoder, entry);
    if (detail !== undefined) {
      details.push(
        detail.field === undefined
          ? { message: plainText(detail.message) }
          : { message: plainText(detail.message), field: detail.field },
      );
    }
  }
  return {
    ...(code === undefined ? {} : { code: String(code) }),
    ...(message === undefined ? {} : { message: plainText(message) }),
    errors: details,
  };
}

/** Field errors of a 400/422 answer, keyed by field, for mapping onto form fields. */
export function fieldErrors(error: PortalError): Readonly<Record<string, string>> {
  if (error.kind !== 'http' || error.server === undefined) return {};
  const result: Record<string, string> = {};
  for (const detail of error.server.errors) {
    if (detail.field !== undefined && result[detail.field] === undefined) result[detail.field] = detail.message;
  }
  return result;
}

/** Whether a form shows a field (by the server's field path, e.g. `label`, `webhook.headers.0.key`). */
export type PlacedField = (field: string) => boolean;
const nowhere: PlacedField = () => false;

/**
 * The messages of the server's `errors[]` that are not shown beside a field (spec §8): those
 * naming no field and those naming a field the form does not show. Once each, in the
 * server's order; a message that repeats the answer's own `message` is left out.
 */
export function unplacedMessages(error: PortalError, placed: PlacedField = nowhere): readonly string[] {
  if (error.kind !== 'http' || error.server === undefined) return [];
  const result: string[] = [];
  for (const detail of error.server.errors) {
    if (detail.field !== undefined && placed(detail.field)) continue;
    if (detail.message === '' || detail.message === error.server.message || result.includes(detail.message)) continue;
    result.push(detail.message);
  }
  return result;
}

/** The messages of `errors[]` shown beside fields (the form shows their field). */
function placedMessages(error: PortalError, placed: PlacedField): readonly string[] {
  if (error.kind !== 'http' || error.server === undefined) return [];
  return error.server.errors
    .filter((detail) => detail.field !== undefined && placed(detail.field))
    .map((detail) => detail.message);
}

/** An HTTP answer as a portal error. */
export function fromHttpStatus(httpStatus: number, body?: unknown): PortalError {
  const server = readServerError(body);
  return server === undefined
    ? { kind: 'http', status: pageErrorStatus(httpStatus), httpStatus }
    : { kind: 'http', status: pageErrorStatus(httpStatus), httpStatus, server };
}

/** Any thrown value as a portal error: HttpError by its status, a PortalFailure by its error, anything else 500. */
export function toPortalError(error: unknown): PortalError {
  if (isHttpError(error)) return fromHttpStatus(error.status, error.body);
  if (isPortalFailure(error)) return error.error;
  if (isPortalError(error)) return error;
  return { kind: 'unexpected', status: 500 };
}

const portalErrorKinds = ['http', 'page', 'auth', 'cancelled', 'unexpected'];
export function isPortalError(value: unknown): value is PortalError {
  return (
    typeof value === 'object' &&
    value !== null &&
    portalErrorKinds.includes(String((value as { kind?: unknown }).kind)) &&
    !(value instanceof Error)
  );
}

/** What the error page shows: a status and translation keys, plus a plain-text detail. */
export interface ErrorPageModel {
  readonly status: PageErrorStatus;
  /** e.g. 'errors.page.404.title' (the page shows 'Fehler {code}' and this title). */
  readonly titleKey: `errors.page.${PageErrorStatus}.title`;
  /** A specific description key, or the status's general description. */
  readonly descriptionKey: string;
  /** Plain text from the server or provider; shown only when given. */
  readonly message?: string;
  /** The server's `errors[]` messages (a page has no fields to put them beside), only when any. */
  readonly details?: readonly string[];
}

/** The error page for an error (the cancelled case has none: it redirects). */
export function errorPage(error: Exclude<PortalError, { kind: 'cancelled' }>): ErrorPageModel {
  const model = errorPageOf(error);
  const details = unplacedMessages(error);
  return details.length === 0 ? model : { ...model, details };
}

function errorPageOf(error: Exclude<PortalError, { kind: 'cancelled' }>): ErrorPageModel {
  const status = error.status;
  const base = { status, titleKey: `errors.page.${status}.title` as const };
  switch (error.kind) {
    case 'auth': {
      // The missing auth state record is shown with the missing-cookie text (architecture §5).
      const descriptionKey =
        error.code === 'auth.missingAuthState' ? 'errors.auth.missingTemporaryCookie' : `errors.${error.code}`;
      return error.detail === undefined
        ? { ...base, descriptionKey }
        : { ...base, descriptionKey, message: error.detail };
    }
    case 'http': {
      const message = error.server?.message;
      const descriptionKey = `errors.page.${status}.description`;
      return message === undefined ? { ...base, descriptionKey } : { ...base, descriptionKey, message };
    }
    case 'page':
      return error.message === undefined
        ? { ...base, descriptionKey: `errors.page.${status}.description` }
        : { ...base, descriptionKey: `errors.page.${status}.description`, message: plainText(error.message) };
    case 'unexpected':
      return { ...base, descriptionKey: 'errors.page.500.description' };
  }
}

/** The toast error of spec §8: title 'Fehler', 4 seconds, danger-styled. */
export interface ToastModel {
  readonly titleKey: 'errors.toast.title';
  readonly descriptionKey?: string;
  readonly message?: string;
  /** The server's `errors[]` messages not shown beside a field, only when any. */
  readonly details?: readonly string[];
  readonly durationMs: typeof toastDurationMs;
  readonly variant: 'danger';
}

/**
 * The toast of a failed action. `placed` tells which server fields the form shows beside
 * their field: their messages stay out of the toast, every other `errors[]` message is in
 * its `details`, and the answer's `message` is left for the general description when it
 * only repeats a message shown beside a field (each message once).
 */
export function toastError(error: PortalError, placed: PlacedField = nowhere): ToastModel {
  const base = { titleKey: 'errors.toast.title', durationMs: toastDurationMs, variant: 'danger' } as const;
  if (error.kind === 'cancelled') return base;
  const page = errorPageOf(error);
  const details = unplacedMessages(error, placed);
  const shownBesideField = page.message !== undefined && placedMessages(error, placed).includes(page.message);
  return {
    ...base,
    descriptionKey: page.descriptionKey,
    ...(page.message === undefined || shownBesideField ? {} : { message: page.message }),
    ...(details.length === 0 ? {} : { details }),
  };
}
