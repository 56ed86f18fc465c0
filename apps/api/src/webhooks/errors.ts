// A delivery attempt's failure (#20.2, #30.11): recorded as technical text that keeps the
// cause's code (`fetch failed (ECONNREFUSED)`), and answered with its kind, so the console says
// in the reader's language what went wrong instead of "fetch failed".
import type { components } from '@portal/contract';
import { SecretsError } from '../secrets.ts';

type ErrorKind = components['schemas']['WebhookErrorKind'];

/** The text of an attempt that the endpoint never answered. */
export const webhookRemoved = 'webhook removed';

/** The code of a thrown error or of its cause (Node's fetch wraps the socket's error: `TypeError: fetch failed`). */
function codeOf(e: unknown): string | undefined {
  for (let at: unknown = e, depth = 0; at !== null && typeof at === 'object' && depth < 4; depth += 1) {
    const { code, errors, cause } = at as { code?: unknown; errors?: unknown; cause?: unknown };
    if (typeof code === 'string' && code !== '') return code;
    // Both address families tried (happy eyeballs): the first one's.
    if (Array.isArray(errors) && errors.length > 0) {
      const first = codeOf(errors[0]);
      if (first !== undefined) return first;
    }
    at = cause;
  }
  return undefined;
}

/** How a failed attempt is recorded: the message, its code in brackets; at most 500 characters. */
export function deliveryErrorText(e: unknown): string {
  if (e instanceof SecretsError) return `secrets: ${e.message}`.slice(0, 500);
  const message = (e instanceof Error ? e.message : String(e)) || 'request failed';
  const code = codeOf(e);
  return (code === undefined || message.includes(code) ? message : `${message} (${code})`).slice(0, 500);
}

const kinds: readonly [RegExp, ErrorKind][] = [
  [/^HTTP \d{3}$/, 'HTTP_STATUS'],
  [/^secrets: /, 'SECRET_UNAVAILABLE'],
  [/aborted due to timeout|TimeoutError|timed out|ETIMEDOUT|UND_ERR_(CONNECT|HEADERS|BODY)_TIMEOUT/i, 'TIMEOUT'],
  [/ECONNREFUSED/, 'CONNECTION_REFUSED'],
  [/ENOTFOUND|EAI_AGAIN|EAI_NONAME/, 'HOST_NOT_FOUND'],
  [/ECONNRESET|EPIPE|UND_ERR_SOCKET|other side closed/i, 'CONNECTION_RESET'],
  [/CERT|TLS|SSL|self[- ]signed/i, 'TLS'],
  [/fetch failed|network|EHOSTUNREACH|ENETUNREACH/i, 'NETWORK'],
];

/** The kind of a recorded failure (also of one recorded before its code was kept: `fetch failed` is NETWORK). */
export function deliveryErrorKind(error: string | null): ErrorKind | null {
  if (error === null || error === '') return null;
  if (error === webhookRemoved) return 'WEBHOOK_REMOVED';
  return kinds.find(([pattern]) => pattern.test(error))?.[1] ?? 'OTHER';
}
