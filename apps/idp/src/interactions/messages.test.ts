import { describe, expect, it } from 'vitest';
import { languages, messages, pickLanguage } from './messages.ts';

describe('messages', () => {
  it('has every German key, non-empty, in all seven languages', () => {
    const keys = Object.keys(messages.de).sort();
    for (const lang of languages) {
      expect(Object.keys(messages[lang]).sort()).toEqual(keys);
      for (const value of Object.values(messages[lang])) expect(value.trim()).not.toBe('');
    }
  });

  it.each([
    [undefined, undefined, 'de'],
    ['en', 'fr', 'en'],
    ['en-GB nl', undefined, 'en'],
    ['xx', 'nl-BE,nl;q=0.9', 'nl'],
    [undefined, 'ja, it;q=0.5, es;q=0.7', 'es'],
    [undefined, 'pl;q=0, fr', 'fr'],
    [undefined, 'ja', 'de'],
  ])('ui_locales %s, Accept-Language %s → %s', (ui, header, expected) => {
    expect(pickLanguage(ui, header)).toBe(expected);
  });
});
