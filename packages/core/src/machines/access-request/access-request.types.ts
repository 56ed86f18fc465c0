import type { AccessRequest, AccessRequestDecision } from '../../domain/entities.ts';
import type { PortalError } from '../../errors/errors.ts';
import type { ValidationIssue } from '../../validation/validation.ts';

export interface AccessRequestInput {
  readonly request: AccessRequest;
  /** The decider's day (ISO `YYYY-MM-DD`, #19): an end date must be after it and at most the application's maximum ahead. */
  readonly today?: string;
}

export type AccessRequestEvent =
  | { readonly type: 'ACCEPT' }
  | { readonly type: 'DENY' }
  | { readonly type: 'TOGGLE_ROLE'; readonly roleId: string }
  | { readonly type: 'SET_ROLES'; readonly roleIds: readonly string[] }
  | { readonly type: 'SET_ACCOUNT_ACCESSES'; readonly accountAccessIds: readonly string[] }
  | { readonly type: 'SET_REASON'; readonly reason: string }
  /** The last day of the access granted (ISO day; empty: no end, #19). */
  | { readonly type: 'SET_END_DATE'; readonly endDate: string }
  | { readonly type: 'SUBMIT' }
  | { readonly type: 'CANCEL' }
  | { readonly type: 'RETRY' };

export interface AccessRequestContext {
  readonly request: AccessRequest;
  readonly roleIds: readonly string[];
  readonly accountAccessIds: readonly string[];
  readonly reason: string;
  /** The end date of an accept (starts with the one asked for, #19). */
  readonly endDate: string;
  readonly today?: string | undefined;
  /** `validations.roleRequired` after submitting an accept without roles. */
  readonly validation?: ValidationIssue | undefined;
  /** The end date's issue after submitting an accept (#19). */
  readonly endDateValidation?: ValidationIssue | undefined;
  /** The reason's issue after submitting a denial without one (#19: the user reads it). */
  readonly reasonValidation?: ValidationIssue | undefined;
  readonly decision?: AccessRequestDecision;
  readonly error?: PortalError | undefined;
}

export interface AccessRequestOutput {
  readonly decision?: AccessRequestDecision;
}
