import { describe, expect, it } from 'vitest';
import {
  answerMaxLength,
  denyReasonMaxLength,
  justificationMaxLength,
  searchMaxLength,
  textLength,
  validateDenyReason,
  validateText,
} from './validation.ts';

describe("the contract's limits (ADR 0024)", () => {
  it('are the numbers the document states', () => {
    expect([justificationMaxLength, denyReasonMaxLength, answerMaxLength, searchMaxLength]).toEqual([
      1000, 1000, 1000, 200,
    ]);
  });

  it('count characters as the contract does: code points, not UTF-16 units', () => {
    expect(textLength('😀x')).toBe(2);
    expect(validateText('😀'.repeat(3), { required: false, max: 3 })).toBeUndefined();
    expect(validateText('😀'.repeat(4), { required: false, max: 3 })).toEqual({
      code: 'validations.tooLong',
      params: { max: 3 },
    });
    expect(validateDenyReason('😀'.repeat(denyReasonMaxLength))).toBeUndefined();
    expect(validateDenyReason(`  ${'x'.repeat(denyReasonMaxLength)}  `)).toBeUndefined();
  });
});
