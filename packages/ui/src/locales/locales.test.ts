import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { adminNavItems, avatarPalette, pageErrorStatuses, validationCodes } from '@portal/core';
import { uiResources } from './resources.ts';
import { uiLanguages, loadUiMessages } from './index.ts';
import { flattenKeys, lookup, placeholders } from '../i18n/interpolate.ts';

const de = uiResources.de;
const germanKeys = flattenKeys(de);
const srcDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

describe('ui locales', () => {
  it.each(uiLanguages.filter((language) => language !== 'de'))('%s has every key of de and no other', (language) => {
    expect(flattenKeys(uiResources[language])).toEqual(germanKeys);
  });

  it.each(uiLanguages)('%s has the placeholders of de in every message, and no empty message', (language) => {
    for (const key of germanKeys) {
      const text = lookup(uiResources[language], key);
      expect(text, `${language}: ${key}`).toBeTypeOf('string');
      expect((text ?? '').trim(), `${language}: ${key}`).not.toBe('');
      expect(placeholders(text ?? ''), `${language}: ${key}`).toEqual(placeholders(lookup(de, key) ?? ''));
    }
  });

  it('is really translated: no language repeats most German texts', () => {
    for (const language of uiLanguages.filter((code) => code !== 'de')) {
      const same = germanKeys.filter((key) => lookup(uiResources[language], key) === lookup(de, key));
      expect(same.length / germanKeys.length, `${language} copies German: ${same.join(', ')}`).toBeLessThan(0.15);
    }
  });

  it('holds the German texts of the specification exactly', () => {
    expect(lookup(de, 'errorPage.title')).toBe('Fehler {code}');
    expect(lookup(de, 'toast.errorTitle')).toBe('Fehler');
    expect(lookup(de, 'validations.tagDuplicate')).toBe('Doppelter Eintrag');
    expect(lookup(de, 'validations.tagInvalid')).toBe('Ungültige Eingabe');
    expect(lookup(de, 'validations.notEditable')).toBe('Dieses Feld kann nicht bearbeitet werden');
    expect(lookup(de, 'validations.roleRequired')).toBe('Es muss mindestens eine Rolle ausgewählt werden!');
    expect(lookup(de, 'validations.url')).toBe('{value} muss eine gültige URL sein');
  });

  it('has a message for every code core hands to the ui', () => {
    const keys = [
      ...validationCodes,
      ...pageErrorStatuses.map((status) => `errorPage.${status}`),
      ...adminNavItems.map((item) => `nav.${item.key}`),
      ...(['morning', 'day', 'evening'] as const).map((code) => `greeting.${code}`),
    ];
    for (const key of keys) expect(lookup(de, key), key).toBeTypeOf('string');
    expect(avatarPalette).toHaveLength(8);
  });

  it('has every literal key the components ask for', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.tsx?$/.test(name) && !/\.(test|stories)\.tsx?$/.test(name)) files.push(full);
      }
    };
    walk(srcDir);
    const used = new Set<string>();
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([\w.]+)'/g)) used.add(match[1] ?? '');
    }
    expect(used.size).toBeGreaterThan(30);
    for (const key of used) expect(germanKeys, key).toContain(key);
  });

  it('loads each language lazily with the same content', async () => {
    for (const language of uiLanguages) expect(await loadUiMessages(language)).toEqual(uiResources[language]);
  });
});
