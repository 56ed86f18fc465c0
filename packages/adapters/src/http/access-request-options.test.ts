// What an access request needs is decoded by core's small hand-written decoder (ADR 0007) after
// this package maps the wire answer to core's terms (`toAccessRequestOptions`). Checked here
// against the validator generated from the contract (ADR 0015): every answer the contract
// accepts passes core's decoder unchanged, so the two cannot drift apart without this test failing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeAccessRequestOptions } from '@portal/core';
import type { Schema } from '@portal/contract';
import { MyAccessRequestOptions } from '@portal/contract/validators';
import { toAccessRequestOptions } from './my-access.ts';

const junk = fc.oneof(fc.constant(null), fc.integer(), fc.boolean(), fc.constant({}), fc.constant([]));
const or = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 40, arbitrary }, { weight: 1, arbitrary: junk });
const text = fc.string({ maxLength: 30 });
// Question keys as the API writes them (attribute keys; the answer's schema itself does not bound them).
const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,20}$/);
const instant = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2040-01-01T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString());

const choices = fc.record({
  items: or(fc.array(or(fc.record({ id: or(fc.uuid()), key: or(text), label: or(text) })), { maxLength: 3 })),
  total: or(fc.nat({ max: 5000 })),
});
const question = fc.record({
  key: or(key),
  label: or(text),
  dataType: or(fc.constantFrom('STRING', 'NUMBER', 'BOOLEAN', 'DATE', 'EMAIL', 'URL', 'LIST')),
  value: or(fc.option(text)),
});
const wire = fc.record({
  roleRequired: or(fc.boolean()),
  accountAccessRequired: or(fc.boolean()),
  accountAccesses: or(choices),
  roles: or(choices),
  requirements: or(
    fc.record({
      justification: or(fc.constantFrom('required', 'optional', 'optional', 'required', 'maybe')),
      justificationMaxLength: or(fc.constantFrom(1000, 1000, 1000, 500)),
      timeBoundAccess: or(fc.boolean()),
      maxAccessDays: or(fc.option(fc.integer({ min: 1, max: 3650 }))),
      maxEndsAt: or(fc.option(instant)),
      roleRequired: or(fc.boolean()),
      accountAccessRequired: or(fc.boolean()),
      accountAccesses: or(choices),
      questions: or(fc.array(or(question), { maxLength: 3 })),
    }),
  ),
});

describe("what an access request needs: core's decoder against the generated validator", () => {
  it('accepts every answer the contract accepts, as the adapter maps it', () => {
    let accepted = 0;
    fc.assert(
      fc.property(wire, (sample) => {
        if (!MyAccessRequestOptions(sample)) return;
        accepted += 1;
        const mapped = toAccessRequestOptions(sample);
        expect(decodeAccessRequestOptions(mapped)).toEqual(mapped);
      }),
      { numRuns: 2000 },
    );
    expect(accepted).toBeGreaterThan(100);
  });

  it('refuses what the contract refuses at the fields core reads', () => {
    const choice = { id: '11111111-1111-4111-8111-111111111111', key: 'k', label: 'K' };
    const requirements: Schema<'MyRequestRequirements'> = {
      justification: 'optional',
      justificationMaxLength: 1000,
      timeBoundAccess: false,
      maxAccessDays: null,
      maxEndsAt: null,
      roleRequired: false,
      accountAccessRequired: false,
      accountAccesses: { items: [], total: 0 },
      questions: [],
    };
    const answer = {
      roleRequired: false,
      accountAccessRequired: false,
      accountAccesses: { items: [choice], total: 1 },
      roles: { items: [], total: 0 },
      requirements,
    } satisfies Schema<'MyAccessRequestOptions'>;
    expect(MyAccessRequestOptions(answer)).toBe(true);
    expect(MyAccessRequestOptions({ ...answer, roles: { items: [{ ...choice, label: 7 }], total: 1 } })).toBe(false);
    const mapped = toAccessRequestOptions(answer);
    expect(() =>
      decodeAccessRequestOptions({ ...mapped, roles: { items: [{ ...choice, label: 7 }], total: 1 } }),
    ).toThrow();
    expect(MyAccessRequestOptions({ ...answer, roleRequired: 'yes' })).toBe(false);
    expect(() => decodeAccessRequestOptions({ ...mapped, roleRequired: 'yes' })).toThrow();
  });
});
