// One route table, one contract (docs/contributing.md): every route the API serves is an
// operation of the OpenAPI document, and every operation of the document is served. A new
// route that misses its contract entry (or a contract entry without its route) fails here;
// contract.test.ts then demands a successful call of each operation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.ts';
import { allOperations } from './openapi.ts';

let h: Harness;
beforeAll(async () => {
  h = await harness({ seed: false });
});
afterAll(() => h.close());

/** `GET /Users/:id` → `GET /Users/{…}`: the names of path parameters may differ, their places not. */
const shape = (operation: string) => operation.replace(/:[A-Za-z]+|\{[A-Za-z]+\}/g, '{}');

describe('routes and the contract', () => {
  it('serve exactly the operations of the document', () => {
    const served = new Set(h.app.routes.filter((r) => r.method !== 'ALL').map((r) => shape(`${r.method} ${r.path}`)));
    const documented = new Set(allOperations().map(shape));
    expect([...served].filter((o) => !documented.has(o)).sort()).toEqual([]);
    expect([...documented].filter((o) => !served.has(o)).sort()).toEqual([]);
  });
});
