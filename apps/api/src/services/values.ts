// Attribute values travel as text and are checked against the attribute's data type. A URL is
// core's rule, the one the portal checks before sending (#18.1: one URL rule).
import { isHttpUrl, validateRequiredAnswer } from '@portal/core';
import type { components } from '@portal/contract';
import { fieldError } from '../http/errors.ts';

type RequiredAnswer = components['schemas']['RequiredAnswer'];

/** A stored required answer as the contract names it ('true', 'false' or null). */
export const requiredAnswer = (stored: string | null): RequiredAnswer =>
  stored === 'true' || stored === 'false' ? stored : null;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function valueMatches(dataType: string, value: string): boolean {
  switch (dataType) {
    case 'NUMBER':
      return /^-?\d+(\.\d+)?$/.test(value) && Number.isFinite(Number(value));
    case 'BOOLEAN':
      return value === 'true' || value === 'false';
    case 'DATE': {
      const m = DATE.exec(value);
      if (!m) return false;
      const d = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
    }
    case 'EMAIL':
      return value.length <= 254 && EMAIL.test(value);
    case 'URL':
      return isHttpUrl(value);
    default:
      return true;
  }
}

/**
 * A value for an attribute: its data type's form, and where a Yes/No attribute requires one answer
 * (#30.1, core's rule, the one the portal's forms check), that answer (400 `attribute.requiredAnswer`).
 * Null (clearing the value) always passes.
 */
export function checkValue(
  field: string,
  dataType: string,
  value: string | null,
  requiredValue: string | null = null,
): void {
  if (value === null) return;
  if (dataType === 'URL' && !valueMatches(dataType, value)) throw fieldError(field, 'url', 'validation.url', [value]);
  if (!valueMatches(dataType, value))
    throw fieldError(field, 'attributeType', 'attribute.invalidValue', [value, dataType]);
  const answer = validateRequiredAnswer(value, requiredValue);
  if (answer !== undefined)
    throw fieldError(
      field,
      answer.code === 'validations.answerMustBeYes' ? 'answerMustBeYes' : 'answerMustBeNo',
      'attribute.requiredAnswer',
    );
}
