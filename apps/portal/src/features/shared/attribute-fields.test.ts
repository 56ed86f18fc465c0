import { describe, expect, it } from 'vitest';
import { initialValues, validateAll, validateAttribute, type AttributeFieldModel } from './attribute-fields.tsx';
import { attributeKeyOf, serverErrorsByKey } from '../settings/application-attributes.tsx';

const field = (over: Partial<AttributeFieldModel>): AttributeFieldModel => ({ key: 'k', label: 'K', dataType: 'STRING', required: false, editable: true, value: null, ...over });

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

  it('maps server field errors onto attribute keys', () => {
    const fields = [field({ key: 'customerNumber' }), field({ key: 'branch' })];
    expect(serverErrorsByKey(fields, { 'attributes.1.value': 'bad', customerNumber: 'nope' }, ['customerNumber', 'branch'])).toEqual({ branch: 'bad', customerNumber: 'nope' });
  });

  it('knows which server field paths the form shows (#17.3: the others go to the form\'s alert)', () => {
    const fields = [field({ key: 'customerNumber' }), field({ key: 'branch' })];
    const sent = ['customerNumber', 'branch'];
    expect(attributeKeyOf(fields, 'attributes.1.value', sent)).toBe('branch');
    expect(attributeKeyOf(fields, 'values.customerNumber', sent)).toBe('customerNumber');
    expect(attributeKeyOf(fields, 'attributes.2.value', sent)).toBeUndefined();
    expect(attributeKeyOf(fields, 'applicationId', sent)).toBeUndefined();
  });
});
