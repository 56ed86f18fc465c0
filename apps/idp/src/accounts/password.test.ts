import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const a = await hashPassword('Kitchen-Demo-2026!');
    const b = await hashPassword('Kitchen-Demo-2026!');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Kitchen-Demo-2026!', a)).toBe(true);
    expect(await verifyPassword('kitchen-demo-2026!', a)).toBe(false);
    expect(await verifyPassword('x', 'plain')).toBe(false);
  });

  it.each([
    ['short1A', 'tooShort'],
    ['alllowercase', 'tooWeak'],
    ['lower-and-1', undefined],
    ['Upper and lower', undefined],
    ['x'.repeat(65), 'tooShort'],
  ])('%s → %s', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });
});
