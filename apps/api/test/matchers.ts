// Vitest's asymmetric matchers are typed `any`, which would make an expected body `any` where it
// stands (#31.6, no-unsafe-assignment); these are the same matchers typed `unknown`.
import { expect } from 'vitest';

/** Any string (a time stamp, an id the server chose). */
export const anyString = (): unknown => expect.any(String);
/** Any number (a count the test does not fix). */
export const anyNumber = (): unknown => expect.any(Number);
/** An object with at least these members. */
export const containing = (members: Record<string, unknown>): unknown => expect.objectContaining(members);
/** An array holding at least these items, in any order. */
export const arrayWith = (items: unknown[]): unknown => expect.arrayContaining(items);
/** A string matching `pattern`. */
export const matching = (pattern: RegExp): unknown => expect.stringMatching(pattern);
