// The signing secrets of an application's webhook (/Admin/Applications/:id/WebhookSigningSecrets, #20.2): listed by
// their last four characters, one created (shown once), one deleted; at most two, stored sealed (#29.5).
import { Hono } from 'hono';
import type { Selectable, Transaction } from 'kysely';
import { randomBytes } from 'node:crypto';
import { newId } from '../../context.ts';
import type { AppEnv, Deps } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { openSigningSecret, sealSigningSecret } from '../../webhooks/secrets.ts';
import { guards, recordWebhookChange, webhookOf, type S } from './shared.ts';

type SigningSecret = Selectable<DB['webhooks']>['signing_secrets'][number];

export function signingSecretRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const { administered } = guards(deps);

  /** The application's webhook signing secrets, locked until `trx` ends (none: no webhook). */
  const lockedSecrets = (trx: Transaction<DB>, applicationId: string) =>
    trx
      .selectFrom('webhooks')
      .select('signing_secrets')
      .where('application_id', '=', applicationId)
      .forUpdate()
      .executeTakeFirst();
  const storeSecrets = (trx: Transaction<DB>, applicationId: string, secrets: readonly SigningSecret[]) =>
    trx
      .updateTable('webhooks')
      .set({ signing_secrets: JSON.stringify(secrets) })
      .where('application_id', '=', applicationId)
      .execute();

  /** A secret as listed: its last four characters (opened from the sealed value) tell it apart. */
  const secretView = (s: SigningSecret, plain: string) => ({
    id: s.id,
    createdAt: s.createdAt,
    hint: plain.slice(-4),
  });

  app.get('/Admin/Applications/:id/WebhookSigningSecrets', async (c) => {
    const { a } = await administered(c);
    const hook = await webhookOf(db, a.id);
    return c.json({
      secrets: hook.signing_secrets.map((s) => secretView(s, openSigningSecret(deps.secrets, a.id, s))),
    } satisfies S['WebhookSigningSecretList']);
  });

  app.post('/Admin/Applications/:id/WebhookSigningSecrets', async (c) => {
    const { me, a } = await administered(c);
    const created = await db.transaction().execute(async (trx) => {
      const hook = await lockedSecrets(trx, a.id);
      if (!hook) throw notFound();
      if (hook.signing_secrets.length >= 2) throw conflict('secretLimit', 'webhook.secretLimit');
      const secret = {
        id: newId(),
        secret: `whsec_${randomBytes(32).toString('base64url')}`,
        createdAt: new Date().toISOString(),
      };
      // Stored sealed (#29.5); the secret itself is never recorded.
      await storeSecrets(trx, a.id, [...hook.signing_secrets, sealSigningSecret(deps.secrets, a.id, secret)]);
      await recordWebhookChange(trx, a.id, me.userId, 'signingSecretCreated', secret.id);
      return secret;
    });
    return c.json(
      { ...secretView(created, created.secret), secret: created.secret } satisfies S['WebhookSigningSecretCreated'],
      201,
    );
  });

  app.delete('/Admin/Applications/:id/WebhookSigningSecrets/:secretId', async (c) => {
    const { me, a } = await administered(c);
    const secretId = c.req.param('secretId');
    await db.transaction().execute(async (trx) => {
      const hook = await lockedSecrets(trx, a.id);
      if (!hook?.signing_secrets.some((s) => s.id === secretId)) throw notFound();
      await storeSecrets(
        trx,
        a.id,
        hook.signing_secrets.filter((s) => s.id !== secretId),
      );
      await recordWebhookChange(trx, a.id, me.userId, 'signingSecretDeleted', secretId);
    });
    return c.body(null, 204);
  });

  return app;
}
