import { describe, expect, it } from 'vitest';
import { decodeGateForm, encodeGateForm } from './app-gate.form.ts';

describe('the gate form handed back to the page', () => {
  it('round-trips what was typed and the API’s refusal', () => {
    const form = { clientId: 'shop', values: { dealerNumber: 'H-47 11; ä', note: '' }, status: 400 };
    const encoded = encodeGateForm(form) ?? '';
    // A cookie value: no separators, no spaces.
    expect(encoded).not.toMatch(/[;,\s"]/);
    expect(decodeGateForm(encoded)).toEqual(form);
    expect(decodeGateForm(encodeGateForm({ clientId: 'shop', values: {} }))).toEqual({ clientId: 'shop', values: {} });
  });

  it('keeps nothing too large for a cookie', () => {
    expect(encodeGateForm({ clientId: 'shop', values: { note: 'x'.repeat(4000) } })).toBeUndefined();
  });

  it('reads anything odd as nothing', () => {
    for (const raw of [
      undefined,
      '',
      '%E0%A4%A',
      encodeURIComponent('[]'),
      encodeURIComponent(JSON.stringify({ clientId: '', values: {} })),
      encodeURIComponent(JSON.stringify({ clientId: 'shop', values: { a: 1 } })),
      encodeURIComponent(JSON.stringify({ clientId: 'shop', values: null })),
      encodeURIComponent(JSON.stringify({ clientId: 'shop', values: {}, status: 200 })),
      'x'.repeat(3001),
    ])
      expect(decodeGateForm(raw)).toBeUndefined();
  });
});
