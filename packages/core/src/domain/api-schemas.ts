// Effect Schema decoders for the API answers core's machines act on. The adapters map wire
// types to domain types; the machines decode again at their boundary, so a misbehaving
// server (or adapter) ends in a clean error state instead of a half-working screen.

import { Schema } from 'effect';
import type { AccessRequest, Application, ApplicationBranding } from './entities.ts';
import type { AuthCheckResult } from '../ports/ports.ts';
import type { PortalError } from '../errors/errors.ts';

const Text = Schema.String.check(Schema.isMaxLength(4096));
const Id = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200));

const MissingAttributeSchema = Schema.Struct({
  attributeId: Id,
  key: Id,
  label: Schema.optional(Text),
  dataType: Id,
  required: Schema.Boolean,
  value: Schema.optional(Text),
});

const AuthCheckResultSchema = Schema.Union([
  Schema.Struct({ status: Schema.Literal('ok'), applicationId: Id, url: Text }),
  Schema.Struct({ status: Schema.Literal('missingAttributes'), applicationId: Id, attributes: Schema.Array(MissingAttributeSchema).check(Schema.isMaxLength(200)) }),
  Schema.Struct({ status: Schema.Literal('customFlow'), applicationId: Id, flowKey: Id }),
  Schema.Struct({ status: Schema.Literal('noAccess'), applicationId: Id, internal: Schema.Boolean, requested: Schema.Boolean }),
]);

const ApplicationBrandingSchema = Schema.Struct({
  clientId: Id,
  label: Text,
  logoUrl: Schema.optional(Text),
  url: Schema.optional(Text),
});

const ApplicationSchema = Schema.Struct({
  id: Id,
  label: Text,
  logoUrl: Schema.optional(Text),
  description: Schema.optional(Text),
  url: Text,
  homePageUrl: Schema.optional(Text),
  sortNumber: Schema.Finite,
  adminPermission: Schema.optional(Text),
  notificationsEmail: Schema.optional(Text),
  accessRequestRequired: Schema.Boolean,
  accessRequestAllowed: Schema.Boolean,
  internalCopyOfAccessRequests: Schema.Boolean,
  roleRequiredOnAccessRequest: Schema.Boolean,
  accessRequestsAmount: Schema.Finite,
  internal: Schema.Boolean,
  clientId: Schema.optional(Text),
  permissions: Schema.optional(Schema.Struct({ manageAccessRequests: Schema.Boolean })),
});

const AccessRequestSchema = Schema.Struct({
  id: Id,
  applicationId: Id,
  requestedAccountAccess: Schema.optional(Text),
  requestedAt: Text,
  userId: Id,
  status: Schema.Literals(['OPEN', 'ACCEPTED', 'DENIED']),
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
 * Validate the answer (nulls dropped) and hand back that copy: fields the schema does not
 * name are kept (the adapters may carry more than core checks).
 */
function checked<T>(decode: (raw: unknown) => { readonly _tag: 'Some' } | { readonly _tag: 'None' }, raw: unknown): T {
  const clean = withoutNulls(raw);
  if (decode(clean)._tag === 'None') throw invalidAnswer;
  return clean as T;
}

const authCheck = Schema.decodeUnknownOption(AuthCheckResultSchema);
const branding = Schema.decodeUnknownOption(ApplicationBrandingSchema);
const applications = Schema.decodeUnknownOption(Schema.Array(ApplicationSchema).check(Schema.isMaxLength(10_000)));
const accessRequest = Schema.decodeUnknownOption(AccessRequestSchema);

/** Decode an AuthCheck answer; throws `invalidAnswer` when it is not one. */
export function decodeAuthCheckResult(raw: unknown): AuthCheckResult {
  return checked(authCheck, raw);
}

/** Decode external-app branding; throws `invalidAnswer`. */
export function decodeApplicationBranding(raw: unknown): ApplicationBranding {
  return checked(branding, raw);
}

/** Decode a list of applications; throws `invalidAnswer`. */
export function decodeApplications(raw: unknown): readonly Application[] {
  return checked(applications, raw);
}

/** Decode an access request; throws `invalidAnswer`. */
export function decodeAccessRequest(raw: unknown): AccessRequest {
  return checked(accessRequest, raw);
}
