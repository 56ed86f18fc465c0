import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { validateUrl } from '@portal/core';
import { valueMatches } from './values.ts';

describe('a URL value (#18.1: one rule for the portal and the API)', () => {
  it('is what the portal accepts before sending, no more and no less', () => {
    const samples = [
      'https://kuechen.example/a?b=c#d',
      'http://localhost:4102/webhooks',
      'https://[::1]:8443/',
      'HTTPS://EXAMPLE.COM',
      'javascript:alert(1)',
      'http:/example.com',
      'https://exa mple.com',
      'https://küchen.example',
      'ftp://example.com',
      'https://',
      '',
    ];
    for (const value of samples)
      expect(valueMatches('URL', value), value).toBe(value !== '' && validateUrl(value) === undefined);
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), fc.string()), (value) => {
        if (value.trim() === '') return;
        expect(valueMatches('URL', value)).toBe(validateUrl(value) === undefined);
      }),
      { numRuns: 500 },
    );
  });
});
