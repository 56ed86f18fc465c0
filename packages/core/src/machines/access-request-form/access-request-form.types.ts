import type { AccessRequestChoice, AccessRequestOptions, Choice } from '../../domain/entities.ts';
import type { PortalError } from '../../errors/errors.ts';
import type { AccessRequestField, ValidationIssue } from '../../validation/validation.ts';

export interface AccessRequestFormInput {
  readonly applicationId: string;
  /** The user's day (ISO `YYYY-MM-DD`): an end date must be after it. */
  readonly today: string;
  /** What the user typed before (request again after a denial): the form starts with it. */
  readonly choice?: AccessRequestChoice;
}

/** The fields of the choice a `SET` changes (answers: `SET_ANSWER`). */
export type AccessRequestFormField = 'accountAccessId' | 'roleId' | 'justification' | 'endDate';

export type AccessRequestFormEvent =
  /** An empty value removes the field. */
  | { readonly type: 'SET'; readonly field: AccessRequestFormField; readonly value: string }
  | { readonly type: 'SET_ANSWER'; readonly questionId: string; readonly value: string }
  /** Load the account accesses and roles again, narrowed by a search text. */
  | { readonly type: 'SEARCH'; readonly search: string }
  | { readonly type: 'SUBMIT' }
  /** After a failed load: load again; after a failed send: send again (nothing typed is lost). */
  | { readonly type: 'RETRY' }
  /** After a failed send: back to the form to change something. */
  | { readonly type: 'EDIT' };

export interface AccessRequestFormContext {
  readonly applicationId: string;
  readonly today: string;
  /** What a request to the application needs (the last page of choices loaded). */
  readonly options?: AccessRequestOptions | undefined;
  readonly search: string;
  /** Every choice seen in a loaded page, by id (a chosen entry keeps its label across searches). */
  readonly known: Readonly<Record<string, Choice>>;
  readonly choice: AccessRequestChoice;
  readonly validation: Readonly<Partial<Record<AccessRequestField, ValidationIssue>>>;
  readonly error?: PortalError | undefined;
}

export interface LoadAccessRequestNeeds {
  readonly applicationId: string;
  readonly search: string;
}

export interface SendAccessRequestForm {
  readonly applicationId: string;
  readonly choice: AccessRequestChoice;
}

export interface AccessRequestFormOutput {
  readonly applicationId: string;
  readonly choice: AccessRequestChoice;
}
