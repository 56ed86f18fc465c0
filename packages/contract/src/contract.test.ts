import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { dialectSensitiveKeywords, generateAll } from '../scripts/generate.ts';
import { maximum, maxLength } from './generated/limits.ts';

const root = join(import.meta.dirname, '..');
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };
const isObj = (v: Json | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const text = await readFile(join(root, 'openapi', 'portal.openapi.yaml'), 'utf8');
const doc = parse(text, { uniqueKeys: true }) as Obj;
const paths = doc.paths as Obj;
const methods = ['get', 'put', 'post', 'delete', 'patch'] as const;

function operations(): { path: string; method: string; op: Obj }[] {
  const out: { path: string; method: string; op: Obj }[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isObj(item)) continue;
    for (const method of methods) {
      const op = item[method];
      if (isObj(op)) out.push({ path, method, op });
    }
  }
  return out;
}

function resolve(ref: string): Json | undefined {
  const parts = ref.replace(/^#\//, '').split('/');
  let node: Json | undefined = doc;
  for (const part of parts) node = isObj(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return node;
}

function refs(node: Json, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const child of node) refs(child, out);
  else if (isObj(node))
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value);
      else refs(value, out);
    }
  return out;
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it('has every call of section 7 of the specification and the architecture decisions', () => {
    const want = [
      'get /Admin/Applications',
      'get /Admin/Applications/{id}/AccessRequests',
      'get /Admin/Applications/AccessRequests/{id}',
      'put /Admin/Applications/AccessRequests/{id}',
      'get /Admin/Applications/{id}/Users',
      'get /Admin/Applications/{id}/Users/{userId}',
      'put /Admin/Applications/{id}/Users/{userId}',
      'delete /Admin/Applications/{id}/Users/{userId}',
      'get /Admin/Applications/{id}/Selections/Roles',
      'get /Admin/Applications/{id}/Selections/AccountAccesses',
      'post /Applications/Image',
      'get /AuthCheck',
      'post /AuthCheck',
      'get /CustomFlow/{id}',
      'post /CustomFlow/{id}',
      'get /My/Applications',
      'get /My/Applications/{id}',
      'put /My/Attributes',
      'get /My/Applications/Branding/{clientId}',
      'post /My/Applications/{id}/AccessRequest',
      'get /My/Profile',
      'put /My/Profile',
      'get /Users',
      'get /Users/{id}',
      'delete /Users/{id}',
      'get /Internal/Users/{id}/Claims',
      'get /Internal/AuthCheck',
      'put /Internal/Users/{id}/Email',
    ];
    for (const entity of ['Applications', 'Attributes', 'Permissions', 'Roles', 'AccountAccesses', 'CustomFlows']) {
      want.push(
        `get /${entity}`,
        `post /${entity}`,
        `get /${entity}/{id}`,
        `put /${entity}/{id}`,
        `delete /${entity}/{id}`,
        `get /${entity}/{id}/History`,
      );
    }
    const have = new Set(operations().map(({ path, method }) => `${method} ${path}`));
    expect(want.filter((w) => !have.has(w))).toEqual([]);
  });

  it('names every operation uniquely and answers every failure with the error shape', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { op } of operations()) {
      const responses = op.responses as Obj;
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400) continue;
        expect(
          isObj(response) && typeof response.$ref === 'string' && response.$ref.startsWith('#/components/responses/'),
        ).toBe(true);
      }
    }
  });

  it('resolves every $ref', () => {
    const missing = refs(doc).filter((ref) => resolve(ref) === undefined);
    expect(missing).toEqual([]);
  });

  it('gives every list the paging parameters and the { items, total } answer', () => {
    for (const { path, method, op } of operations()) {
      const ok = (op.responses as Obj)['200'];
      const schemaRef = isObj(ok) ? refs(ok)[0] : undefined;
      const target = schemaRef ? resolve(schemaRef) : undefined;
      const schema = isObj(target) && isObj(target.content) ? refs(target)[0] : schemaRef;
      const body = schema ? resolve(schema) : undefined;
      if (!isObj(body) || !isObj(body.properties) || !('items' in body.properties)) continue;
      const names = refs(op.parameters ?? [])
        .map((r) => {
          const p = resolve(r);
          return isObj(p) ? p.name : undefined;
        })
        .concat(((op.parameters ?? []) as Json[]).map((p) => (isObj(p) ? p.name : undefined)));
      expect(names, `${method} ${path}`).toContain('page');
      expect(names, `${method} ${path}`).toContain('pageSize');
      // A list may say more about itself (the notifications' unread count), never less.
      expect(body.required, `${method} ${path}`).toEqual(expect.arrayContaining(['items', 'total']));
    }
  });

  it('keeps the webhook password write-only', () => {
    const schemas = (doc.components as Obj).schemas as Obj;
    const webhook = schemas.Webhook as Obj;
    expect(Object.keys(webhook.properties as Obj)).not.toContain('password');
    expect(((schemas.WebhookInput as Obj).properties as Obj).password).toMatchObject({ writeOnly: true });
  });

  it('declares the lang header of section 7 on every operation (#17.9)', () => {
    const lang = resolve('#/components/parameters/Lang');
    expect(lang).toMatchObject({
      name: 'lang',
      in: 'header',
      required: false,
      schema: { $ref: '#/components/schemas/Language' },
    });
    const without = operations()
      .filter(({ op }) => !refs(op.parameters ?? []).includes('#/components/parameters/Lang'))
      .map(({ path, method }) => `${method} ${path}`);
    expect(without).toEqual([]);
  });

  it("declares the headers the API sends: the logo's type and protection, Retry-After with every 503 (#17.9)", () => {
    const logo = ((paths['/Applications/Image/{imageId}'] as Obj).get as Obj).responses as Obj;
    const ok = logo['200'] as Obj;
    expect(Object.keys(ok.content as Obj)).toEqual(['image/svg+xml']);
    expect(Object.keys(ok.headers as Obj).sort()).toEqual([
      'Cache-Control',
      'Content-Security-Policy',
      'Cross-Origin-Resource-Policy',
      'X-Content-Type-Options',
    ]);
    const unavailable = resolve('#/components/responses/Unavailable') as Obj;
    expect((unavailable.headers as Obj)['Retry-After']).toMatchObject({ required: true, schema: { type: 'integer' } });
    const without = operations()
      .filter(
        ({ op }) =>
          (op.responses as Obj)['503'] === undefined ||
          (op.responses as Obj)['503'] === null ||
          refs((op.responses as Obj)['503'] as Json)[0] !== '#/components/responses/Unavailable',
      )
      .map(({ path, method }) => `${method} ${path}`);
    expect(without).toEqual([]);
  });

  it('marks the anonymous and internal calls', () => {
    const byId = new Map(operations().map(({ op }) => [op.operationId, op]));
    expect(byId.get('getApplicationBranding')?.security).toEqual([]);
    expect(byId.get('getInternalUserClaims')?.security).toEqual([{ internalBearer: [] }]);
    expect(doc.security).toEqual([{ bearer: [] }]);
  });
});

function keysOf(node: Json, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) for (const child of node) keysOf(child, out);
  else if (isObj(node))
    for (const [key, value] of Object.entries(node)) {
      out.add(key);
      keysOf(value, out);
    }
  return out;
}

describe('the generated types and validators', () => {
  it('match the document (no drift)', async () => {
    for (const [name, text] of Object.entries(await generateAll())) {
      const committed = await readFile(join(root, 'src', 'generated', name), 'utf8');
      expect(committed === text, `src/generated/${name}`).toBe(true);
    }
  });

  it("state the limits as values; the justification's limit a request's requirements answer is the input's (ADR 0024)", () => {
    expect(maxLength.schemas.MyAccessRequestInput.justification).toBe(1000);
    expect(maxLength.schemas.Label).toBe(200);
    expect(maxLength.parameters.Search).toBe(200);
    expect(maximum.schemas.ApplicationInput.maxAccessDays).toBe(3650);
    expect(maximum.schemas.Application.maxAccessDays).toBe(maximum.schemas.ApplicationInput.maxAccessDays);
    const schemas = (doc.components as Obj).schemas as Obj;
    const stated = ((schemas.MyRequestRequirements as Obj).properties as Obj).justificationMaxLength as Obj;
    expect(stated.const).toBe(maxLength.schemas.MyAccessRequestInput.justification);
  });

  it("use no keyword whose meaning differs between draft 2020-12 and the validators' dialect (ADR 0015)", () => {
    const used = keysOf(doc.components ?? null);
    expect(dialectSensitiveKeywords.filter((keyword) => used.has(keyword))).toEqual([]);
    // `items` as a list of schemas (draft-07's tuples) is `prefixItems` in 2020-12.
    const tupleItems = (node: Json): boolean =>
      Array.isArray(node)
        ? node.some(tupleItems)
        : isObj(node) &&
          Object.entries(node).some(([key, value]) => (key === 'items' && Array.isArray(value)) || tupleItems(value));
    expect(tupleItems(doc.components ?? null)).toBe(false);
  });
});
