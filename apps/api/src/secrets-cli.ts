// pnpm --filter @portal/api secrets <command>: the key ring of secrets at rest (#29.5, docs/webhooks.md).
//   status           which keys seal the stored webhook secrets (a key may leave API_SECRETS_KEYS once none)
//   reencrypt        seals every stored secret under the first key of API_SECRETS_KEYS
//   new-key <id>     prints a fresh key entry `<id>=<base64 of 32 random bytes>` for API_SECRETS_KEYS
// Reads the environment as the API does (API_DATA_DIR or DATABASE_URL, API_SECRETS_KEYS); prints key
// ids and counts only, never a key or a secret.
import { randomBytes } from 'node:crypto';
import { configOrExit } from './config.ts';
import { migrate, openDatabase } from './db/database.ts';
import { reencryptWebhookSecrets, webhookSecretKeyUse } from './webhooks/secrets.ts';

const [command, arg] = process.argv.slice(2);
if (command === 'new-key') {
  if (!arg || !/^[A-Za-z0-9_-]{1,32}$/.test(arg)) {
    console.error('usage: secrets new-key <id> (letters, digits, _ or -, up to 32)');
    process.exit(2);
  }
  console.log(`${arg}=${randomBytes(32).toString('base64')}`);
  process.exit(0);
}
if (command !== 'status' && command !== 'reencrypt') {
  console.error('usage: secrets status | reencrypt | new-key <id>');
  process.exit(2);
}
const config = configOrExit();
const { secrets } = config;
const db = await openDatabase({ dataDir: config.dataDir, connectionString: config.databaseUrl });
try {
  await migrate(db, { secrets });
  if (command === 'reencrypt') {
    const rewritten = await reencryptWebhookSecrets(db, secrets);
    console.log(`re-encrypted the secrets of ${rewritten} webhook(s) with key ${secrets.keyIds[0] ?? ''}`);
  }
  const use = await webhookSecretKeyUse(db);
  const lines = [...use].map(
    ([id, n]) => `  ${id}: ${n} secret(s)${secrets.keyIds.includes(id) ? '' : ' (not in API_SECRETS_KEYS)'}`,
  );
  console.log(lines.length ? `stored webhook secrets by key:\n${lines.join('\n')}` : 'no stored webhook secrets');
  const unused = secrets.keyIds.slice(1).filter((id) => !use.has(id));
  if (unused.length) console.log(`no longer in use (may leave API_SECRETS_KEYS): ${unused.join(', ')}`);
} catch (e) {
  console.error(`secrets: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
