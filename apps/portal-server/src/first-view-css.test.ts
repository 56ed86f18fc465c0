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
    expect(out).toContain('*,:before,:after{--tw-shadow:0 0 #0000}');
    expect(out).toContain('--radius-lg:.5rem');
    expect(out).toContain('--animate-pulse:pulse 2s infinite');
    expect(out).toContain('@property --tw-shadow{');
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

describe('what a selector needs', () => {
  it('names the classes and elements outside functional pseudo-classes and attribute selectors', () => {
    expect(needsOf('.a\\:b .c>li')).toEqual({ classes: ['a:b', 'c'], tags: ['li'] });
    expect(needsOf('input:where([type=button],[data-x="a.b"])')).toEqual({ classes: [], tags: ['input'] });
    expect(needsOf('.\\32 xl\\:flex')).toEqual({ classes: ['2xl:flex'], tags: [] });
    expect(needsOf('.peer:checked~.peer-checked\\:x')).toEqual({ classes: ['peer', 'peer-checked:x'], tags: [] });
  });
  it('marks states the user brings about, but not their negation', () => {
    expect(needsOf('.hover\\:x:hover').interactive).toBe(true);
    expect(needsOf('.x:focus-visible').interactive).toBe(true);
    expect(needsOf('.x:not(:hover)').interactive).toBeUndefined();
    expect(needsOf('.x:focus-within').interactive).toBe(true);
  });
  it('reads the classes, elements and input types of markup, with its entities', () => {
    const used = usedIn('<div class="a  b&amp;c"><input class="d" type="date"><input></div>');
    expect([...used.classes]).toEqual(['a', 'b&c', 'd']);
    expect([...used.tags].sort()).toEqual(['body', 'div', 'html', 'input']);
    expect([...used.inputTypes].sort()).toEqual(['date', 'text']);
  });
});
