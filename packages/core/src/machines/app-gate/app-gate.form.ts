// The gate's missing attributes sent as a plain form (#28.10: without JavaScript). The portal
// server takes the post, checks the values by the gate's own rules and answers with a redirect:
// on to the claims refresh, or back to the gate with what was typed, kept for the next page in a
// short-lived cookie whose format is this module's (the server writes it, the gate's first view
// reads it).

import { decodeOrUndefined, finite, optional, string, struct, unknownValue } from '../../domain/decode.ts';

/** What goes back to the gate's page after a refused post: what was typed, and the API's status when it refused. */
export interface GateFormReturn {
  readonly clientId: string;
  readonly values: Readonly<Record<string, string>>;
  /** The API's HTTP status when it refused the values (the page says so). */
  readonly status?: number;
}

/** The cookie's name; its path is the gate's (`/flows/auth`), it lives a minute. */
export const gateFormCookie = 'hk-gate-form';
export const gateFormCookieSeconds = 60;
/** Beyond this the values are not kept (a cookie holds about 4 KB). */
const maxEncodedLength = 3_000;

const decoder = struct({
  clientId: string({ minLength: 1, maxLength: 100 }),
  values: unknownValue,
  status: optional(finite({ min: 400, max: 599 })),
});

/** The cookie's value (URI-encoded JSON); undefined when it would be too large to keep. */
export function encodeGateForm(form: GateFormReturn): string | undefined {
  const encoded = encodeURIComponent(JSON.stringify(form));
  return encoded.length > maxEncodedLength ? undefined : encoded;
}

/** The cookie read back, fail-closed: anything odd is nothing. */
export function decodeGateForm(raw: string | undefined): GateFormReturn | undefined {
  if (raw === undefined || raw.length > maxEncodedLength) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeURIComponent(raw));
  } catch {
    return undefined;
  }
  const form = decodeOrUndefined(decoder, parsed);
  if (form === undefined || typeof form.values !== 'object' || form.values === null) return undefined;
  const values = Object.entries(form.values as Record<string, unknown>);
  if (values.some(([, value]) => typeof value !== 'string')) return undefined;
  return {
    clientId: form.clientId,
    values: Object.fromEntries(values) as Record<string, string>,
    ...(form.status === undefined ? {} : { status: form.status }),
  };
}
