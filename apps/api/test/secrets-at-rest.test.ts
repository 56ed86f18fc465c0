// Secrets at rest (#29.5): a webhook's basic-auth password and signing secrets are stored sealed
// (AES-256-GCM under API_SECRETS_KEYS), so a dump of the database holds none of them readable; the
// deliveries still authenticate and sign with them; a wrong key fails closed (nothing sent, the attempt
// says why); migration 0013 seals the plain text rows written before it; a rotation re-seals every
// value under the new key, after which the old one may go.
import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { migrate, migrator } from '../src/db/database.ts';
import { apps, roles, users } from '../src/db/seed/ids.ts';
import { secretBox, SecretsError } from '../src/secrets.ts';
import { claimsOf } from '../src/services/access.ts';
import {
  openPassword,
  reencryptWebhookSecrets,
  unreadableWebhookSecrets,
  webhookSecretKeyUse,
} from '../src/webhooks/secrets.ts';
import { freshDatabase, harness, testSecrets, token, sweep, dispatcherFor, noBackoff } from './harness.ts';
import type { Harness } from './harness.ts';
import { matching } from './matchers.ts';

let h: Harness;
let admin = '';
const sent: { url: string; headers: Headers; body: string }[] = [];
const base = `/Admin/Applications/${apps.dealerOrdering}`;
const password = `pw-${randomBytes(12).toString('base64url')}`;

/** Every text, character, JSON and array column of every table, as one text: what a database dump shows. */
async function dump(db: Database): Promise<string> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
    SELECT c.table_name, c.column_name FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'bytea')
    ORDER BY 1, 2`.execute(db);
  expect(columns.map((c) => `${c.table_name}.${c.column_name}`)).toEqual(
    expect.arrayContaining([
      'webhooks.password',
      'webhooks.signing_secrets',
      'webhook_delivery_attempts.request_headers',
    ]),
  );
  const parts: string[] = [];
  for (const { table_name, column_name } of columns) {
    const { rows } = await sql<{
      v: string | null;
    }>`SELECT string_agg(${sql.ref(column_name)}::text, E'\n') AS v FROM ${sql.table(table_name)}`.execute(db);
    parts.push(rows[0]?.v ?? '');
  }
  return parts.join('\n');
}

/** Checks a signature as docs/webhooks.md tells a receiver to. */
function verifies(header: string | null, body: string, secret: string): boolean {
  const parts = (header ?? '').split(',').map((p) => p.split('='));
  const t = parts.find(([k]) => k === 't')?.[1] ?? '';
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return parts.some(([k, v]) => k === 'v1' && v === expected);
}

const fetchImpl: typeof fetch = async (url, init) => {
  sent.push({
    url: url instanceof Request ? url.url : url.toString(),
    headers: new Headers(init?.headers),
    body: await new Response(init?.body).text(),
  });
  return new Response(null, { status: 204 });
};

beforeAll(async () => {
  h = await harness({ fetchImpl });
  admin = await token({
    sub: users.globalAdmin,
    permissions: (await claimsOf(h.db, users.globalAdmin)).hkData.permissions,
  });
});
afterAll(() => h.close());

/** Sets the dealer application's webhook password through the API, as the console does. */
async function setPassword(value: string): Promise<void> {
  const before = (await (await h.request('GET', `/Applications/${apps.dealerOrdering}`, { token: admin })).json()) as {
    webhook: Record<string, unknown>;
  } & Record<string, unknown>;
  const { id: _id, adminPermissionKey: _k, released: _r, accessRequestsAmount: _n, webhook, ...input } = before;
  const { passwordSet: _p, consecutiveFailures: _c, pausedAt: _pa, ...hook } = webhook;
  const r = await h.request('PUT', `/Applications/${apps.dealerOrdering}`, {
    token: admin,
    body: { ...input, webhook: { ...hook, password: value } },
  });
  expect(r.status).toBe(200);
}

describe('webhook secrets at rest', () => {
  let signing = '';

  it('are stored sealed: a dump of every text column of the database holds no readable secret', async () => {
    await setPassword(password);
    const created = await h.request('POST', `${base}/WebhookSigningSecrets`, { token: admin });
    expect(created.status).toBe(201);
    signing = ((await created.json()) as { secret: string }).secret;
    // A delivery, so that its attempt (with its headers) is in the dump too.
    await h.request('PUT', `${base}/Users/${users.newUser}`, { token: admin, body: { roleIds: [roles.dealerViewer] } });
    expect(await sweep(h.dispatcher)).toBe(1);

    const stored = await h.db
      .selectFrom('webhooks')
      .select(['password', 'signing_secrets'])
      .where('application_id', '=', apps.dealerOrdering)
      .executeTakeFirstOrThrow();
    expect(stored.password).toMatch(/^v1:test:/);
    expect(stored.signing_secrets.map((s) => s.secret)).toEqual([matching(/^v1:test:/)]);

    const text = await dump(h.db);
    const basic = Buffer.from(`portal:${password}`).toString('base64');
    for (const secret of [password, signing, signing.slice('whsec_'.length), basic, 'demo-webhook-secret'])
      expect(text).not.toContain(secret);
    // Not even the key.
    expect(text).not.toContain(Buffer.from('api tests: secrets at rest key!!').toString('base64'));
  });

  it('still authenticate and sign every delivery (opened only to send it)', async () => {
    const delivered = sent.at(-1);
    expect(delivered?.headers.get('authorization')).toBe(
      `Basic ${Buffer.from(`portal:${password}`).toString('base64')}`,
    );
    expect(verifies(delivered?.headers.get('x-portal-signature') ?? null, delivered?.body ?? '', signing)).toBe(true);
    const listed = (await (await h.request('GET', `${base}/WebhookSigningSecrets`, { token: admin })).json()) as {
      secrets: { hint: string }[];
    };
    expect(listed.secrets.map((s) => s.hint)).toEqual([signing.slice(-4)]);
    const application = await (await h.request('GET', `/Applications/${apps.dealerOrdering}`, { token: admin })).text();
    expect(application).toContain('"passwordSet":true');
    expect(application).not.toContain(password);
    expect(application).not.toContain('v1:test:');
  });

  it('fail closed under a wrong key: nothing is sent, the attempt says why, the key never shows', async () => {
    const wrong = secretBox([{ id: 'test', key: randomBytes(32) }]);
    await h.request('PUT', `${base}/Users/${users.newUser}`, {
      token: admin,
      body: { roleIds: [roles.dealerOrderer] },
    });
    const before = sent.length;
    const dispatcher = dispatcherFor({ db: h.db, secrets: wrong, backoff: noBackoff, maxAttempts: 1, fetchImpl });
    expect(await sweep(dispatcher)).toBe(1);
    expect(sent.length).toBe(before);
    const failed = await h.db
      .selectFrom('webhook_deliveries')
      .select(['status', 'error'])
      .where('application_id', '=', apps.dealerOrdering)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(failed).toEqual({
      status: 'FAILED',
      error:
        // `secrets: `: the console says SECRET_UNAVAILABLE (#30.11, src/webhooks/errors.ts).
        "secrets: the webhook's password cannot be read: the stored secret does not decrypt with key test (a different key under that id in API_SECRETS_KEYS, or a changed value)",
    });
    expect(await unreadableWebhookSecrets(h.db, wrong)).toMatchObject({ count: 2 });
    expect(await unreadableWebhookSecrets(h.db, testSecrets)).toEqual({ count: 0, first: undefined });
    const missing = await unreadableWebhookSecrets(h.db, secretBox([{ id: 'other', key: randomBytes(32) }]));
    expect(missing.first).toBe(
      "the webhook's password cannot be read: the stored secret is encrypted with key test, which API_SECRETS_KEYS does not hold",
    );
  });

  it('move to a new key: the ring [new, old] reads both, the re-encryption seals every value with the new one', async () => {
    const next = { id: 'next', key: randomBytes(32) };
    const rotating = secretBox([next, { id: 'test', key: Buffer.from('api tests: secrets at rest key!!') }]);
    expect(await webhookSecretKeyUse(h.db)).toEqual(new Map([['test', 2]]));
    expect(await reencryptWebhookSecrets(h.db, rotating)).toBe(1);
    expect(await webhookSecretKeyUse(h.db)).toEqual(new Map([['next', 2]]));
    // Done again, nothing is left to do.
    expect(await reencryptWebhookSecrets(h.db, rotating)).toBe(0);

    // The old key may go: the new one alone opens everything, and deliveries sign as before.
    const only = secretBox([next]);
    expect(await unreadableWebhookSecrets(h.db, only)).toEqual({ count: 0, first: undefined });
    expect(await unreadableWebhookSecrets(h.db, testSecrets)).toMatchObject({ count: 2 });
    await h.request('PUT', `${base}/Users/${users.newUser}`, { token: admin, body: { roleIds: [roles.dealerViewer] } });
    const before = sent.length;
    const dispatcher = dispatcherFor({ db: h.db, secrets: only, backoff: noBackoff, fetchImpl });
    expect(await sweep(dispatcher)).toBe(1);
    const delivered = sent.at(-1);
    expect(sent.length).toBe(before + 1);
    expect(delivered?.headers.get('authorization')).toBe(
      `Basic ${Buffer.from(`portal:${password}`).toString('base64')}`,
    );
    expect(verifies(delivered?.headers.get('x-portal-signature') ?? null, delivered?.body ?? '', signing)).toBe(true);
    expect(await dump(h.db)).not.toContain(password);
  });
});

describe('migration 0013', () => {
  it('seals the plain text secrets written before it; afterwards plain text is not read', async () => {
    const { db, close } = await freshDatabase({ migrated: false });
    try {
      const migrations = migrator(db, { secrets: testSecrets });
      const to11 = await migrations.migrateTo('0011_access_governance');
      expect(to11.error).toBeUndefined();
      await sql`INSERT INTO applications (id, label, url, home_page_url, sort_number) VALUES ('legacy', 'Legacy', 'https://legacy.test', 'https://legacy.test', 1)`.execute(
        db,
      );
      await db
        .insertInto('webhooks')
        .values({
          application_id: 'legacy',
          enabled: true,
          endpoint_url: 'https://legacy.test/hook',
          username: 'portal',
          password: 'legacy-password',
          on_grant: true,
          on_remove: true,
          on_update: true,
          headers: '[]',
          key_vault_reference: null,
          signing_secrets: JSON.stringify([
            { id: 's1', secret: 'whsec_legacy', createdAt: '2026-01-01T00:00:00.000Z' },
          ]),
        })
        .execute();
      const plain = await db.selectFrom('webhooks').select('password').executeTakeFirstOrThrow();
      expect(() => openPassword(testSecrets, 'legacy', plain.password)).toThrow(SecretsError);

      await migrate(db, { secrets: testSecrets });
      expect(await dump(db)).not.toMatch(/legacy-password|whsec_legacy/);
      const sealed = await db.selectFrom('webhooks').select(['password', 'signing_secrets']).executeTakeFirstOrThrow();
      expect(openPassword(testSecrets, 'legacy', sealed.password)).toBe('legacy-password');
      expect(sealed.signing_secrets).toEqual([
        { id: 's1', secret: matching(/^v1:test:/), createdAt: '2026-01-01T00:00:00.000Z' },
      ]);
      expect(await unreadableWebhookSecrets(db, testSecrets)).toEqual({ count: 0, first: undefined });

      // Undone (down to 0011), the values are plain text again (the migration's down).
      const down = await migrations.migrateTo('0011_access_governance');
      expect(down.error).toBeUndefined();
      expect((await db.selectFrom('webhooks').select('password').executeTakeFirstOrThrow()).password).toBe(
        'legacy-password',
      );
    } finally {
      await close();
    }
  });
});
