// The CSS of one first view (#28.15, ADR 0028): of the build's stylesheet (the Tailwind output of
// the whole app, about 40 KB) only the rules the rendered markup can match — a rule is kept when
// one of its selectors names only classes the HTML carries and elements it contains; the custom
// properties, `@property` and `@keyframes` only when a kept rule refers to them. The page carries
// that inline and links the whole stylesheet without blocking its first paint. The stylesheet is
// parsed once (postcss); the selection is cached per set of classes and elements.
import postcss, { type AtRule, type ChildNode, type Declaration, type Rule } from 'postcss';

/**
 * What a selector needs in the document to match at its first paint: every class and every
 * element it names; for a form field's own part (`::file-selector-button`), a field of one of
 * `inputTypes`; never (`later`) a state the user brings about (`:hover`, `:focus-visible`, `:active`,
 * `:user-invalid`) or the top layer (`::backdrop`: only a script or the user opens a modal dialog
 * or a popover), which the whole stylesheet brings before anything can be hovered, focused or opened.
 */
interface Needs {
  readonly classes: readonly string[];
  readonly tags: readonly string[];
  readonly inputTypes?: readonly string[];
  readonly later?: true;
}

/** The parts of form fields preflight styles, and the input types that have them. */
const fieldParts: readonly (readonly [RegExp, readonly string[]])[] = [
  [
    /::-webkit-(date-and-time-value|datetime-edit[\w-]*|calendar-picker-indicator)(?![\w-])/,
    ['date', 'datetime-local', 'time', 'month', 'week'],
  ],
  [/::file-selector-button(?![\w-])/, ['file']],
  [/::-webkit-(inner|outer)-spin-button(?![\w-])/, ['number']],
  [/::-webkit-search-decoration(?![\w-])/, ['search']],
];

/** States only the user's pointer, keyboard or input brings about, and the top layer (outside `:not(…)`). */
const later =
  /:(hover|focus|focus-visible|focus-within|active|-moz-focusring|-moz-ui-invalid|user-invalid|user-valid)(?![\w-])|::backdrop(?![\w-])/;

type Unit =
  /**
   * A rule: kept when one of its selectors' needs are met, written with those selectors only
   * (`selectors`/`body`; `text` as it is when its list must stay whole); `refs` what it refers to.
   */
  | {
      readonly kind: 'rule';
      readonly text: string;
      readonly selectors: readonly string[];
      readonly needs: readonly Needs[];
      readonly body: string | undefined;
      readonly refs: string;
    }
  /**
   * A rule of custom properties only (the theme, Tailwind's defaults): each declaration kept when
   * referred to, the rule when one of its selectors can match.
   */
  | {
      readonly kind: 'properties';
      readonly selector: string;
      readonly needs: readonly Needs[];
      readonly declarations: readonly { readonly name: string; readonly text: string }[];
    }
  /**
   * `@property --x`: kept when `--x` is referred to, unless the fallback of its layer sets it on
   * every element anyway. `plain`: the value an unregistered `--x` set on every element must have
   * to mean the same (for `syntax: "*"`, not inherited: its initial value), else undefined.
   */
  | { readonly kind: 'property'; readonly name: string; readonly text: string; readonly plain: string | undefined }
  /** `@keyframes x`: kept when a kept declaration names `x`. */
  | { readonly kind: 'keyframes'; readonly name: string; readonly text: string }
  /** `@layer`, `@media`, `@supports`: kept when something inside is (a layer's order is kept always). */
  | {
      readonly kind: 'group';
      readonly prelude: string;
      readonly children: readonly Unit[];
      readonly layer: boolean;
      readonly supports: boolean;
    }
  /** Anything else (`@charset`, `@font-face`, …): kept as it is. */
  | { readonly kind: 'other'; readonly text: string };

export interface FirstViewCss {
  /** The stylesheet's rules that the markup (the root's HTML) can use. */
  readonly forHtml: (html: string) => string;
}

/** Elements of every page outside the rendered root. */
const pageTags = ['html', 'body'];
const cacheSize = 64;

/** The selection over one stylesheet (the build's CSS text). */
export function createFirstViewCss(css: string): FirstViewCss {
  const units = postcss.parse(css).nodes.flatMap(unitOf);
  const cache = new Map<string, string>();
  // The same page again (the render cache's answer, the same string) skips reading its classes.
  const byHtml = new Map<string, string>();
  return {
    forHtml(html) {
      const again = byHtml.get(html);
      if (again !== undefined) return again;
      return keep(byHtml, html, forClasses(html));
    },
  };

  function forClasses(html: string): string {
    const used = usedIn(html);
    const key = [used.classes, used.tags, used.inputTypes].map((set) => [...set].sort().join(' ')).join('\n');
    return keep(cache, key, cache.get(key) ?? select(units, used));
  }
}

/** Files `value` under `key` as the most recently used, the least recently used out past `cacheSize`. */
function keep(map: Map<string, string>, key: string, value: string): string {
  map.delete(key);
  map.set(key, value);
  if (map.size > cacheSize) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  return value;
}

function unitOf(node: ChildNode): Unit[] {
  if (node.type === 'comment') return [];
  if (node.type === 'decl') return [{ kind: 'other', text: `${node.toString()};` }];
  if (node.type === 'rule') return [ruleUnit(node)];
  return [atRuleUnit(node)];
}

function ruleUnit(rule: Rule): Unit {
  const declarations = (rule.nodes ?? []).filter((n): n is Declaration => n.type === 'decl');
  const custom = declarations.length > 0 && declarations.length === rule.nodes.length;
  if (custom && declarations.every((d) => d.prop.startsWith('--')) && rule.selectors.every((s) => !/[.#]/.test(s)))
    return {
      kind: 'properties',
      selector: rule.selector,
      needs: rule.selectors.map(needsOf),
      declarations: declarations.map((d) => ({ name: d.prop, text: `${d.prop}:${d.value}` })),
    };
  const selectors = rule.selectors;
  return {
    kind: 'rule',
    text: rule.toString(),
    selectors,
    needs: selectors.map(needsOf),
    // A list with a vendor's selector stays whole: a browser that does not know it ignores the
    // whole rule, and dropping it from the list would make that browser apply the rest.
    body:
      declarations.length !== rule.nodes.length || selectors.some((s) => /:-/.test(s))
        ? undefined
        : withoutRepeats(declarations).join(';'),
    refs: declarations.map((d) => `${d.prop}:${d.value}`).join(';'),
  };
}

/**
 * The declarations as written, less those an identical one later in the rule repeats (the
 * build writes some prefixed ones several times): the later one wins in the cascade, so the
 * rule means the same.
 */
function withoutRepeats(declarations: readonly Declaration[]): string[] {
  const texts = declarations.map(
    (d) => `${d.prop}:${d.value}${d.important ? `${d.raws.important ?? '!important'}` : ''}`,
  );
  return texts.filter((text, i) => !texts.includes(text, i + 1));
}

function atRuleUnit(at: AtRule): Unit {
  const name = at.name.toLowerCase();
  if (name === 'property') return { kind: 'property', name: at.params.trim(), text: at.toString(), plain: plainOf(at) };
  if (/^(-\w+-)?keyframes$/.test(name)) return { kind: 'keyframes', name: at.params.trim(), text: at.toString() };
  if (name === 'layer' && at.nodes === undefined) return { kind: 'other', text: `${at.toString()};` };
  if (at.nodes !== undefined && ['layer', 'media', 'supports', 'container'].includes(name))
    return {
      kind: 'group',
      prelude: `@${at.name}${at.raws.afterName ?? ' '}${at.params}`,
      children: at.nodes.flatMap(unitOf),
      layer: name === 'layer',
      supports: name === 'supports',
    };
  // A statement (`@layer components;`, `@import …;`) ends with its semicolon, which postcss keeps apart.
  return { kind: 'other', text: at.nodes === undefined ? `${at.toString()};` : at.toString() };
}

/** What an unregistered property set on every element must be to mean what `@property` says (see Unit). */
function plainOf(at: AtRule): string | undefined {
  const descriptors = new Map<string, string>();
  for (const node of at.nodes ?? []) if (node.type === 'decl') descriptors.set(node.prop, node.value.trim());
  if (descriptors.get('syntax') !== '"*"' || descriptors.get('inherits') !== 'false') return undefined;
  return descriptors.get('initial-value') ?? 'initial';
}

/**
 * The classes and elements a selector names outside functional pseudo-classes (`:not(.x)`,
 * `:is(h1,h2)`, `:where(.group)`: inside them a name is not needed, so ignoring it keeps more,
 * never less) and attribute selectors.
 */
export function needsOf(selector: string): Needs {
  let plain = '';
  let positive = '';
  for (let i = 0; i < selector.length; i++) {
    if (selector.startsWith(':not(', i)) i = closing(selector, i + 4, '(', ')');
    else positive += selector[i];
  }
  for (let i = 0; i < selector.length; i++) {
    const char = selector[i];
    if (char === '\\') {
      plain += selector.slice(i, i + 2);
      i++;
    } else if (char === '[') {
      i = closing(selector, i, '[', ']');
      plain += '[]';
    } else if (char === '(') {
      i = closing(selector, i, '(', ')');
      plain += '()';
    } else plain += char;
  }
  const classes: string[] = [];
  const withoutClasses = plain.replace(
    /\.((?:\\[0-9a-fA-F]{1,6}\s?|\\[^0-9a-fA-F]|[\w-]|\P{ASCII})+)/gu,
    (_, name: string) => {
      classes.push(unescapeCss(name));
      return '.';
    },
  );
  const tags = withoutClasses
    .split(/[\s>+~]+/)
    .map((compound) => /^[a-zA-Z][\w-]*/.exec(compound)?.[0].toLowerCase())
    .filter((tag): tag is string => tag !== undefined);
  const inputTypes = fieldParts.find(([part]) => part.test(selector))?.[1];
  return {
    classes,
    tags,
    ...(inputTypes === undefined ? {} : { inputTypes }),
    ...(later.test(positive) ? { later: true as const } : {}),
  };
}

/** The index of the bracket that closes the one at `from` (quotes and escapes skipped). */
function closing(text: string, from: number, open: string, close: string): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = from; i < text.length; i++) {
    const char = text[i];
    if (char === '\\') i++;
    else if (quote !== undefined) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === open) depth++;
    else if (char === close && --depth === 0) return i;
  }
  return text.length;
}

function unescapeCss(name: string): string {
  return name.replace(/\\([0-9a-fA-F]{1,6})\s?|\\(.)/g, (_, hex: string | undefined, char: string | undefined) =>
    hex === undefined ? (char ?? '') : String.fromCodePoint(Number.parseInt(hex, 16)),
  );
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return entities[entity] ?? whole;
  });
}

interface Used {
  readonly classes: ReadonlySet<string>;
  readonly tags: ReadonlySet<string>;
  readonly inputTypes: ReadonlySet<string>;
}

/** The classes (of `class` attributes), the elements and the input types in a piece of HTML. */
export function usedIn(html: string): Used {
  const classes = new Set<string>();
  for (const [, value = ''] of html.matchAll(/\sclass="([^"]*)"/g))
    for (const name of decodeHtml(value).split(/\s+/)) if (name !== '') classes.add(name);
  const tags = new Set(pageTags);
  const inputTypes = new Set<string>();
  for (const [tag = '', name = ''] of html.matchAll(/<([a-zA-Z][\w-]*)[^>]*/g)) {
    tags.add(name.toLowerCase());
    if (name.toLowerCase() === 'input') inputTypes.add(/\stype="([^"]*)"/i.exec(tag)?.[1]?.toLowerCase() ?? 'text');
  }
  return { classes, tags, inputTypes };
}

const met = (needs: Needs, used: Used) =>
  needs.later !== true &&
  needs.classes.every((c) => used.classes.has(c)) &&
  needs.tags.every((t) => used.tags.has(t)) &&
  (needs.inputTypes === undefined || needs.inputTypes.some((type) => used.inputTypes.has(type)));

function select(units: readonly Unit[], used: Used): string {
  // 1. The rules the markup can match, and what they refer to.
  const keptRules = new Set<Unit>();
  let refs = '';
  const visit = (list: readonly Unit[]) => {
    for (const unit of list) {
      if (unit.kind === 'group') visit(unit.children);
      else if (unit.kind === 'rule' && unit.needs.some((n) => met(n, used))) {
        keptRules.add(unit);
        refs += `${unit.refs};`;
      }
    }
  };
  visit(units);
  // 2. The custom properties referred to, and those they refer to in turn.
  const properties: { name: string; text: string }[] = [];
  const collect = (list: readonly Unit[]) => {
    for (const unit of list) {
      if (unit.kind === 'group') collect(unit.children);
      else if (unit.kind === 'properties') properties.push(...unit.declarations);
    }
  };
  collect(units);
  const referred = new Set<string>();
  const refer = (text: string) => {
    for (const [, name = ''] of text.matchAll(/var\(\s*(--[\w-]+)/g)) referred.add(name);
  };
  refer(refs);
  const keptText: string[] = [refs];
  for (let grew = true; grew;) {
    grew = false;
    for (const property of properties)
      if (referred.has(property.name) && !keptText.includes(property.text)) {
        keptText.push(property.text);
        refer(property.text);
        grew = true;
      }
  }
  const values = keptText.join(';');
  // 3. Tailwind's fallback for browsers without `@property` (`@supports (…) {*, ::before,
  // ::after {--tw-x: 0}}`): when everything of it that is kept sets a property to exactly what its
  // `@property` makes the initial value of every element, it is written without its condition
  // and those `@property` rules are left out: every browser then gets the same values from one
  // block. (The whole stylesheet, linked later, registers them again with the same values.)
  const plain = new Map<string, string>();
  const collectPlain = (list: readonly Unit[]) => {
    for (const unit of list) {
      if (unit.kind === 'group') collectPlain(unit.children);
      else if (unit.kind === 'property' && unit.plain !== undefined) plain.set(unit.name, unit.plain);
    }
  };
  collectPlain(units);
  const covered = new Set<string>();
  const unconditional = new Set<Unit>();
  const findFallbacks = (list: readonly Unit[]) => {
    for (const unit of list) {
      if (unit.kind !== 'group') continue;
      findFallbacks(unit.children);
      if (!unit.supports || unit.children.length === 0) continue;
      const set: string[] = [];
      const fallback = unit.children.every(
        (child) =>
          child.kind === 'properties' &&
          (!child.needs.some((n) => met(n, used)) ||
            child.declarations.every((d) => {
              if (!referred.has(d.name)) return true;
              set.push(d.name);
              return d.text === `${d.name}:${plain.get(d.name) ?? ''}` && plain.has(d.name);
            })),
      );
      if (fallback) {
        unconditional.add(unit);
        for (const name of set) covered.add(name);
      }
    }
  };
  findFallbacks(units);
  // 4. The stylesheet again, in its order, with what was kept.
  const write = (list: readonly Unit[]): string =>
    list
      .map((unit) => {
        switch (unit.kind) {
          case 'rule': {
            if (!keptRules.has(unit)) return '';
            if (unit.body === undefined) return unit.text;
            return `${unit.selectors.filter((_, i) => unit.needs[i] !== undefined && met(unit.needs[i], used)).join(',')}{${unit.body}}`;
          }
          case 'properties': {
            if (!unit.needs.some((n) => met(n, used))) return '';
            const kept = unit.declarations.filter((d) => referred.has(d.name)).map((d) => d.text);
            return kept.length === 0 ? '' : `${unit.selector}{${kept.join(';')}}`;
          }
          case 'property':
            return referred.has(unit.name) && !covered.has(unit.name) ? unit.text : '';
          case 'keyframes':
            return new RegExp(`(^|[\\s:,;(])${escapeRegExp(unit.name)}($|[\\s,;)])`).test(values) ? unit.text : '';
          case 'group': {
            const inside = write(unit.children);
            if (unconditional.has(unit)) return inside;
            if (inside === '' && !unit.layer) return '';
            return inside === '' ? `${unit.prelude};` : `${unit.prelude}{${inside}}`;
          }
          case 'other':
            return unit.text;
        }
      })
      .join('');
  return write(units);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
