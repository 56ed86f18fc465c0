// Secrets at rest (#29.5): values the API must be able to read back (a webhook's basic-auth password,
// its signing secrets) are stored encrypted with AES-256-GCM (node:crypto) under a key from the
// configuration, never in plain text. A sealed value reads
//
//   v1:<key id>:<iv>:<ciphertext>:<tag>        (iv 96 bits, random per value; tag 128 bits; base64url)
//
// and is bound to where it is stored (`context`, e.g. the application's id), as GCM's additional data
// together with the version and key id: a value copied to another row or relabelled with another key id
// does not open. The key ring holds several keys for rotation: the first seals, any opens. Nothing here
// ever puts key material in a message, a log line or an answer; errors name the key by its id only.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { inspect } from 'node:util';

const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** A key's id: letters, digits, `_` and `-`, up to 32 (it is part of every sealed value). */
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const SEALED = /^v1:([A-Za-z0-9_-]{1,32}):([A-Za-z0-9_-]{16}):([A-Za-z0-9_-]*):([A-Za-z0-9_-]{22})$/;

/** A secret could not be sealed or opened, or the key ring is not usable: the message names no key material. */
export class SecretsError extends Error {
  override name = 'SecretsError';
}

export interface SecretKey {
  readonly id: string;
  readonly key: Uint8Array;
}

export interface SecretBox {
  /** The keys' ids, the sealing key first. */
  readonly keyIds: readonly string[];
  /** `plain` sealed under the first key, bound to `context`. */
  seal(plain: string, context: string): string;
  /** The plain text of a value sealed under any key of the ring for `context`; throws SecretsError otherwise. */
  open(sealed: string, context: string): string;
  /** The id of the key a value is sealed with, undefined when it is not a sealed value. */
  keyIdOf(value: string): string | undefined;
  /** What it shows when printed: its key ids, never a key. */
  toString(): string;
}

/** Whether a stored value has the form of a sealed value (plain text does not; migration 0012 tells them apart so). */
export function isSealed(value: string): boolean {
  return SEALED.test(value);
}

/**
 * The key ring of `API_SECRETS_KEYS`: `<id>=<base64 of 32 bytes>` entries separated by commas (or
 * white space), the sealing key first, e.g. `2026b=…,2026a=…` while rotating from 2026a to 2026b.
 */
export function parseSecretKeys(text: string): SecretKey[] {
  const entries = text
    .split(/[\s,]+/)
    .map((e) => e.trim())
    .filter((e) => e !== '');
  if (entries.length === 0) throw new SecretsError('API_SECRETS_KEYS holds no key');
  const keys: SecretKey[] = [];
  entries.forEach((entry, i) => {
    const at = entry.indexOf('=');
    const id = at < 0 ? '' : entry.slice(0, at);
    if (!KEY_ID.test(id))
      throw new SecretsError(
        `API_SECRETS_KEYS entry ${i + 1} must read <id>=<base64 key>, the id of letters, digits, _ or - (up to 32)`,
      );
    const encoded = entry.slice(at + 1);
    const key = /^[A-Za-z0-9+/_-]+={0,2}$/.test(encoded) ? Buffer.from(encoded, 'base64') : Buffer.alloc(0);
    if (key.length !== KEY_BYTES)
      throw new SecretsError(
        `API_SECRETS_KEYS key ${id} must be ${KEY_BYTES} bytes in base64 (openssl rand -base64 32)`,
      );
    if (keys.some((k) => k.id === id)) throw new SecretsError(`API_SECRETS_KEYS names key ${id} twice`);
    keys.push({ id, key });
  });
  return keys;
}

const additionalData = (keyId: string, context: string) => Buffer.from(`${VERSION}:${keyId}:${context}`, 'utf8');

/** A box over the key ring (the first key seals). The keys stay inside it: printing or serialising it shows only their ids. */
export function secretBox(ring: readonly SecretKey[]): SecretBox {
  const first = ring[0];
  if (first === undefined) throw new SecretsError('API_SECRETS_KEYS holds no key');
  const keys = new Map<string, Buffer>();
  for (const k of ring) {
    if (!KEY_ID.test(k.id)) throw new SecretsError(`the secrets key id ${JSON.stringify(k.id)} is not valid`);
    if (k.key.length !== KEY_BYTES) throw new SecretsError(`the secrets key ${k.id} is not ${KEY_BYTES} bytes long`);
    if (keys.has(k.id)) throw new SecretsError(`the secrets key ${k.id} is given twice`);
    keys.set(k.id, Buffer.from(k.key));
  }
  const keyIds = ring.map((k) => k.id);
  const shown = `SecretBox(keys: ${keyIds.join(', ')})`;

  const box = {
    keyIds,
    seal(plain: string, context: string) {
      const key = keys.get(first.id);
      if (!key) throw new SecretsError(`the secrets key ${first.id} is missing`);
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(additionalData(first.id, context));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [
        VERSION,
        first.id,
        iv.toString('base64url'),
        ciphertext.toString('base64url'),
        tag.toString('base64url'),
      ].join(':');
    },
    open(sealed: string, context: string) {
      const parts = SEALED.exec(sealed);
      if (!parts) throw new SecretsError('the stored secret is not an encrypted value');
      const [, keyId = '', iv = '', ciphertext = '', tag = ''] = parts;
      const key = keys.get(keyId);
      if (!key)
        throw new SecretsError(
          `the stored secret is encrypted with key ${keyId}, which API_SECRETS_KEYS does not hold`,
        );
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(additionalData(keyId, context));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        // Wrong key bytes under a known id, a changed value, or a value of another row: nothing is returned.
        throw new SecretsError(
          `the stored secret does not decrypt with key ${keyId} (a different key under that id in API_SECRETS_KEYS, or a changed value)`,
        );
      }
    },
    keyIdOf(value: string) {
      return SEALED.exec(value)?.[1];
    },
    toString: () => shown,
    toJSON: () => shown,
    [inspect.custom]: () => shown,
  };
  return box;
}

/**
 * The development key ring used when `API_SECRETS_KEYS` is not set outside production: a key known to
 * everyone who reads this file, so it protects nothing. Production refuses it (`readConfig`).
 */
export const DEVELOPMENT_KEY_ID = 'development';
export const developmentKeys: readonly SecretKey[] = [
  { id: DEVELOPMENT_KEY_ID, key: Buffer.from('portal-api development key 2026!', 'utf8') },
];
