// The CSS of one first view (#28.15): the rules its markup can match at its first paint, and
// what they refer to, in the stylesheet's order.
import { describe, expect, it } from 'vitest';
import { createFirstViewCss, needsOf, usedIn } from './first-view-css.ts';

const css = [
  '@layer properties{@supports (x:y){*,:before,:after{--tw-shadow:0 0 #0000;--tw-unused:0}}}',
  '@layer theme{:root,:host{--color-fg:var(--brand,#000);--color-line:#ccc;--radius-lg:.5rem;--animate-pulse:pulse 2s infinite}}',
  '@layer base{a{color:inherit}table{border-collapse:collapse}body{color:var(--color-fg)}::file-selector-button{font:inherit}::-webkit-search-decoration{appearance:none}:focus-visible{outline:2px}}',
  '@layer components;',
  '@layer utilities{.flex{display:flex}.grid{display:grid}.rounded-lg{border-radius:var(--radius-lg)}.shadow{--tw-shadow:0 1px;box-shadow:var(--tw-shadow)}',
  '.animate-pulse{animation:var(--animate-pulse)}.sm\\:w-1\\/2{width:50%}.\\[\\&\\>li\\]\\:p-1>li{padding:4px}.space-y-2>:not(:last-child){margin:0}',
  '.group-hover\\:flex:is(:where(.group):hover *){display:flex}.not-first\\:mt-1:not(.first){margin:1px}',
  '@media (hover:hover){.hover\\:grid:hover{display:grid}}@media (width>=40rem){.sm\\:grid{display:grid}.sm\\:w-1\\/2{width:50%}}}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}@property --tw-unused{syntax:"*";inherits:false}',
  '@keyframes pulse{50%{opacity:.5}}@keyframes spin{to{rotate:1turn}}',
].join('');

describe('the CSS a first view uses', () => {
  const select = createFirstViewCss(css).forHtml;

  it('keeps the rules of the classes and elements in the markup, in order, and nothing of the others', () => {
    const out = select(
      '<div class="flex sm:w-1/2 hover:grid group-hover:flex not-first:mt-1"><a href="/">x</a><input type="search"></div><ul class="[&amp;&gt;li]:p-1"><li>a</li></ul>',
    );
    expect(out).toBe(
      [
        '@layer properties;',
        '@layer theme{:root,:host{--color-fg:var(--brand,#000)}}',
        '@layer base{a{color:inherit}body{color:var(--color-fg)}::-webkit-search-decoration{appearance:none}}',
        '@layer components;',
        '@layer utilities{.flex{display:flex}.sm\\:w-1\\/2{width:50%}.\\[\\&\\>li\\]\\:p-1>li{padding:4px}',
        // `group` is inside :where(): not needed; `.first` inside :not(): not needed.
        '.not-first\\:mt-1:not(.first){margin:1px}',
        '@media (width>=40rem){.sm\\:w-1\\/2{width:50%}}}',
      ].join(''),
    );
  });

  it('keeps the custom properties, @property and @keyframes only when a kept rule refers to them', () => {
    const out = select('<span class="shadow rounded-lg animate-pulse"></span>');
    // The fallback sets --tw-shadow to what its @property makes the initial value: one block, unconditional.
    expect(out).toContain('@layer properties{*,:before,:after{--tw-shadow:0 0 #0000}}');
    expect(out).toContain('--radius-lg:.5rem');
    expect(out).toContain('--animate-pulse:pulse 2s infinite');
    expect(out).not.toContain('@property');
    expect(out).not.toContain('--tw-unused');
    expect(out).not.toContain('--color-line');
    expect(out).toContain('@keyframes pulse{');
    expect(out).not.toContain('@keyframes spin');
  });

  it('answers the same selection for the same classes (cached) and another for others', () => {
    const a = select('<p class="flex">a</p>');
    expect(select('<p class="flex">b</p>')).toBe(a);
    expect(select('<p class="grid">b</p>')).not.toBe(a);
    expect(select('<p class="grid">b</p>')).toContain('.grid{display:grid}');
  });
});

describe('the CSS a first view uses, pruned further (#28.15)', () => {
  const more = [
    '@layer properties{@supports (x:y){*,:before,:after{--tw-shadow:0 0 #0000;--tw-ring-offset-width:0px}::backdrop{--tw-shadow:0 0 #0000}}}',
    '@layer theme{:root{--color-slate-900:var(--lightningcss-light,#0f172a)var(--lightningcss-dark,#f1f5f9);--color-fg:var(--color-ink);--color-ink:var(--color-slate-900);--color-line:#ccc;--ease-out:cubic-bezier(0,0,.2,1);--animate-spin:spin 1s linear infinite}}',
    '@layer base{h1,h2,h3{font-size:inherit}progress{vertical-align:baseline}summary{display:list-item}abbr:where([title]){text-decoration:underline dotted}sub,sup{font-size:75%}',
    'a{color:inherit;-webkit-text-decoration:inherit;-webkit-text-decoration:inherit;text-decoration:inherit}p{color:red;color:blue;color:red}',
    '::backdrop{margin:0}:-moz-focusring{outline:auto}:-moz-ui-invalid{box-shadow:none}input:user-invalid{color:red}button,::-moz-x{font:inherit}}',
    '@layer utilities{.text-fg{color:var(--color-fg)}.animate-spin{animation:var(--animate-spin)}.shadow{--tw-shadow:0 1px;box-shadow:var(--tw-shadow)}.ring-offset-1{--tw-ring-offset-width:1px;outline-offset:var(--tw-ring-offset-width)}}',
    ':root{--lightningcss-light:initial;--lightningcss-dark: ;color-scheme:light dark}@media (prefers-color-scheme:dark){:root{--lightningcss-light: ;--lightningcss-dark:initial}}',
    '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}@property --tw-ring-offset-width{syntax:"<length>";inherits:false;initial-value:0}',
    '@keyframes spin{to{rotate:1turn}}@keyframes ping{to{opacity:0}}',
  ].join('');
  const select = createFirstViewCss(more).forHtml;

  it('keeps a custom property used through a var() chain and drops the unused ones', () => {
    const out = select('<p class="text-fg">x</p>');
    expect(out).toContain(
      '@layer theme{:root{--color-slate-900:var(--lightningcss-light,#0f172a)var(--lightningcss-dark,#f1f5f9);--color-fg:var(--color-ink);--color-ink:var(--color-slate-900)}}',
    );
    expect(out).not.toContain('--color-line');
    expect(out).not.toContain('--ease-out');
    // The dark colour scheme's switches stay with the colours that use them.
    expect(out).toContain(
      '@media (prefers-color-scheme:dark){:root{--lightningcss-light: ;--lightningcss-dark:initial}}',
    );
  });

  it('keeps a keyframe an animation class uses (through its variable) and drops the others', () => {
    const out = select('<span class="animate-spin"></span>');
    expect(out).toContain('--animate-spin:spin 1s linear infinite');
    expect(out).toContain('@keyframes spin{to{rotate:1turn}}');
    expect(out).not.toContain('@keyframes ping');
    expect(select('<span class="text-fg"></span>')).not.toContain('@keyframes');
  });

  it('drops the rules of elements absent from the markup, of the top layer and of states the user brings about', () => {
    const out = select('<h1>a</h1><a href="/">b</a><input><button>c</button>');
    for (const absent of [
      'progress',
      'summary',
      'abbr',
      'sub',
      '::backdrop',
      ':-moz-focusring',
      ':-moz-ui-invalid',
      ':user-invalid',
    ])
      expect(out, absent).not.toContain(absent);
    const withThem = select(
      '<progress></progress><details><summary>s</summary></details><abbr title="t">x</abbr><sup>2</sup>',
    );
    for (const present of ['progress{', 'summary{', 'abbr:where([title]){', 'sup{font-size:75%}'])
      expect(withThem, present).toContain(present);
  });

  it("writes a kept rule with only the selectors the markup can match, unless a vendor's selector is in the list", () => {
    const out = select('<h1>a</h1><button>b</button>');
    expect(out).toContain('h1{font-size:inherit}');
    expect(out).not.toContain('h2');
    // A browser that does not know `::-moz-x` ignores the whole rule: it stays as it was.
    expect(out).toContain('button,::-moz-x{font:inherit}');
  });

  it('writes a declaration repeated in a rule once, the last one (which wins)', () => {
    const out = select('<a href="/">a</a><p>b</p>');
    expect(out).toContain('a{color:inherit;-webkit-text-decoration:inherit;text-decoration:inherit}');
    expect(out).toContain('p{color:blue;color:red}');
  });

  it("keeps Tailwind's @property fallback conditional when a property it sets is registered with a syntax", () => {
    const out = select('<span class="shadow ring-offset-1"></span>');
    expect(out).toContain(
      '@layer properties{@supports (x:y){*,:before,:after{--tw-shadow:0 0 #0000;--tw-ring-offset-width:0px}}}',
    );
    expect(out).toContain('@property --tw-shadow{');
    expect(out).toContain('@property --tw-ring-offset-width{');
    // Without the property of a syntax, the fallback is every browser's: no @property needed.
    const plain = select('<span class="shadow"></span>');
    expect(plain).toContain('@layer properties{*,:before,:after{--tw-shadow:0 0 #0000}}');
    expect(plain).not.toContain('@property');
  });
});

describe('what a selector needs', () => {
  it('names the classes and elements outside functional pseudo-classes and attribute selectors', () => {
    expect(needsOf('.a\\:b .c>li')).toEqual({ classes: ['a:b', 'c'], tags: ['li'] });
    expect(needsOf('input:where([type=button],[data-x="a.b"])')).toEqual({ classes: [], tags: ['input'] });
    expect(needsOf('.\\32 xl\\:flex')).toEqual({ classes: ['2xl:flex'], tags: [] });
    expect(needsOf('.peer:checked~.peer-checked\\:x')).toEqual({ classes: ['peer', 'peer-checked:x'], tags: [] });
  });
  it('marks states the user brings about and the top layer, but not their negation', () => {
    expect(needsOf('::backdrop').later).toBe(true);
    expect(needsOf(':-moz-focusring:where(:not(iframe))').later).toBe(true);
    expect(needsOf('input:user-invalid').later).toBe(true);
    expect(needsOf('.hover\\:x:hover').later).toBe(true);
    expect(needsOf('.x:focus-visible').later).toBe(true);
    expect(needsOf('.x:not(:hover)').later).toBeUndefined();
    expect(needsOf('.x:focus-within').later).toBe(true);
  });
  it('reads the classes, elements and input types of markup, with its entities', () => {
    const used = usedIn('<div class="a  b&amp;c"><input class="d" type="date"><input></div>');
    expect([...used.classes]).toEqual(['a', 'b&c', 'd']);
    expect([...used.tags].sort()).toEqual(['body', 'div', 'html', 'input']);
    expect([...used.inputTypes].sort()).toEqual(['date', 'text']);
  });
});
