// The webhook's secrets as stored (#29.5): its basic-auth password (`webhooks.password`) and its
// signing secrets (`webhooks.signing_secrets[].secret`) are sealed values (src/secrets.ts), each bound
// to its application (and a signing secret to its id). Every write and read of them goes through here:
// the routes seal what an administrator sets, the dispatcher opens what it sends; migration 0012 seals
// the plain text rows written before, and `reencryptWebhookSecrets` re-seals every value under the
// first key of the ring when keys rotate (`pnpm --filter @portal/api secrets reencrypt`).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { isSealed, SecretsError } from '../secrets.ts';
import type { SecretBox } from '../secrets.ts';

const passwordContext = (applicationId: string) => `webhooks.password:${applicationId}`;
const signingContext = (applicationId: string, secretId: string) =>
  `webhooks.signing_secrets:${applicationId}:${secretId}`;

/** A signing secret as stored: its value sealed. */
export interface StoredSigningSecret {
  id: string;
  secret: string;
  createdAt: string;
}

/** Opens a value, naming what it is when it does not open (the key never appears). */
function opened(box: SecretBox, sealed: string, context: string, what: string): string {
  try {
    return box.open(sealed, context);
  } catch (e) {
    if (e instanceof SecretsError) throw new SecretsError(`${what}: ${e.message}`);
    throw e;
  }
}

export function sealPassword(box: SecretBox, applicationId: string, password: string | null): string | null {
  return password === null ? null : box.seal(password, passwordContext(applicationId));
}

export function openPassword(box: SecretBox, applicationId: string, stored: string | null): string | null {
  return stored === null
    ? null
    : opened(box, stored, passwordContext(applicationId), "the webhook's password cannot be read");
}

export function sealSigningSecret(
  box: SecretBox,
  applicationId: string,
  secret: { id: string; secret: string; createdAt: string },
): StoredSigningSecret {
  return { ...secret, secret: box.seal(secret.secret, signingContext(applicationId, secret.id)) };
}

export function openSigningSecret(box: SecretBox, applicationId: string, stored: StoredSigningSecret): string {
  return opened(
    box,
    stored.secret,
    signingContext(applicationId, stored.id),
    `the webhook's signing secret ${stored.id} cannot be read`,
  );
}

/** The signing secrets of a stored row (jsonb), each checked for its shape; anything else is an unreadable row. */
export function storedSigningSecrets(value: unknown): StoredSigningSecret[] {
  if (!Array.isArray(value)) throw new SecretsError("the webhook's stored signing secrets are not a list");
  return value.map((s: unknown) => {
    const { id, secret, createdAt } = (s ?? {}) as Partial<Record<keyof StoredSigningSecret, unknown>>;
    if (typeof id !== 'string' || typeof secret !== 'string' || typeof createdAt !== 'string')
      throw new SecretsError('a stored signing secret of the webhook is not readable');
    return { id, secret, createdAt };
  });
}

interface Row {
  application_id: string;
  password: string | null;
  signing_secrets: unknown;
}

/** The row with every secret passed through `change` (plain or sealed in, sealed out); null when nothing changes. */
function changedRow(
  row: Row,
  change: (value: string, context: string) => string | undefined,
): { password: string | null; signing_secrets: StoredSigningSecret[] } | null {
  let changed = false;
  const apply = (value: string, context: string) => {
    const next = change(value, context);
    if (next === undefined) return value;
    changed = true;
    return next;
  };
  const password = row.password === null ? null : apply(row.password, passwordContext(row.application_id));
  const secrets = storedSigningSecrets(row.signing_secrets).map((s) => ({
    ...s,
    secret: apply(s.secret, signingContext(row.application_id, s.id)),
  }));
  return changed ? { password, signing_secrets: secrets } : null;
}

const BATCH = 200;

const inTransaction = <T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

/**
 * Walks the webhooks in batches of rows locked for update (a concurrent edit waits, none is lost),
 * writing back each row `change` alters; the number of rows written. Each batch is a transaction of
 * its own, or part of the caller's (a migration runs in the migrator's).
 */
async function rewriteRows(
  db: Kysely<DB>,
  change: (value: string, context: string) => string | undefined,
): Promise<number> {
  let after = '';
  let written = 0;
  for (;;) {
    const batch = await inTransaction(db, async (trx) => {
      const rows = await trx
        .selectFrom('webhooks')
        .select(['application_id', 'password', 'signing_secrets'])
        .where('application_id', '>', after)
        .orderBy('application_id')
        .limit(BATCH)
        .forUpdate()
        .execute();
      for (const row of rows) {
        const next = changedRow(row, change);
        if (next === null) continue;
        await trx
          .updateTable('webhooks')
          .set({ password: next.password, signing_secrets: JSON.stringify(next.signing_secrets) })
          .where('application_id', '=', row.application_id)
          .execute();
        written += 1;
      }
      return rows;
    });
    const last = batch.at(-1);
    if (!last || batch.length < BATCH) return written;
    after = last.application_id;
  }
}

/**
 * Migration 0012: seals the plain text secrets written before it (a value already sealed is left).
 * The only place that reads a plain text secret from the database.
 */
export function sealPlainWebhookSecrets(db: Kysely<unknown>, box: SecretBox): Promise<number> {
  return rewriteRows(db, (value, context) => (isSealed(value) ? undefined : box.seal(value, context)));
}

/** Migration 0012 undone: every sealed secret back to plain text (needs the keys it was sealed with). */
export function openSealedWebhookSecrets(db: Kysely<unknown>, box: SecretBox): Promise<number> {
  return rewriteRows(db, (value, context) => (isSealed(value) ? box.open(value, context) : undefined));
}

/**
 * Key rotation: every secret sealed under a key other than the first is opened and sealed again under
 * the first; the number of webhooks rewritten. A value that does not open stops it (SecretsError).
 */
export function reencryptWebhookSecrets(db: Database, box: SecretBox): Promise<number> {
  const current = box.keyIds[0];
  return rewriteRows(db, (value, context) => {
    if (!isSealed(value)) throw new SecretsError('a stored webhook secret is not encrypted (migration 0012 not run?)');
    return box.keyIdOf(value) === current ? undefined : box.seal(box.open(value, context), context);
  });
}

/** How many stored secrets each key seals (the ids of keys still in use: a key may be removed once it has none). */
export async function webhookSecretKeyUse(db: Database): Promise<Map<string, number>> {
  const { rows } = await sql<{ key_id: string; count: string }>`
    SELECT split_part(value, ':', 2) AS key_id, count(*)::text AS count FROM (
      SELECT password AS value FROM webhooks WHERE password IS NOT NULL
      UNION ALL
      SELECT s->>'secret' FROM webhooks, jsonb_array_elements(signing_secrets) AS s
    ) AS stored GROUP BY 1 ORDER BY 1`.execute(db);
  return new Map(rows.map((r) => [r.key_id, Number(r.count)]));
}

/**
 * Opens every stored secret once (the start checks the key ring so: a key missing or wrong stops it,
 * instead of failing deliveries later); the number that do not open and the first one's message.
 */
export async function unreadableWebhookSecrets(
  db: Database,
  box: SecretBox,
): Promise<{ count: number; first: string | undefined }> {
  const rows = await db.selectFrom('webhooks').select(['application_id', 'password', 'signing_secrets']).execute();
  let count = 0;
  let first: string | undefined;
  const check = (read: () => unknown) => {
    try {
      read();
    } catch (e) {
      if (!(e instanceof SecretsError)) throw e;
      count += 1;
      first ??= e.message;
    }
  };
  for (const row of rows) {
    check(() => openPassword(box, row.application_id, row.password));
    check(() => {
      for (const s of storedSigningSecrets(row.signing_secrets)) openSigningSecret(box, row.application_id, s);
    });
  }
  return { count, first };
}
