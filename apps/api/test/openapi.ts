// Validates real answers of the API against the OpenAPI document of @portal/contract and
// records which operations were exercised.
import { expect } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { openApiDocument } from '../src/http/contract.ts';
import type { Harness } from './harness.ts';

type AddFormats = (ajv: Ajv2020) => Ajv2020;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ??
  addFormatsModule) as unknown as AddFormats;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);
ajv.addFormat('binary', true);
ajv.addKeyword({ keyword: 'discriminator' });
ajv.addSchema({ ...openApiDocument, $id: 'doc.json' }, 'doc.json');

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const pointer = (parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

const METHODS = ['get', 'put', 'post', 'delete'] as const;

export function allOperations(): string[] {
  const out: string[] = [];
  for (const [path, item] of Object.entries(openApiDocument.paths)) {
    for (const m of METHODS) if (isObj(item[m])) out.push(`${m.toUpperCase()} ${path}`);
  }
  return out;
}

/** Finds the path template of the document that a concrete path matches. */
function templateOf(method: string, path: string): string {
  const clean = path.replace(/^https?:\/\/[^/]+/, '').split('?')[0] ?? path;
  const candidates = Object.keys(openApiDocument.paths).filter((t) =>
    isObj(openApiDocument.paths[t]?.[method.toLowerCase()]),
  );
  const match = candidates
    .filter((t) => new RegExp(`^${t.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(clean))
    .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))[0];
  if (!match) throw new Error(`${method} ${clean} is not in the OpenAPI document`);
  return match;
}

export const covered = new Map<string, Set<number>>();

/**
 * A call through the harness whose answer is checked against the document and read as `T`
 * (the contract's type for the status the test expects): the suites' `call` helpers share it.
 */
export async function checkedCall<T = unknown>(
  h: Pick<Harness, 'request'>,
  method: string,
  path: string,
  init: Parameters<Harness['request']>[2] = {},
): Promise<{ status: number; body: T }> {
  const response = await h.request(method, path, init);
  return { status: response.status, body: await checkResponse<T>(method, path, response) };
}

/**
 * Checks `response` against the document (its status is listed, its required headers are there, its body
 * matches the schema) and returns the body: the JSON, the text of another type, or undefined without one.
 * `T` names the contract's type the caller expects (`Schema<'Application'>`, `ApiError`): the check
 * has just shown the body is one, so the tests read it typed (#31.6).
 */
export async function checkResponse<T = unknown>(method: string, path: string, response: Response): Promise<T> {
  const template = templateOf(method, path);
  const op = openApiDocument.paths[template]?.[method.toLowerCase()] as Obj;
  const responses = op.responses as Obj;
  const status = String(response.status);
  expect(Object.keys(responses), `${method} ${path} answered ${status}, which the document does not list`).toContain(
    status,
  );
  const key = `${method.toUpperCase()} ${template}`;
  const set = covered.get(key) ?? new Set<number>();
  set.add(response.status);
  covered.set(key, set);
  let res = responses[status] as Obj;
  let base = ['#', 'paths', template, method.toLowerCase(), 'responses', status];
  if (typeof res.$ref === 'string') {
    base = res.$ref.split('/');
    const name = base[base.length - 1] ?? '';
    res = (openApiDocument.components.responses as Obj)[name] as Obj;
  }
  // Every header the document says the answer carries is there (Retry-After, the logo's protection).
  for (const [name, header] of Object.entries((res.headers as Obj | undefined) ?? {})) {
    if (isObj(header) && header.required === true)
      expect(response.headers.has(name), `${method} ${path} ${status}: header ${name}`).toBe(true);
  }
  const content = res.content as Obj | undefined;
  if (!content) {
    expect(await response.text()).toBe('');
    return undefined as T;
  }
  const type = Object.keys(content)[0] ?? '';
  expect(response.headers.get('content-type') ?? '').toContain(type.split(';')[0]);
  if (type !== 'application/json') return (await response.text()) as T;
  const body: unknown = await response.json();
  const schemaPointer = `doc.json${pointer(['', ...base.slice(1), 'content', type, 'schema']).replace(/^/, '#')}`;
  const validate = ajv.getSchema(schemaPointer);
  if (!validate) throw new Error(`no schema at ${schemaPointer}`);
  const ok = validate(body);
  expect(
    ok,
    `${method} ${path} ${status}: ${JSON.stringify(validate.errors?.slice(0, 3))}\n${JSON.stringify(body).slice(0, 800)}`,
  ).toBe(true);
  return body as T;
}
