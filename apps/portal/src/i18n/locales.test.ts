// Every language against German, for every locale file of the portal (including the
// admin console's admin.json files) and of packages/ui: same keys, same placeholders,
// the plural forms the language needs, nothing empty, no English left over.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { languages } from './languages.ts';

type Tree = { readonly [key: string]: string | Tree };

const portalDir = join(import.meta.dirname, '..', 'locales');
const uiDir = join(import.meta.dirname, '..', '..', '..', '..', 'packages', 'ui', 'src', 'locales');
const pluralSuffixes = ['zero', 'one', 'two', 'few', 'many', 'other'];

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function read(file: string): Map<string, string> {
  return flatten(JSON.parse(readFileSync(file, 'utf8')) as Tree);
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Split `key_one` into base and category. */
function pluralOf(key: string): { base: string; category?: string } {
  const match = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
  const category = match?.[2];
  return match === null || category === undefined ? { base: key } : { base: match[1] ?? key, category };
}

function files(): { readonly name: string; readonly path: (lng: string) => string }[] {
  const portal = readdirSync(join(portalDir, 'de'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ name: `portal/${f}`, path: (lng: string) => join(portalDir, lng, f) }));
  const ui = existsSync(uiDir) ? [{ name: 'ui/ui.json', path: (lng: string) => join(uiDir, lng, 'ui.json') }] : [];
  return [...portal, ...ui];
}

/** Names that are the same in every language (language names, brand, codes). */
const sameEverywhere = (key: string, value: string) =>
  key.startsWith('languages.') ||
  key === 'footer.company' ||
  key === 'pageTitle' ||
  !/[a-z]{4}/i.test(value.replace(/\{\w+\}/g, ''));

describe.each(files())('$name', ({ path }) => {
  const german = read(path('de'));
  const germanBases = new Map<string, Set<string>>();
  for (const key of german.keys()) {
    const { base, category } = pluralOf(key);
    if (category !== undefined) germanBases.set(base, (germanBases.get(base) ?? new Set()).add(category));
  }

  it('German has no empty text', () => {
    for (const [key, value] of german) expect(value.trim(), key).not.toBe('');
  });

  it.each(languages.filter((l) => l !== 'de'))('%s has every key, placeholder and plural form', (lng) => {
    expect(existsSync(path(lng)), `${lng} file`).toBe(true);
    const other = read(path(lng));
    const needed = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
    for (const [key, value] of german) {
      const { base, category } = pluralOf(key);
      if (category !== undefined) continue;
      expect(other.has(key), `${lng}: missing ${key}`).toBe(true);
      expect((other.get(key) ?? '').trim(), `${lng}: empty ${key}`).not.toBe('');
      expect(placeholders(other.get(key) ?? ''), `${lng}: placeholders of ${key}`).toEqual(placeholders(value));
      void base;
    }
    for (const [base] of germanBases) {
      const germanPlaceholders = placeholders(german.get(`${base}_other`) ?? '');
      for (const form of needed) {
        const text = other.get(`${base}_${form}`);
        expect(text, `${lng}: missing plural ${base}_${form}`).toBeDefined();
        expect(placeholders(text ?? ''), `${lng}: placeholders of ${base}_${form}`).toEqual(germanPlaceholders);
      }
    }
    for (const key of other.keys()) {
      const { base, category } = pluralOf(key);
      const known =
        category === undefined ? german.has(key) : germanBases.has(base) && pluralSuffixes.includes(category);
      expect(known, `${lng}: unknown key ${key}`).toBe(true);
    }
  });

  it.each(languages.filter((l) => l !== 'de' && l !== 'en'))('%s has no English left over', (lng) => {
    const english = read(path('en'));
    const other = read(path(lng));
    for (const [key, value] of other) {
      if (sameEverywhere(key, value)) continue;
      const en = english.get(key);
      if (
        en !== undefined &&
        en
          .replace(/\{\w+\}/g, '')
          .trim()
          .split(/\s+/).length >= 4
      )
        expect(value, `${lng}: ${key} is still English`).not.toBe(en);
    }
  });
});
