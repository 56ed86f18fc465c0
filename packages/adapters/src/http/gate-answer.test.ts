// The gate's answer on the first route is decoded by core's small hand-written decoder (ADR 0007),
// after this package maps the wire answer to core's terms. Checked here against the validator
// generated from the contract (ADR 0015): every answer the contract accepts passes core's
// decoder unchanged, so the two cannot drift apart without this test failing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeAuthCheckResult } from '@portal/core';
import { AuthCheckResult } from '@portal/contract/validators';
import { toAuthCheckResult } from './portal-api.ts';

const junk = fc.oneof(fc.constant(null), fc.integer(), fc.boolean(), fc.constant({}), fc.constant([]));
const or = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 6, arbitrary }, { weight: 1, arbitrary: junk });
const text = fc.string({ maxLength: 30 });
// Keys and ids as the API writes them (the answer's schema itself does not bound them).
const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,20}$/);
const applicationId = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,20}$/);

const application = fc.record({
  id: or(applicationId),
  label: or(text),
  logoUrl: or(fc.option(text)),
  url: or(text),
  initiateLoginUri: or(fc.option(text)),
  internal: or(fc.boolean()),
});
const definition = fc.record({
  id: or(fc.uuid()),
  key: or(key),
  label: or(text),
  dataType: or(fc.constantFrom('STRING', 'NUMBER', 'BOOLEAN', 'DATE', 'EMAIL', 'URL', 'LIST')),
});
const status = fc.constantFrom('ok', 'missingAttributes', 'customFlow', 'noAccess', 'requested', 'maybe');
const wire = fc.record(
  {
    status: or(status),
    application: or(application),
    missingAttributes: or(fc.array(or(definition), { maxLength: 3 })),
    customFlow: or(fc.record({ id: fc.uuid(), key })),
    requestable: or(fc.boolean()),
  },
  { requiredKeys: ['status', 'application'] },
);

describe("the gate's answer: core's decoder against the generated validator", () => {
  it('accepts every answer the contract accepts (a custom flow named), as the adapter maps it', () => {
    let accepted = 0;
    fc.assert(
      fc.property(wire, (sample) => {
        if (!AuthCheckResult(sample)) return;
        // A `customFlow` answer names its flow (the API always does; the schema does not say so).
        if (sample.status === 'customFlow' && sample.customFlow === undefined) return;
        accepted += 1;
        const mapped = toAuthCheckResult(sample);
        expect(decodeAuthCheckResult(mapped)).toEqual(mapped);
      }),
      { numRuns: 1000 },
    );
    expect(accepted).toBeGreaterThan(20);
  });

  it('refuses what the contract refuses at the fields core reads', () => {
    expect(
      AuthCheckResult({
        status: 'maybe',
        application: {
          id: 'a',
          label: 'A',
          logoUrl: null,
          url: 'https://a.example',
          initiateLoginUri: null,
          internal: false,
        },
      }),
    ).toBe(false);
    expect(() => decodeAuthCheckResult({ status: 'maybe', applicationId: 'a' })).toThrow();
    expect(
      AuthCheckResult({
        status: 'ok',
        application: { id: 'a', label: 'A', logoUrl: null, url: 7, initiateLoginUri: null, internal: false },
      }),
    ).toBe(false);
    expect(() => decodeAuthCheckResult({ status: 'ok', applicationId: 'a', url: 7 })).toThrow();
  });
});
