import type { AuthConfig } from '../../domain/auth.ts';
import type { PortalError } from '../../errors/errors.ts';
import type { AccessRequestChoice, AccessRequestOptions, Choice } from '../../domain/entities.ts';
import type { AuthCheckResult, AuthCheckTarget } from '../../ports/ports.ts';
import type { ValidationIssue } from '../../validation/validation.ts';

export interface AppGateInput {
  readonly target: AuthCheckTarget;
  readonly config: AuthConfig;
  /** Wait after the claims refresh before leaving for the application (ms). Default 1000. */
  readonly refreshSleepMs?: number;
}

export type AppGateEvent =
  | { readonly type: 'SET_VALUE'; readonly key: string; readonly value: string }
  | { readonly type: 'SUBMIT' }
  /** What the access request names; an empty value removes the field. */
  | { readonly type: 'SET_CHOICE'; readonly field: keyof AccessRequestChoice; readonly value: string }
  /** Load the request's choices again, narrowed by a search text (also: retry after a failed load). */
  | { readonly type: 'SEARCH_OPTIONS'; readonly search: string }
  | { readonly type: 'REQUEST_ACCESS' }
  /** Ask again (after a custom flow was completed, or later for a requested access). */
  | { readonly type: 'CHECK_AGAIN' }
  | { readonly type: 'RETRY' };

export interface AppGateContext {
  readonly target: AuthCheckTarget;
  readonly config: AuthConfig;
  readonly refreshSleepMs: number;
  readonly result?: AuthCheckResult | undefined;
  /** Values typed for the missing attributes, by attribute key (kept across failures). */
  readonly values: Readonly<Record<string, string>>;
  /** Validation issues by attribute key (or by request field: accountAccessId, roleId). */
  readonly validation: Readonly<Record<string, ValidationIssue>>;
  /** No access, requestable: what the request may name (the last page loaded). */
  readonly options?: AccessRequestOptions | undefined;
  readonly optionsSearch: string;
  /** Every choice seen in a loaded page, by id (a chosen entry keeps its label across searches). */
  readonly known: Readonly<Record<string, Choice>>;
  readonly choice: AccessRequestChoice;
  readonly error?: PortalError | undefined;
}

export interface LoadRequestOptionsRequest {
  readonly applicationId: string;
  readonly search: string;
}

export interface SendAccessRequest {
  readonly target: AuthCheckTarget;
  readonly choice: AccessRequestChoice;
}

export interface StartClaimsRefreshRequest {
  readonly config: AuthConfig;
  readonly redirectUri: string;
  readonly sleep: number;
}
