// WCAG AA for every text/background pair of the design tokens, in light and dark.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

const themeBlock = css.slice(css.indexOf('@theme'), css.indexOf('@layer base'));

/** The first hex colour of a value (`#hex` or `var(--brand-x, #hex)`). */
function hexOf(value: string): string {
  const hex = /#[0-9a-f]{6}/i.exec(value)?.[0];
  if (hex === undefined) throw new Error(`no colour in ${value}`);
  return hex.toLowerCase();
}

/** Token name → hex per theme, from `--color-x: light-dark(<light>, <dark>);` or `--color-x: <both>;`. */
function themes(): { readonly light: Map<string, string>; readonly dark: Map<string, string> } {
  const light = new Map<string, string>();
  const dark = new Map<string, string>();
  for (const match of themeBlock.matchAll(/--color-([\w-]+):\s*([^;]+);/g)) {
    const name = match[1] ?? '';
    const value = match[2] ?? '';
    if (!value.includes('#')) continue;
    const pair = /^light-dark\((.*?(?:#[0-9a-f]{6})\)?),\s*(.*)\)$/i.exec(value.trim());
    light.set(name, hexOf(pair?.[1] ?? value));
    dark.set(name, hexOf(pair?.[2] ?? value));
  }
  return { light, dark };
}

const { light, dark } = themes();

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

const surfaces = ['canvas', 'surface', 'surface-muted'];
const textPairs: Array<[string, string]> = [
  ...surfaces.flatMap((bg) =>
    ['fg', 'fg-muted', 'accent', 'danger', 'success', 'warning', 'info'].map((fg) => [fg, bg] as [string, string]),
  ),
  ['on-accent', 'accent'],
  ['on-accent', 'accent-hover'],
  ['on-danger', 'danger'],
  ['on-danger', 'danger-hover'],
  ['on-accent-soft', 'accent-soft'],
  ['on-danger-soft', 'danger-soft'],
  ['on-success-soft', 'success-soft'],
  ['on-warning-soft', 'warning-soft'],
  ['on-info-soft', 'info-soft'],
  ['danger', 'danger-soft'],
  ...Array.from({ length: 8 }, (_, index) => ['on-avatar', `avatar-${index + 1}`] as [string, string]),
];
// Borders of controls and focus rings need 3:1 against their surroundings (WCAG 1.4.11).
const uiPairs: Array<[string, string]> = surfaces.flatMap(
  (bg) =>
    [
      ['line-strong', bg],
      ['focus', bg],
      ['danger', bg],
    ] as Array<[string, string]>,
);

describe.each([
  ['light', light],
  ['dark', dark],
] as const)('%s theme', (_name, theme) => {
  it.each(textPairs)('text %s on %s is at least 4.5:1', (fg, bg) => {
    const a = theme.get(fg);
    const b = theme.get(bg);
    expect(a, fg).toBeDefined();
    expect(b, bg).toBeDefined();
    expect(contrast(a ?? '', b ?? '')).toBeGreaterThanOrEqual(4.5);
  });

  it.each(uiPairs)('control %s on %s is at least 3:1', (fg, bg) => {
    expect(contrast(theme.get(fg) ?? '', theme.get(bg) ?? '')).toBeGreaterThanOrEqual(3);
  });
});

describe('token parsing', () => {
  it('reads both themes, brand fallbacks included', () => {
    expect(light.get('fg')).toBe('#0f172a');
    expect(dark.get('fg')).toBe('#f1f5f9');
    expect(light.get('accent')).toBe('#1d4ed8');
    expect(dark.get('accent')).toBe('#60a5fa');
    expect(dark.get('avatar-1')).toBe(light.get('avatar-1'));
    expect(light.size).toBeGreaterThan(30);
  });
});

describe('motion', () => {
  it('stops animations and transitions when the user prefers reduced motion', () => {
    const block = css.slice(css.indexOf('@media (prefers-reduced-motion: reduce)'));
    expect(block).toMatch(/animation-duration:\s*0\.01ms !important/);
    expect(block).toMatch(/transition-duration:\s*0\.01ms !important/);
  });
});

describe('type scale', () => {
  it('offers exactly 12, 14, 16, 20, 24 and 30 px', () => {
    const sizes = [...themeBlock.matchAll(/--text-[\w]+:\s*([\d.]+)rem;/g)].map((match) => Number(match[1]) * 16);
    expect(sizes).toEqual([12, 14, 16, 20, 24, 30]);
  });
});
