import { describe, expect, it } from 'vitest';
import { fallbackChain, initialLanguage, isLanguage, languages } from './languages.ts';

describe('languages', () => {
  it('has the seven languages, German first', () => {
    expect(languages).toEqual(['de', 'en', 'fr', 'es', 'it', 'nl', 'pl']);
  });

  it('falls back from the current language to German, then English', () => {
    expect(fallbackChain('fr')).toEqual(['fr', 'de', 'en']);
    expect(fallbackChain('de')).toEqual(['de', 'en']);
    expect(fallbackChain('en')).toEqual(['en', 'de']);
  });

  it('starts with the remembered language, else German', () => {
    expect(initialLanguage('pl')).toBe('pl');
    expect(initialLanguage('xx')).toBe('de');
    expect(initialLanguage(undefined)).toBe('de');
    expect(isLanguage('nl')).toBe(true);
    expect(isLanguage('NL')).toBe(false);
  });
});
