import { describe, expect, it } from 'vitest';
import { pixelSizeClass } from './pixel-size.ts';

describe('pixelSizeClass', () => {
  it('names the Tailwind size of each supported pixel size', () => {
    expect(pixelSizeClass(64)).toBe('size-16');
    expect(pixelSizeClass(40)).toBe('size-10');
    expect(pixelSizeClass(32)).toBe('size-8');
  });
  it("any other size is the tiles' 64 px", () => {
    expect(pixelSizeClass(62)).toBe('size-16');
  });
});
