// Decoders (decode.ts) for the API answers core's machines act on. The adapters map wire
// types to domain types; the machines decode again at their boundary, so a misbehaving
// server (or adapter) ends in a clean error state instead of a half-working screen.

import { array, boolean, decodeOrUndefined, finite, literals, optional, string, struct, union } from './decode.ts';
import type { Decoder } from './decode.ts';
import type { AccessRequestOptions, ApplicationBranding } from './entities.ts';
import type { AuthCheckResult } from '../ports/ports.ts';
import { PortalFailure, type PortalError } from '../errors/errors.ts';

const text = string({ maxLength: 4096 });
const id = string({ minLength: 1, maxLength: 200 });

const missingAttributeDecoder = struct({
  attributeId: id,
  key: id,
  label: optional(text),
  dataType: id,
  required: boolean,
  requiredValue: optional(literals(['true', 'false'])),
  value: optional(text),
});

const authCheckResultDecoder = union(
  struct({ status: literals(['ok']), applicationId: id, url: text }),
  struct({
    status: literals(['missingAttributes']),
    applicationId: id,
    attributes: array(missingAttributeDecoder, 200),
  }),
  struct({ status: literals(['customFlow']), applicationId: id, flowKey: id }),
  struct({ status: literals(['noAccess']), applicationId: id, internal: boolean, requested: boolean }),
);

const applicationBrandingDecoder = struct({
  clientId: id,
  label: text,
  logoUrl: optional(text),
  url: optional(text),
});

const choiceDecoder = struct({ id, key: text, label: text });
const choicePageDecoder = struct({ items: array(choiceDecoder, 1000), total: finite() });

const accessRequestOptionsDecoder = struct({
  roleRequired: boolean,
  accountAccessRequired: boolean,
  accountAccesses: choicePageDecoder,
  roles: choicePageDecoder,
  justificationRequired: optional(boolean),
  justificationMaxLength: optional(finite()),
  maxAccessDays: optional(finite()),
  questions: optional(
    array(struct({ id, label: text, required: boolean, requiredValue: optional(literals(['true', 'false'])) }), 100),
  ),
});

/** The error a machine keeps when an answer does not decode. */
export const invalidAnswer: PortalError = { kind: 'unexpected', status: 500 };

/** Null-valued keys count as absent (servers send null for "no value"); depth-limited copy. */
export function withoutNulls(value: unknown, depth: number = 4): unknown {
  if (depth === 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item: unknown) => withoutNulls(item, depth - 1));
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v, depth - 1)]),
  );
}

/** A domain type as a decoder produces it from JSON: an optional key may hold `undefined` (JSON never does). */
type Loose<T> = T extends readonly (infer E)[]
  ? readonly Loose<E>[]
  : T extends object
    ? { readonly [K in keyof T]: undefined extends T[K] ? Loose<T[K]> | undefined : Loose<T[K]> }
    : T;

/**
 * Decode the answer (nulls dropped) into the domain type. The decoder's type must be the
 * domain type's (but for `undefined` in optional keys, which JSON cannot hold), so the two
 * cannot drift apart; fields the decoder does not name are dropped.
 */
function checked<T>(decoder: Decoder<Loose<T>>, raw: unknown): T {
  const decoded = decodeOrUndefined(decoder, withoutNulls(raw));
  if (decoded === undefined) throw new PortalFailure(invalidAnswer);
  return decoded as T;
}

/** Decode an AuthCheck answer; throws `invalidAnswer` when it is not one. */
export function decodeAuthCheckResult(raw: unknown): AuthCheckResult {
  return checked<AuthCheckResult>(authCheckResultDecoder, raw);
}

/** Decode external-app branding; throws `invalidAnswer`. */
export function decodeApplicationBranding(raw: unknown): ApplicationBranding {
  return checked<ApplicationBranding>(applicationBrandingDecoder, raw);
}

/** Decode what an access request to an application needs (#19); throws `invalidAnswer`. */
export function decodeAccessRequestOptions(raw: unknown): AccessRequestOptions {
  return checked<AccessRequestOptions>(accessRequestOptionsDecoder, raw);
}
