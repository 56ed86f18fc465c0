// A JSON body nested deeper than core's limit (#28.2) is refused with 400 `validation.jsonDepth`
// before it is parsed or walked, on every route that reads JSON, in the caller's language; the
// server meanwhile goes on answering: a /health sent beside a deep body is answered, and so is
// the next request on the connection that carried it.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBodyMaxDepth } from '@portal/core';
import { apps, users } from '../src/db/seed/ids.ts';
import { listen } from '../src/server.ts';
import { claimsOf } from '../src/services/access.ts';
import { checkResponse } from './openapi.ts';
import { harness, token } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
let admin = '';
let partner = '';

beforeAll(async () => {
  h = await harness();
  const t = async (id: string) => token({ sub: id, permissions: (await claimsOf(h.db, id)).hkData.permissions });
  admin = await t(users.globalAdmin);
  partner = await t(users.partner);
});
afterAll(() => h.close());

const nested = (depth: number, inner = '') => '['.repeat(depth) + inner + ']'.repeat(depth);
/** Depth 20,000: 40 KB that once held the event loop for seconds. */
const deep = nested(20_000);

interface ErrorBody {
  error: { code: string; message: string; errors: { message: string; field?: string }[] };
}

const messages = {
  de: 'Der Inhalt ist zu tief verschachtelt (höchstens 64 Ebenen).',
  en: 'The body is nested too deeply (at most 64 levels).',
  fr: 'Le contenu est trop profondément imbriqué (au maximum 64 niveaux).',
  es: 'El contenido está anidado a demasiada profundidad (como máximo 64 niveles).',
  it: 'Il contenuto è annidato troppo in profondità (al massimo 64 livelli).',
  nl: 'De inhoud is te diep genest (maximaal 64 niveaus).',
  pl: 'Treść jest zbyt głęboko zagnieżdżona (maksymalnie 64 poziomów).',
};

describe('a JSON body nested too deeply (#28.2)', () => {
  it('is refused at PUT /My/Profile with 400 validation.jsonDepth in each language, and nothing changes', async () => {
    expect(jsonBodyMaxDepth).toBe(64);
    const before: unknown = await (await h.request('GET', '/My/Profile', { token: partner })).json();
    for (const [lang, message] of Object.entries(messages)) {
      const answer = await h.request('PUT', '/My/Profile', {
        token: partner,
        rawBody: deep,
        headers: { 'content-type': 'application/json', lang },
      });
      expect(answer.status).toBe(400);
      const body = await checkResponse<ErrorBody>('PUT', '/My/Profile', answer);
      expect(body.error).toEqual({ code: 'validation.jsonDepth', message, errors: [{ message }] });
    }
    expect(await (await h.request('GET', '/My/Profile', { token: partner })).json()).toEqual(before);
  });

  it('reads a body at the limit (then judged by the schema) and refuses one level more', async () => {
    const profile = (depth: number) =>
      `{"firstName":${nested(depth - 1, '"x"')},"lastName":"Partner","companyName":null,"address":{},"language":"de"}`;
    const send = (rawBody: string) =>
      h.request('PUT', '/My/Profile', { token: partner, rawBody, headers: { 'content-type': 'application/json' } });
    const atLimit = (await (await send(profile(jsonBodyMaxDepth))).json()) as ErrorBody;
    expect(atLimit.error.code).toBe('400');
    expect(atLimit.error.errors).toEqual([{ message: 'Ungültige Eingabe', field: 'firstName' }]);
    const over = (await (await send(profile(jsonBodyMaxDepth + 1))).json()) as ErrorBody;
    expect(over.error.code).toBe('validation.jsonDepth');
  });

  it.each([
    ['the CSV import', 'POST', `/Admin/Applications/${apps.dealerOrdering}/Users/Import`, `{"rows":${deep}}`],
    ['the webhook settings', 'PUT', `/Applications/${apps.dealerOrdering}`, `{"webhook":{"headers":${deep}}}`],
    ['a bulk action', 'POST', '/Users/BulkDelete', `{"ids":${deep}}`],
  ])('is refused the same way by %s', async (_, method, path, rawBody) => {
    const answer = await h.request(method, path, {
      token: admin,
      rawBody,
      headers: { 'content-type': 'application/json', lang: 'en' },
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as ErrorBody).error.code).toBe('validation.jsonDepth');
  });
});

describe('the server answers beside a deep body (#28.2)', () => {
  let server: ReturnType<typeof listen>;
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      server = listen(h.app, { port: 0, hostname: '127.0.0.1', onListening: () => resolve() });
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** One request on a connection of its own; the answer's status and body. */
  const send = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });

  it('answers /health sent beside deep bodies, and every deep body with its refusal', async () => {
    const headers = { authorization: `Bearer ${partner}`, 'content-type': 'application/json' };
    const deepOnes = Array.from({ length: 8 }, () => send('PUT', '/My/Profile', headers, deep));
    const healths = Array.from({ length: 8 }, () => send('GET', '/health'));
    for (const answer of await Promise.all(healths)) expect(answer).toEqual({ status: 200, body: '{"status":"ok"}' });
    for (const answer of await Promise.all(deepOnes)) {
      expect(answer.status).toBe(400);
      expect((JSON.parse(answer.body) as ErrorBody).error.code).toBe('validation.jsonDepth');
    }
    expect((await send('GET', '/health')).status).toBe(200);
  });
});
