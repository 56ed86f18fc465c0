// A database out of reach is a 503 with Retry-After (declared in the contract, #17.9), in the
// caller's language; the API answers again once the database is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/database.ts';
import { users } from '../src/db/seed/ids.ts';
import { checkResponse } from './openapi.ts';
import { PORTAL, testAuthenticator, testSecrets, token } from './harness.ts';

let db: Database;
let app: ReturnType<typeof createApp>;
let admin = '';

beforeAll(async () => {
  // Port 1 on loopback: nobody listens, the connection is refused at once.
  db = await openDatabase({ connectionString: 'postgres://nobody:nothing@127.0.0.1:1/none' });
  app = createApp({
    db,
    auth: testAuthenticator(),
    onWebhookQueued: () => undefined,
    // No job is submitted here: no runner.
    jobs: { wake: () => undefined, settled: async () => undefined, running: () => undefined, answerWaitMs: 0 },
    allowHttpWebhooks: true,
    publicUrl: 'http://localhost:4900',
    secrets: testSecrets,
    corsOrigins: [PORTAL],
  });
  admin = await token({ sub: users.globalAdmin, permissions: ['all_users.read', 'applications.write'] });
});
afterAll(() => db.destroy());

describe('the database out of reach (#17.9)', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/health'],
    ['GET', '/Users'],
    ['GET', '/My/Applications'],
    ['POST', '/Applications', { label: 'x', url: 'https://x.example.test' }],
  ];
  for (const [method, path, body] of calls) {
    it(`${method} ${path} answers 503 with Retry-After`, async () => {
      const response = await app.request(path, {
        method,
        headers: {
          authorization: `Bearer ${admin}`,
          lang: 'en',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      expect(response.status).toBe(503);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      const answer = await checkResponse<{ error: { code: string; message: string } }>(method, path, response);
      expect(answer.error).toMatchObject({
        code: '503',
        message: 'The service cannot be reached right now. Please try again shortly.',
      });
    });
  }

  it("a page on the portal's origin may read Retry-After (CORS)", async () => {
    const response = await app.request('/Users', { headers: { authorization: `Bearer ${admin}`, origin: PORTAL } });
    expect(response.status).toBe(503);
    expect(response.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('retry-after');
  });
});
