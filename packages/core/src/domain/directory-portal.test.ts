import { describe, expect, it } from 'vitest';
import { directoryApplicationUrl } from './directory-portal.ts';

describe('directoryApplicationUrl', () => {
  it('links to the directory portal', () => {
    expect(directoryApplicationUrl('a/b')).toMatch(/appId\/a%2Fb$/);
  });
});
