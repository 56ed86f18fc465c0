// Pure helpers of the admin forms: change detection, client-side rules (spec §5), server
// field errors onto form fields, and text ↔ nullable values.
import {
  fieldErrors,
  validateEmail,
  validateNumeric,
  validateRequired,
  validateUrl,
  type PortalError,
  type ValidationIssue,
} from '@portal/core';

/** Structural equality of plain form values (objects, arrays, primitives). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  const ak = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const bk = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ak.length === bk.length &&
    ak.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

/** A form field's error: a validation code with parameters, or a server message as text. */
export type FieldError = ValidationIssue | { readonly text: string };
export type FieldErrors = Readonly<Record<string, FieldError>>;

/** Text of an optional field: '' for null. */
export const text = (value: string | null | undefined): string => value ?? '';
/** Linked ids as a form edits them: none where there are none yet. */
export const ids = (value: readonly string[] | undefined): readonly string[] => value ?? [];
/** An optional text field's value for the API: null when empty. */
export const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

export type Rule = 'required' | 'numeric' | 'email' | 'url';

/** Runs the rules of each field (required first, then the others on non-empty values). */
export function validateFields(
  values: Readonly<Record<string, string>>,
  rules: Readonly<Record<string, readonly Rule[]>>,
): FieldErrors {
  const errors: Record<string, FieldError> = {};
  for (const [field, fieldRules] of Object.entries(rules)) {
    const value = values[field] ?? '';
    for (const rule of fieldRules) {
      let issue: ValidationIssue | undefined;
      if (rule === 'required') issue = validateRequired(value.trim());
      else if (value.trim() === '') issue = undefined;
      else if (rule === 'numeric') issue = validateNumeric(value.trim());
      else if (rule === 'email') issue = validateEmail(value.trim());
      else issue = validateUrl(value.trim());
      if (issue !== undefined) {
        errors[field] = issue;
        break;
      }
    }
  }
  return errors;
}

/** The server's field errors (400/422) as form errors; fields the form does not show are dropped. */
export function serverFieldErrors(error: PortalError, knownFields?: readonly string[]): FieldErrors {
  const result: Record<string, FieldError> = {};
  for (const [field, message] of Object.entries(fieldErrors(error))) {
    if (knownFields !== undefined && !knownFields.some((known) => field === known || field.startsWith(`${known}.`)))
      continue;
    result[field] = { text: message };
  }
  return result;
}

/** Removes one field's error (after the user changed it). */
export function withoutError(errors: FieldErrors, field: string): FieldErrors {
  if (errors[field] === undefined) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}

/** A whole-number text (sort number) as a number; NaN stays out (validated before). */
export function toInteger(value: string, fallback = 0): number {
  const parsed = Number.parseInt(value.trim(), 10);
  return Number.isFinite(parsed) ? parsed : fallback;
}
