import { describe, expect, it } from 'vitest';
import { AdminApplicationList, ApplicationInput, Branding } from './generated/validators.js';
import { decodeWire, dottedPath, WireDecodeError, wireProblems } from './decode.ts';

const branding = { label: 'Händlershop', logoUrl: null, url: 'https://shop.example' };

describe('decodeWire with the generated validators', () => {
  it('hands back a value that is what the schema says', () => {
    expect(decodeWire(Branding, 'Branding', branding)).toBe(branding);
  });

  it('names the schema and the path of the bad value', () => {
    const answer = {
      items: [
        {
          id: 'a',
          label: 'A',
          logoUrl: null,
          url: 'https://a.example',
          internal: false,
          accessRequestsAmount: 'many',
          permissions: { manageAccessRequests: true },
        },
      ],
      total: 1,
    };
    const error = (() => {
      try {
        decodeWire(AdminApplicationList, 'AdminApplicationList', answer);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(WireDecodeError);
    expect((error as WireDecodeError).schema).toBe('AdminApplicationList');
    expect((error as WireDecodeError).path).toBe('items.0.accessRequestsAmount');
    expect((error as WireDecodeError).message).toContain('items.0.accessRequestsAmount');
  });

  it('names a missing property and an unknown one by their own path', () => {
    expect(ApplicationInput({ url: 'https://a.example', colour: 'red' })).toBe(false);
    expect(wireProblems(ApplicationInput.errors).map((problem) => [problem.path, problem.keyword])).toEqual(
      expect.arrayContaining([
        ['label', 'required'],
        ['colour', 'additionalProperties'],
      ]),
    );
  });

  it('refuses what is not an object at the root', () => {
    expect(() => decodeWire(Branding, 'Branding', '<html>')).toThrow(
      expect.objectContaining({ schema: 'Branding', path: '' }),
    );
  });

  it('turns JSON pointers into dotted paths', () => {
    expect(dottedPath('/webhook/headers/0/key')).toBe('webhook.headers.0.key');
    expect(dottedPath('/a~1b/c~0d')).toBe('a/b.c~d');
    expect(dottedPath('')).toBe('');
  });
});
