// Decoders (decode.ts) for the API answers core's machines act on. The adapters map wire
// types to domain types; the machines decode again at their boundary, so a misbehaving
// server (or adapter) ends in a clean error state instead of a half-working screen.

import { accepts, array, boolean, finite, literals, optional, string, struct, union } from './decode.ts';
import type { Decoder } from './decode.ts';
import type { AccessRequest, AccessRequestOptions, Application, ApplicationBranding } from './entities.ts';
import type { AuthCheckResult } from '../ports/ports.ts';
import type { PortalError } from '../errors/errors.ts';

const text = string({ maxLength: 4096 });
const id = string({ minLength: 1, maxLength: 200 });

const missingAttributeDecoder = struct({
  attributeId: id,
  key: id,
  label: optional(text),
  dataType: id,
  required: boolean,
  value: optional(text),
});

const authCheckResultDecoder = union(
  struct({ status: literals(['ok']), applicationId: id, url: text }),
  struct({ status: literals(['missingAttributes']), applicationId: id, attributes: array(missingAttributeDecoder, 200) }),
  struct({ status: literals(['customFlow']), applicationId: id, flowKey: id }),
  struct({ status: literals(['noAccess']), applicationId: id, internal: boolean, requested: boolean }),
);

const applicationBrandingDecoder = struct({
  clientId: id,
  label: text,
  logoUrl: optional(text),
  url: optional(text),
});

const applicationDecoder = struct({
  id,
  label: text,
  logoUrl: optional(text),
  description: optional(text),
  url: text,
  homePageUrl: optional(text),
  sortNumber: finite(),
  adminPermission: optional(text),
  notificationsEmail: optional(text),
  accessRequestRequired: boolean,
  accessRequestAllowed: boolean,
  internalCopyOfAccessRequests: boolean,
  roleRequiredOnAccessRequest: boolean,
  accessRequestsAmount: finite(),
  internal: boolean,
  clientId: optional(text),
  permissions: optional(struct({ manageAccessRequests: boolean })),
});

const applicationsDecoder = array(applicationDecoder, 10_000);

const accessRequestDecoder = struct({
  id,
  applicationId: id,
  requestedAccountAccess: optional(text),
  requestedAccountAccessId: optional(id),
  requestedRoleId: optional(id),
  requestedAt: text,
  userId: id,
  status: literals(['OPEN', 'ACCEPTED', 'DENIED', 'CANCELLED', 'EXPIRED']),
  justification: optional(text),
  requestedEndDate: optional(text),
  maxAccessDays: optional(finite()),
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
  questions: optional(array(struct({ id, label: text, required: boolean }), 100)),
});

/** The error a machine keeps when an answer does not decode. */
export const invalidAnswer: PortalError = { kind: 'unexpected', status: 500 };

/** Null-valued keys count as absent (servers send null for "no value"); depth-limited copy. */
export function withoutNulls(value: unknown, depth: number = 4): unknown {
  if (depth === 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item: unknown) => withoutNulls(item, depth - 1));
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, withoutNulls(v, depth - 1)]),
  );
}

/**
 * Validate the answer (nulls dropped) and hand back that copy: fields the decoder does not
 * name are kept (the adapters may carry more than core checks).
 */
function checked<T>(decoder: Decoder<unknown>, raw: unknown): T {
  const clean = withoutNulls(raw);
  if (!accepts(decoder, clean)) throw invalidAnswer;
  return clean as T;
}

/** Decode an AuthCheck answer; throws `invalidAnswer` when it is not one. */
export function decodeAuthCheckResult(raw: unknown): AuthCheckResult {
  return checked(authCheckResultDecoder, raw);
}

/** Decode external-app branding; throws `invalidAnswer`. */
export function decodeApplicationBranding(raw: unknown): ApplicationBranding {
  return checked(applicationBrandingDecoder, raw);
}

/** Decode a list of applications; throws `invalidAnswer`. */
export function decodeApplications(raw: unknown): readonly Application[] {
  return checked(applicationsDecoder, raw);
}

/** Decode an access request; throws `invalidAnswer`. */
export function decodeAccessRequest(raw: unknown): AccessRequest {
  return checked(accessRequestDecoder, raw);
}

/** Decode what an access request to an application needs (#19); throws `invalidAnswer`. */
export function decodeAccessRequestOptions(raw: unknown): AccessRequestOptions {
  return checked(accessRequestOptionsDecoder, raw);
}
