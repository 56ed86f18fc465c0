import { act, renderHook } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/i18n.ts';
import {
  initialValues,
  sentValues,
  useAttributeValues,
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

  it('starts a loading form from the stored values once they are there and keeps what is typed', () => {
    type Loaded = Parameters<typeof useAttributeValues>[0];
    const attributes = [field({ key: 'a', value: 'stored' })];
    const { result, rerender } = renderHook((loaded: Loaded) => useAttributeValues(loaded), {
      initialProps: { status: 'loading' },
    });
    expect(result.current[0]).toBeUndefined();
    rerender({ status: 'ready', data: { attributes } });
    expect(result.current[0]).toEqual({ a: 'stored' });
    act(() => result.current[1]({ a: 'typed' }));
    rerender({ status: 'ready', data: { attributes: [field({ key: 'a', value: 'reloaded' })] } });
    expect(result.current[0]).toEqual({ a: 'typed' });
  });

  describe('issue texts', () => {
    beforeAll(async () => {
      await createI18n('de', { awaitAllUiMessages: true });
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
