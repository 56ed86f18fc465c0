// @portal/contract: the types generated from openapi/portal.openapi.yaml (types only, nothing
// at run time). The document itself is exported as `@portal/contract/openapi.yaml`.
import type { components, operations, paths } from './generated/portal.ts';

export type { components, operations, paths };

/** A named schema of the document, e.g. `Schema<'Application'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** The query parameters of an operation, e.g. `Query<'listRoles'>`. */
export type Query<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;

/** The error body every failing call answers. */
export type ApiError = components['schemas']['Error'];

/** The status of an access request on the wire. */
export type AccessRequestStatus = components['schemas']['AccessRequestStatus'];

/** The gate's answer (GET /AuthCheck, POST /AuthCheck, GET /Internal/AuthCheck). */
export type AuthCheckResult = components['schemas']['AuthCheckResult'];

/** The claims the identity provider reads from GET /Internal/Users/{id}/Claims. */
export type UserClaims = components['schemas']['UserClaims'];
