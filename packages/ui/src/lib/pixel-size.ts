// A square of a given pixel size as a class, not a `style` attribute: the page the portal
// server renders (#16) runs under a CSP without 'unsafe-inline' styles, where a style
// attribute in the HTML is blocked. Tailwind finds these class names here (literal strings).
const sizes: Readonly<Record<number, string>> = {
  16: 'size-4',
  20: 'size-5',
  24: 'size-6',
  32: 'size-8',
  40: 'size-10',
  48: 'size-12',
  56: 'size-14',
  64: 'size-16',
  80: 'size-20',
  96: 'size-24',
};

/** The `size-*` class of a supported size (16 to 96 px, steps of Tailwind's scale); 64 px otherwise. */
export function pixelSizeClass(px: number): string {
  return sizes[px] ?? 'size-16';
}
