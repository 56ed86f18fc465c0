// #17.18: an empty or blank name is a missing one: 400 with the required message at the
// field, in the caller's language, and nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/seed/ids.ts';
import { checkResponse } from './openapi.ts';
import { harness, token } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
let partner = '';

beforeAll(async () => {
  h = await harness();
  partner = await token({ sub: users.partner });
});
afterAll(() => h.close());

describe('PUT /My/Profile with a name left empty', () => {
  it('says the field is required (not an invalid input), for empty and for blanks', async () => {
    const before = (await (await h.request('GET', '/My/Profile', { token: partner })).json()) as { firstName: string };
    for (const firstName of ['', '   ']) {
      const response = await h.request('PUT', '/My/Profile', {
        token: partner,
        body: { firstName, lastName: 'Partner', language: 'de' },
      });
      expect(response.status).toBe(400);
      const body = await checkResponse<{ error: { errors: unknown[] } }>('PUT', '/My/Profile', response);
      expect(body.error.errors).toEqual([{ field: 'firstName', message: 'Dieses Feld ist erforderlich.' }]);
    }
    const english = await h.request('PUT', '/My/Profile', {
      token: partner,
      body: { firstName: 'Dana', lastName: ' ', language: 'de' },
      headers: { lang: 'en' },
    });
    expect(((await english.json()) as { error: { errors: unknown[] } }).error.errors).toEqual([
      { field: 'lastName', message: 'This field is required.' },
    ]);
    const after = (await (await h.request('GET', '/My/Profile', { token: partner })).json()) as { firstName: string };
    expect(after.firstName).toBe(before.firstName);
  });
});
