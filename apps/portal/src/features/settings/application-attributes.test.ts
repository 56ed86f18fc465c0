import { describe, expect, it } from 'vitest';
import type { AttributeFieldModel } from '../shared/attribute-fields.tsx';
import { attributeKeyOf, serverErrorsByKey } from './application-attributes.tsx';

const field = (over: Partial<AttributeFieldModel>): AttributeFieldModel => ({
  key: 'k',
  label: 'K',
  dataType: 'STRING',
  required: false,
  editable: true,
  value: null,
  ...over,
});

describe("an application's attributes in settings: server errors", () => {
  it('maps server field errors onto attribute keys', () => {
    const fields = [field({ key: 'customerNumber' }), field({ key: 'branch' })];
    expect(
      serverErrorsByKey(fields, { 'attributes.1.value': 'bad', customerNumber: 'nope' }, ['customerNumber', 'branch']),
    ).toEqual({ branch: 'bad', customerNumber: 'nope' });
  });

  it("knows which server field paths the form shows (#17.3: the others go to the form's alert)", () => {
    const fields = [field({ key: 'customerNumber' }), field({ key: 'branch' })];
    const sent = ['customerNumber', 'branch'];
    expect(attributeKeyOf(fields, 'attributes.1.value', sent)).toBe('branch');
    expect(attributeKeyOf(fields, 'values.customerNumber', sent)).toBe('customerNumber');
    expect(attributeKeyOf(fields, 'attributes.2.value', sent)).toBeUndefined();
    expect(attributeKeyOf(fields, 'applicationId', sent)).toBeUndefined();
  });
});
