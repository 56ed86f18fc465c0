import { describe, expect, it } from 'vitest';
import { validateAccessRequestForm, validateDenyReason, validateEndDate, validateText } from './validation.ts';
import type { AccessRequestOptions } from '../domain/entities.ts';

const none = { items: [], total: 0 };
const needs: AccessRequestOptions = {
  roleRequired: true,
  accountAccessRequired: true,
  accountAccesses: none,
  roles: none,
  justificationRequired: true,
  justificationMaxLength: 20,
  maxAccessDays: 31,
  questions: [
    { id: 'branch', label: 'Filiale', required: true },
    { id: 'note', label: 'Notiz', required: false },
  ],
};

describe('access request rules (#19)', () => {
  it('a text: required when asked, at most max characters (trimmed)', () => {
    expect(validateText(' ', { required: true, max: 5 })).toEqual({ code: 'validations.required' });
    expect(validateText('', { required: false, max: 5 })).toBeUndefined();
    expect(validateText(' abcde ', { required: true, max: 5 })).toBeUndefined();
    expect(validateText('abcdef', { required: false, max: 5 })).toEqual({
      code: 'validations.tooLong',
      params: { max: 5 },
    });
  });

  it('an end date: blank passes, a real day after today, at most the maximum ahead', () => {
    const today = '2026-11-26';
    expect(validateEndDate('', { today, maxDays: 30 })).toBeUndefined();
    expect(validateEndDate('2026-02-30', { today, maxDays: 30 })).toEqual({ code: 'validations.date' });
    expect(validateEndDate('2026-11-26', { today, maxDays: 30 })).toEqual({ code: 'validations.dateNotFuture' });
    expect(validateEndDate('2026-11-27', { today, maxDays: 30 })).toBeUndefined();
    expect(validateEndDate('2026-12-25', { today, maxDays: 30 })).toBeUndefined();
    expect(validateEndDate('2026-12-26', { today, maxDays: 30 })).toEqual({
      code: 'validations.dateTooLate',
      params: { max: '2026-12-25' },
    });
    expect(validateEndDate('2030-01-01', { today })).toBeUndefined();
  });

  it('the whole form: every field that is wrong, named by field', () => {
    expect(validateAccessRequestForm(needs, {}, '2026-11-26')).toEqual({
      accountAccessId: { code: 'validations.required' },
      roleId: { code: 'validations.required' },
      justification: { code: 'validations.required' },
      'answers.branch': { code: 'validations.required' },
    });
    expect(
      validateAccessRequestForm(
        needs,
        {
          accountAccessId: 'aa',
          roleId: 'r',
          justification: 'Küchenplanung',
          endDate: '2026-11-30',
          answers: { branch: 'Köln' },
        },
        '2026-11-26',
      ),
    ).toEqual({});
    expect(
      validateAccessRequestForm(
        needs,
        {
          accountAccessId: 'aa',
          roleId: 'r',
          justification: 'x'.repeat(21),
          endDate: '2027-01-30',
          answers: { branch: 'Köln', note: 'y'.repeat(1001) },
        },
        '2026-11-26',
      ),
    ).toEqual({
      justification: { code: 'validations.tooLong', params: { max: 20 } },
      endDate: { code: 'validations.dateTooLate', params: { max: '2026-12-26' } },
      'answers.note': { code: 'validations.tooLong', params: { max: 1000 } },
    });
  });

  it('an end date where the application grants no time-bound access is refused; optional justification by default', () => {
    const plain: AccessRequestOptions = {
      roleRequired: false,
      accountAccessRequired: false,
      accountAccesses: none,
      roles: none,
    };
    expect(validateAccessRequestForm(plain, {}, '2026-11-26')).toEqual({});
    expect(validateAccessRequestForm(plain, { endDate: '2026-11-30' }, '2026-11-26')).toEqual({
      endDate: { code: 'validations.notEditable' },
    });
    expect(validateAccessRequestForm(plain, { justification: 'x'.repeat(1001) }, '2026-11-26')).toEqual({
      justification: { code: 'validations.tooLong', params: { max: 1000 } },
    });
  });

  it('a denial needs a reason', () => {
    expect(validateDenyReason('  ')).toEqual({ code: 'validations.required' });
    expect(validateDenyReason('Bitte über den Händler anfragen.')).toBeUndefined();
  });
});
