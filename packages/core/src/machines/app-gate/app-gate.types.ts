import type { AuthConfig } from '../../domain/auth.ts';
import type { PortalError } from '../../errors/errors.ts';
import type { AuthCheckResult, AuthCheckTarget } from '../../ports/ports.ts';
import type { ValidationIssue } from '../../validation/validation.ts';

export interface AppGateInput {
  readonly target: AuthCheckTarget;
  readonly config: AuthConfig;
  /** Wait after the claims refresh before leaving for the application (ms). Default 1000. */
  readonly refreshSleepMs?: number;
  /**
   * The first check's answer when it is known already (the portal server asked it to render the
   * page, #28.10): the gate starts in its state instead of asking again, so the browser takes
   * over the page the server rendered.
   */
  readonly known?: AuthCheckResult;
  /** Values typed before (a form the server was sent without JavaScript), by attribute key. */
  readonly values?: Readonly<Record<string, string>>;
  /** Their issues, to show at once. */
  readonly validation?: Readonly<Record<string, ValidationIssue>>;
}

export type AppGateEvent =
  | { readonly type: 'SET_VALUE'; readonly key: string; readonly value: string }
  | { readonly type: 'SUBMIT' }
  /**
   * No access: the access request was sent (#19: by core's request form machine, the same one
   * the catalogue's request page runs, with its justification, end date and answers).
   */
  | { readonly type: 'REQUESTED' }
  /** Ask again (after a custom flow was completed, or later for a requested access). */
  | { readonly type: 'CHECK_AGAIN' }
  | { readonly type: 'RETRY' };

export interface AppGateContext {
  readonly target: AuthCheckTarget;
  readonly config: AuthConfig;
  readonly refreshSleepMs: number;
  /** The first check's known answer, until the gate has started from it. */
  readonly known?: AuthCheckResult | undefined;
  readonly result?: AuthCheckResult | undefined;
  /** Values typed for the missing attributes, by attribute key (kept across failures). */
  readonly values: Readonly<Record<string, string>>;
  /** Validation issues by attribute key. */
  readonly validation: Readonly<Record<string, ValidationIssue>>;
  readonly error?: PortalError | undefined;
}

export interface StartClaimsRefreshRequest {
  readonly config: AuthConfig;
  readonly redirectUri: string;
  readonly sleep: number;
}
