// One signing key set for every policy (as in a B2C tenant), generated on first start
// and kept in the data directory, plus the secret that signs the provider's cookies.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK, type SignJWT } from 'jose';

export type SigningKey = Parameters<SignJWT['sign']>[0];

export interface KeyMaterial {
  /** Private JWKs, for oidc-provider's `jwks` option. */
  privateJwks: { keys: JWK[] };
  /** Signing key of the first JWK, for the internal tokens sent to the API. */
  signingKey: SigningKey;
  kid: string;
  cookieKeys: string[];
}

interface StoredKeys {
  keys: JWK[];
  cookieKeys: string[];
}

async function createKeys(): Promise<StoredKeys> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return {
    keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }],
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
}

export async function loadKeys(dataDir: string): Promise<KeyMaterial> {
  await mkdir(dataDir, { recursive: true });
  const file = join(dataDir, 'keys.json');
  let stored: StoredKeys;
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as StoredKeys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    stored = await createKeys();
    await writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600, flag: 'wx' }).catch(
      async (e: NodeJS.ErrnoException) => {
        // Another process wrote it first: use theirs.
        if (e.code !== 'EEXIST') throw e;
        stored = JSON.parse(await readFile(file, 'utf8')) as StoredKeys;
      },
    );
  }
  const first = stored.keys[0];
  if (!first?.kid) throw new Error(`${file} holds no signing key`);
  const signingKey: SigningKey = await importJWK(first, 'RS256');
  return { privateJwks: { keys: stored.keys }, signingKey, kid: first.kid, cookieKeys: stored.cookieKeys };
}
