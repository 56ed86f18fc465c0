import { describe, expect, it } from 'vitest';
import { pixelSizeClass } from './pixel-size.ts';

describe('pixelSizeClass', () => {
  it('names the Tailwind size of each supported pixel size', () => {
    expect(pixelSizeClass(64)).toBe('size-16');
    expect(pixelSizeClass(40)).toBe('size-10');
    expect(pixelSizeClass(32)).toBe('size-8');
  });
  it('takes the nearest size for any other', () => {
    expect(pixelSizeClass(62)).toBe('size-16');
    expect(pixelSizeClass(1)).toBe('size-4');
    expect(pixelSizeClass(500)).toBe('size-24');
  });
});
