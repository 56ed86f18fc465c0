import { act, renderHook } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/i18n.ts';
import {
  initialValues,
  sentValues,
  useAttributeForm,
  useIssueTexts,
  validateAll,
  validateAttribute,
  type AttributeFieldModel,
} from './attribute-fields.tsx';

const field = (over: Partial<AttributeFieldModel>): AttributeFieldModel => ({
  key: 'k',
  label: 'K',
  dataType: 'STRING',
  required: false,
  editable: true,
  value: null,
  ...over,
});

describe('attribute fields', () => {
  it('checks values by data type with core rules', () => {
    expect(validateAttribute(field({ required: true }), ' ')?.code).toBe('validations.required');
    expect(validateAttribute(field({ dataType: 'NUMBER' }), 'abc')?.code).toBe('validations.numeric');
    expect(validateAttribute(field({ dataType: 'EMAIL' }), 'nope')?.code).toBe('validations.email');
    expect(validateAttribute(field({ dataType: 'URL' }), 'javascript:alert(1)')?.code).toBe('validations.url');
    expect(validateAttribute(field({ dataType: 'URL' }), 'https://example.com')).toBeUndefined();
    expect(validateAttribute(field({ required: true, editable: false }), '')).toBeUndefined();
  });

  it('a Yes/No attribute that must be Yes refuses No (#30.1), with the message the user reads', async () => {
    const terms = field({ key: 'termsAccepted', dataType: 'BOOLEAN', required: true, requiredValue: 'true' });
    expect(validateAttribute(terms, 'false')?.code).toBe('validations.answerMustBeYes');
    expect(validateAttribute(terms, 'true')).toBeUndefined();
    expect(validateAttribute(field({ dataType: 'BOOLEAN' }), 'false')).toBeUndefined();
    await createI18n('de', { awaitAllUiMessages: true });
    const { result } = renderHook(() => useIssueTexts());
    expect(result.current(validateAll([terms], { termsAccepted: 'false' }))).toEqual({
      termsAccepted: 'Diese Frage muss mit „Ja“ beantwortet werden.',
    });
  });

  it('collects issues by key and starts from the stored values', () => {
    const fields = [field({ key: 'a', required: true }), field({ key: 'b', value: 'x' })];
    expect(Object.keys(validateAll(fields, initialValues(fields)))).toEqual(['a']);
    expect(initialValues(fields)).toEqual({ a: '', b: 'x' });
  });

  it('sends the editable values trimmed, an empty one as null', () => {
    const fields = [field({ key: 'a' }), field({ key: 'b' }), field({ key: 'c', editable: false })];
    expect(sentValues(fields, { a: '  x ', b: '   ', c: 'y' })).toEqual([
      { key: 'a', value: 'x' },
      { key: 'b', value: null },
    ]);
  });

  describe('issue texts', () => {
    beforeAll(async () => {
      await createI18n('de', { awaitAllUiMessages: true });
    });

    it('a form over loading attributes: the stored values once there, what is typed, the check and the saved values', () => {
      type Loaded = Parameters<typeof useAttributeForm>[0];
      const required = field({ key: 'a', required: true, value: 'stored' });
      const { result, rerender } = renderHook((loaded: Loaded) => useAttributeForm(loaded), {
        initialProps: { status: 'loading' },
      });
      expect(result.current.values).toBeUndefined();
      rerender({ status: 'ready', data: { attributes: [required] } });
      expect(result.current.values).toEqual({ a: 'stored' });
      act(() => result.current.change('a', '  '));
      // A reload keeps what is typed.
      rerender({ status: 'ready', data: { attributes: [{ ...required, value: 'reloaded' }] } });
      expect(result.current.values).toEqual({ a: '  ' });
      let input: ReturnType<typeof result.current.check>;
      act(() => {
        input = result.current.check([required]);
      });
      expect(input).toBeUndefined();
      expect(result.current.errors).toEqual({ a: 'Dieses Feld ist erforderlich.' });
      act(() => result.current.change('a', ' typed '));
      act(() => {
        input = result.current.check([required]);
      });
      expect(input).toEqual([{ key: 'a', value: 'typed' }]);
      expect(result.current.errors).toEqual({});
      act(() => result.current.saved([{ ...required, value: 'saved' }]));
      expect(result.current.values).toEqual({ a: 'saved' });
    });

    it('translates the issues by key', () => {
      const fields = [field({ key: 'a', required: true }), field({ key: 'b', value: 'x' })];
      const { result } = renderHook(() => useIssueTexts());
      expect(result.current(validateAll(fields, initialValues(fields)))).toEqual({
        a: 'Dieses Feld ist erforderlich.',
      });
    });
  });
});
