// #30.11: after an e-mail or password change the user comes back to the page the change started
// from, which is told what changed (its query's `changed`), to confirm it.
import { describe, expect, it } from 'vitest';
import { changedPath } from './auth.ts';

describe('the way back after a change', () => {
  it('names the change in the return path, keeping its own query and fragment', () => {
    expect(changedPath('/settings/security', 'passwordChange')).toBe('/settings/security?changed=password');
    expect(changedPath('/settings/security?tab=1#top', 'emailChange')).toBe(
      '/settings/security?tab=1&changed=email#top',
    );
    // Said once, whatever the path carried.
    expect(changedPath('/settings/security?changed=email', 'passwordChange')).toBe(
      '/settings/security?changed=password',
    );
  });
});
