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
 * `inputTypes`; never a state the user brings about (`:hover`, `:focus-visible`, `:active`:
 * `interactive`), which the whole stylesheet brings before anything can be hovered or focused.
 */
interface Needs {
  readonly classes: readonly string[];
  readonly tags: readonly string[];
  readonly inputTypes?: readonly string[];
  readonly interactive?: true;
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

/** States only the user's pointer or keyboard brings about (outside `:not(…)`). */
const interaction = /:(hover|focus|focus-visible|focus-within|active)(?![\w-])/;

type Unit =
  /** A rule: kept when one of its selectors' needs are met; `vars`/`text` for what it refers to. */
  | { readonly kind: 'rule'; readonly text: string; readonly needs: readonly Needs[]; readonly refs: string }
  /** A rule of custom properties only (the theme, Tailwind's defaults): each declaration kept when referred to. */
  | {
      readonly kind: 'properties';
      readonly selector: string;
      readonly declarations: readonly { readonly name: string; readonly text: string }[];
    }
  /** `@property --x`: kept when `--x` is referred to. */
  | { readonly kind: 'property'; readonly name: string; readonly text: string }
  /** `@keyframes x`: kept when a kept declaration names `x`. */
  | { readonly kind: 'keyframes'; readonly name: string; readonly text: string }
  /** `@layer`, `@media`, `@supports`: kept when something inside is (a layer's order is kept always). */
  | { readonly kind: 'group'; readonly prelude: string; readonly children: readonly Unit[]; readonly layer: boolean }
  /** Anything else (`@charset`, `@font-face`, …): kept as it is. */
  | { readonly kind: 'other'; readonly text: string };

export interface FirstViewCss {
  /** The stylesheet's rules that the markup (the root's HTML) can use. */
  forHtml(html: string): string;
}

/** Elements of every page outside the rendered root. */
const pageTags = ['html', 'body'];
const cacheSize = 64;

/** The selection over one stylesheet (the build's CSS text). */
export function createFirstViewCss(css: string): FirstViewCss {
  const units = postcss.parse(css).nodes.flatMap(unitOf);
  const cache = new Map<string, string>();
  return {
    forHtml(html) {
      const used = usedIn(html);
      const key = [used.classes, used.tags, used.inputTypes].map((set) => [...set].sort().join(' ')).join('\n');
      const known = cache.get(key);
      if (known !== undefined) {
        // Most recently used last.
        cache.delete(key);
        cache.set(key, known);
        return known;
      }
      const selected = select(units, used);
      cache.set(key, selected);
      if (cache.size > cacheSize) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return selected;
    },
  };
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
      declarations: declarations.map((d) => ({ name: d.prop, text: `${d.prop}:${d.value}` })),
    };
  return {
    kind: 'rule',
    text: rule.toString(),
    needs: rule.selectors.map(needsOf),
    refs: declarations.map((d) => `${d.prop}:${d.value}`).join(';'),
  };
}

function atRuleUnit(at: AtRule): Unit {
  const name = at.name.toLowerCase();
  if (name === 'property') return { kind: 'property', name: at.params.trim(), text: at.toString() };
  if (/^(-\w+-)?keyframes$/.test(name)) return { kind: 'keyframes', name: at.params.trim(), text: at.toString() };
  if (name === 'layer' && at.nodes === undefined) return { kind: 'other', text: `${at.toString()};` };
  if (at.nodes !== undefined && ['layer', 'media', 'supports', 'container'].includes(name))
    return {
      kind: 'group',
      prelude: `@${at.name}${at.raws.afterName ?? ' '}${at.params}`,
      children: at.nodes.flatMap(unitOf),
      layer: name === 'layer',
    };
  // A statement (`@layer components;`, `@import …;`) ends with its semicolon, which postcss keeps apart.
  return { kind: 'other', text: at.nodes === undefined ? `${at.toString()};` : at.toString() };
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
    ...(interaction.test(positive) ? { interactive: true as const } : {}),
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
  needs.interactive !== true &&
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
  // 3. The stylesheet again, in its order, with what was kept.
  const write = (list: readonly Unit[]): string =>
    list
      .map((unit) => {
        switch (unit.kind) {
          case 'rule':
            return keptRules.has(unit) ? unit.text : '';
          case 'properties': {
            const kept = unit.declarations.filter((d) => referred.has(d.name)).map((d) => d.text);
            return kept.length === 0 ? '' : `${unit.selector}{${kept.join(';')}}`;
          }
          case 'property':
            return referred.has(unit.name) ? unit.text : '';
          case 'keyframes':
            return new RegExp(`(^|[\\s:,;(])${escapeRegExp(unit.name)}($|[\\s,;)])`).test(values) ? unit.text : '';
          case 'group': {
            const inside = write(unit.children);
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
