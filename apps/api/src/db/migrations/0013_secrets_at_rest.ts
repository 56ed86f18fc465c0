// Secrets at rest (#29.5): the webhooks' basic-auth passwords and signing secrets written in plain text
// before are sealed with the first key of API_SECRETS_KEYS (src/webhooks/secrets.ts). Unlike the other
// migrations it needs the key ring, so it is made for one (`migrate(db, { secrets })`). The columns keep
// their types: a sealed value is text (`v1:<key id>:<iv>:<ciphertext>:<tag>`).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { SecretBox } from '../../secrets.ts';
import { openSealedWebhookSecrets, sealPlainWebhookSecrets } from '../../webhooks/secrets.ts';

export function secretsAtRest(secrets: SecretBox): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sealPlainWebhookSecrets(db, secrets);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await openSealedWebhookSecrets(db, secrets);
    },
  };
}
