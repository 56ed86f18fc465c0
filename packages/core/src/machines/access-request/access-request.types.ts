import type { AccessRequest, AccessRequestDecision } from '../../domain/entities.ts';
import type { PortalError } from '../../errors/errors.ts';
import type { ValidationIssue } from '../../validation/validation.ts';

export interface AccessRequestInput {
  readonly request: AccessRequest;
}

export type AccessRequestEvent =
  | { readonly type: 'ACCEPT' }
  | { readonly type: 'DENY' }
  | { readonly type: 'TOGGLE_ROLE'; readonly roleId: string }
  | { readonly type: 'SET_ROLES'; readonly roleIds: readonly string[] }
  | { readonly type: 'SET_ACCOUNT_ACCESSES'; readonly accountAccessIds: readonly string[] }
  | { readonly type: 'SET_REASON'; readonly reason: string }
  | { readonly type: 'SUBMIT' }
  | { readonly type: 'CANCEL' }
  | { readonly type: 'RETRY' };

export interface AccessRequestContext {
  readonly request: AccessRequest;
  readonly roleIds: readonly string[];
  readonly accountAccessIds: readonly string[];
  readonly reason: string;
  /** `validations.roleRequired` after submitting an accept without roles. */
  readonly validation?: ValidationIssue | undefined;
  readonly decision?: AccessRequestDecision;
  readonly error?: PortalError | undefined;
}

export interface AccessRequestOutput {
  readonly decision?: AccessRequestDecision;
}
