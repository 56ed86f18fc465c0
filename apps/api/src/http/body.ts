// Reading request bodies strictly: size limit, nesting depth (core's one rule for both servers,
// checked on the bytes before anything parses or walks them), JSON without duplicate keys, text
// the database can store (no NUL), then the contract's schema. Every failure is a 400 with the
// error shape; nothing is changed.
import type { Context } from 'hono';
import { isJsonContentType, jsonBodyMaxBytes, jsonBodyMaxDepth, jsonNestsTooDeep } from '@portal/core';
import { validatorFor, httpUrlPattern } from './contract.ts';
import type { SchemaName, Schemas, ValidationError } from './contract.ts';
import { ApiError, badRequest } from './errors.ts';
import type { FieldProblem } from './errors.ts';
import { assertStorable } from './text.ts';

export const MAX_JSON_BYTES = jsonBodyMaxBytes;

/** Finds the first key that occurs twice in one object of valid JSON text. */
export function findDuplicateKey(text: string): string | undefined {
  const stack: { keys: Set<string> | undefined; expectKey: boolean }[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '{') stack.push({ keys: new Set(), expectKey: true });
    else if (ch === '[') stack.push({ keys: undefined, expectKey: false });
    else if (ch === '}' || ch === ']') stack.pop();
    else if (ch === ',') {
      const top = stack[stack.length - 1];
      if (top?.keys) top.expectKey = true;
    } else if (ch === ':') {
      const top = stack[stack.length - 1];
      if (top) top.expectKey = false;
    } else if (ch === '"') {
      const start = i;
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      const top = stack[stack.length - 1];
      if (top?.keys && top.expectKey) {
        const key = JSON.parse(text.slice(start, i + 1)) as string;
        if (top.keys.has(key)) return key;
        top.keys.add(key);
      }
    }
  }
  return undefined;
}

/** 400 `validation.jsonDepth`: the body nests deeper than core's limit. */
const jsonTooDeep = (): ApiError =>
  new ApiError(400, 'jsonTooDeep', {
    code: 'validation.jsonDepth',
    args: ['', jsonBodyMaxDepth],
    problems: [{ key: 'jsonTooDeep', args: ['', jsonBodyMaxDepth] }],
  });

function parseJsonText(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest([{ key: 'invalidJson' }], 'invalidJson');
  }
  const duplicate = findDuplicateKey(text);
  if (duplicate !== undefined)
    throw badRequest([{ key: 'duplicateJsonKey', field: duplicate, args: [duplicate] }], 'duplicateJsonKey');
  return value;
}

const partsOf = (pointer: string): string[] =>
  pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));

/** The problem's `field`: the dotted path of the bad value; none for the body as a whole. */
function fieldOf(error: ValidationError, extra?: string): { field?: string } {
  const parts = partsOf(error.instancePath);
  if (extra !== undefined) parts.push(extra);
  return parts.length ? { field: parts.join('.') } : {};
}

/** The part of the checked value an error points at. */
function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const part of partsOf(pointer))
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}

/** The 400 problems of a value the validator refused (`errors` as the generated validator reports them). */
function problemsOf(errors: readonly ValidationError[], value: unknown): FieldProblem[] {
  const out: FieldProblem[] = [];
  const seen = new Set<string>();
  const real = errors.filter(
    (e) => !['oneOf', 'anyOf', 'if', 'not', 'const'].includes(e.keyword) || errors.length === 1,
  );
  // A `oneOf [X, null]` failure reports "must be null" beside the real reason (at that value or inside it): drop it.
  const useful = real.filter(
    (e) =>
      !(
        e.keyword === 'type' &&
        (e.params as { type?: string }).type === 'null' &&
        real.some(
          (o) => o !== e && (o.instancePath === e.instancePath || o.instancePath.startsWith(`${e.instancePath}/`)),
        )
      ),
  );
  for (const e of useful.length ? useful : errors) {
    let problem: FieldProblem;
    const params = e.params;
    const data = valueAt(value, e.instancePath);
    if (e.keyword === 'required') problem = { key: 'required', ...fieldOf(e, String(params.missingProperty)) };
    // An empty text where one is needed is a missing value, not a wrong one (#17.18).
    else if (['minLength', 'pattern', 'format'].includes(e.keyword) && typeof data === 'string' && data.trim() === '')
      problem = { key: 'required', ...fieldOf(e) };
    else if (e.keyword === 'additionalProperties') {
      const name = String(params.additionalProperty);
      problem = { key: 'unknownField', ...fieldOf(e, name), args: [name] };
    } else if (e.keyword === 'maxLength') problem = { key: 'tooLong', ...fieldOf(e), args: ['', Number(params.limit)] };
    else if (e.keyword === 'uniqueItems') problem = { key: 'duplicateEntry', ...fieldOf(e) };
    else if (
      (e.keyword === 'pattern' || e.keyword === 'format') &&
      (params.pattern === httpUrlPattern || params.format === 'uri')
    ) {
      problem = { key: 'url', ...fieldOf(e), args: [String(data)] };
    } else if (e.keyword === 'format' && params.format === 'email')
      problem = { key: 'email', ...fieldOf(e), args: [String(data)] };
    else problem = { key: 'invalidValue', ...fieldOf(e) };
    const id = `${problem.field ?? ''}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(problem);
  }
  return out;
}

export function validate<N extends SchemaName>(name: N, value: unknown): Schemas[N] {
  const fn = validatorFor(name);
  if (!fn(value)) throw badRequest(problemsOf(fn.errors ?? [], value));
  return value;
}

/** Reads the JSON body of a request and validates it against a schema of the contract. */
export async function readJson<N extends SchemaName>(c: Context, name: N): Promise<Schemas[N]> {
  if (!isJsonContentType(c.req.header('content-type'))) throw badRequest([{ key: 'invalidJson' }], 'invalidJson');
  const buffer = await c.req.arrayBuffer();
  if (buffer.byteLength > MAX_JSON_BYTES)
    throw new ApiError(400, 'bodyTooLarge', {
      args: ['', '1 MB'],
      problems: [{ key: 'bodyTooLarge', args: ['', '1 MB'] }],
    });
  if (jsonNestsTooDeep(new Uint8Array(buffer))) throw jsonTooDeep();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    throw badRequest([{ key: 'invalidJson' }], 'invalidJson');
  }
  const value = parseJsonText(text);
  assertStorable(value);
  return validate(name, value);
}
