// Text the database cannot store: PostgreSQL's text and jsonb hold no NUL (22021 / 22P05), and a
// lone UTF-16 surrogate is no character at all (the driver would store U+FFFD instead). Such
// text is refused with 400 `validation.character` before it reaches a query.
import { ApiError } from './errors.ts';
import type { FieldProblem } from './errors.ts';

const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

const MAX_PROBLEMS = 20;

/** A value's place in the parsed body: its key and its parent's place (a path is joined only when reported). */
interface Place {
  readonly key: string;
  readonly parent: Place | undefined;
}

function dotted(place: Place | undefined): string | undefined {
  if (place === undefined) return undefined;
  const keys: string[] = [];
  for (let p: Place | undefined = place; p !== undefined; p = p.parent) keys.push(p.key);
  return keys.reverse().join('.');
}

/** The dotted paths of every string (and the objects of every key) in a parsed JSON value that cannot be stored. */
function unstorableFields(value: unknown): (string | undefined)[] {
  const out: (string | undefined)[] = [];
  // Iterative, and each value's place is one link to its parent: the walk costs one step per value
  // whatever the depth (copying each path made it quadratic in the depth, #28.2).
  const stack: { value: unknown; place: Place | undefined }[] = [{ value, place: undefined }];
  while (stack.length && out.length < MAX_PROBLEMS) {
    const { value: v, place } = stack.pop() as { value: unknown; place: Place | undefined };
    if (typeof v === 'string') {
      if (!isStorableText(v)) out.push(dotted(place));
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], place: { key: String(i), parent: place } });
    } else if (typeof v === 'object' && v !== null) {
      const entries = Object.entries(v);
      // A key that cannot be stored is named by the object that holds it (the key itself cannot be shown).
      if (entries.some(([k]) => !isStorableText(k))) out.push(dotted(place));
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, item] = entries[i] as [string, unknown];
        if (isStorableText(k)) stack.push({ value: item, place: { key: k, parent: place } });
      }
    }
  }
  return out;
}

export const invalidCharacter = (fields: readonly (string | undefined)[]): ApiError =>
  new ApiError(400, 'invalidCharacter', {
    code: 'validation.character',
    problems: fields.map((field): FieldProblem =>
      field === undefined ? { key: 'invalidCharacter' } : { key: 'invalidCharacter', field },
    ),
  });

/** Refuses a parsed JSON body that holds text the database cannot store. */
export function assertStorable(value: unknown): void {
  const fields = unstorableFields(value);
  if (fields.length) throw invalidCharacter(fields);
}
