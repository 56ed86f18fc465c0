import { describe, expect, it } from 'vitest';
import { isLocaleCode, langHeader, localeFallbacks, resolveLocale, switchLocale } from './locale.ts';
import { createMemoryLocaleStore } from '../testing/index.ts';
import {
  accessRequestStatuses,
  attributeDataTypes,
  historyModes,
  localeCodes,
  pageSizes,
  usageTypes,
} from './entities.ts';

describe('locale', () => {
  it('has the seven languages', () => {
    expect(localeCodes).toEqual(['de', 'en', 'fr', 'es', 'it', 'nl', 'pl']);
    expect(isLocaleCode('pl')).toBe(true);
    expect(isLocaleCode('PL')).toBe(false);
    expect(isLocaleCode(3)).toBe(false);
  });
  it('resolves stored → browser → de', () => {
    expect(resolveLocale('fr', ['en-US'])).toBe('fr');
    expect(resolveLocale('xx', ['pt-BR', 'nl-BE'])).toBe('nl');
    expect(resolveLocale(undefined, ['EN_gb'])).toBe('en');
    expect(resolveLocale(undefined)).toBe('de');
  });
  it('falls back current → de → en', () => {
    expect(localeFallbacks('fr')).toEqual(['fr', 'de', 'en']);
    expect(localeFallbacks('de')).toEqual(['de', 'en']);
    expect(localeFallbacks('en')).toEqual(['en', 'de']);
  });
  it('sends only allowed lang headers', () => {
    expect(langHeader('it')).toBe('it');
    expect(langHeader('de\r\nX: 1')).toBe('de');
    expect(langHeader(undefined)).toBe('de');
  });
  it('remembers the switch in the cookie', () => {
    const store = createMemoryLocaleStore();
    expect(switchLocale(store, 'es')).toBe('es');
    expect(store.read()).toBe('es');
  });
  it('names the wire enums of architecture §7', () => {
    expect(accessRequestStatuses).toEqual(['OPEN', 'ACCEPTED', 'DENIED', 'CANCELLED', 'EXPIRED']);
    expect(historyModes).toEqual(['CREATE', 'UPDATE', 'DELETE']);
    expect(usageTypes).toEqual(['APPLICATION', 'CUSTOM_FLOW', 'ROLE', 'APPLICATION_ACCOUNT_ACCESS']);
    expect(pageSizes).toEqual([10, 25, 50, 100]);
    expect(attributeDataTypes).toContain('STRING');
  });
});
