import { describe, expect, it } from 'vitest';
import { MAX_SVG_DEPTH, SvgError } from './svg.ts';
import { sanitizeSvgOffThread } from './svg-thread.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const svg = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg">${inner}</svg>`;

describe('sanitizeSvgOffThread (#28.2)', () => {
  it('answers what sanitizeSvg answers: the sanitised text, or the SvgError with its problem', async () => {
    expect(await sanitizeSvgOffThread(enc(svg('<rect width="1"/><!-- dropped -->')))).toBe(svg('<rect width="1"/>'));
    const refused = async (text: string) => {
      const error: unknown = await sanitizeSvgOffThread(enc(text)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SvgError);
      return (error as SvgError).problem;
    };
    expect(await refused(svg('<script>x</script>'))).toBe('unsafe');
    expect(await refused('<html></html>')).toBe('notSvg');
    expect(await refused(svg('<g>'.repeat(MAX_SVG_DEPTH + 1)))).toBe('tooDeep');
  });

  it('keeps the event loop turning while it sanitises, and answers uploads sent together each their own', async () => {
    await sanitizeSvgOffThread(enc(svg(''))); // jsdom loaded
    const order: string[] = [];
    const big = sanitizeSvgOffThread(enc(svg('<path d="M0 0h1"/>'.repeat(10_000)))).then((text) => {
      order.push('sanitised');
      return text;
    });
    const small = sanitizeSvgOffThread(enc(svg('<circle r="1"/>')));
    await new Promise<void>((resolve) => setImmediate(resolve));
    order.push('event loop');
    expect((await big).length).toBeGreaterThan(10_000 * 10);
    expect(await small).toBe(svg('<circle r="1"/>'));
    expect(order).toEqual(['event loop', 'sanitised']);
  });
});
