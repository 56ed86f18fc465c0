// A webhook as stored, with one due delivery queued for it: what the dispatcher's suites start from.
import { randomUUID } from 'node:crypto';
import type { Database } from '../src/db/database.ts';
import { users } from '../src/db/seed/ids.ts';

/**
 * Gives the application a webhook at `url` as stored (older data may hold what validation refuses
 * today: `headers` is written as given) and queues one GRANT delivery due now; answers its id.
 * The application's earlier deliveries go first (`only pending` keeps the finished ones).
 */
export async function queueDueDelivery(
  db: Database,
  applicationId: string,
  hook: { url: string; headers?: unknown; clear: 'all deliveries' | 'only pending' },
): Promise<string> {
  const earlier = db.deleteFrom('webhook_deliveries').where('application_id', '=', applicationId);
  await (hook.clear === 'only pending' ? earlier.where('status', '=', 'PENDING') : earlier).execute();
  await db.deleteFrom('webhooks').where('application_id', '=', applicationId).execute();
  await db
    .insertInto('webhooks')
    .values({
      application_id: applicationId,
      enabled: true,
      endpoint_url: hook.url,
      username: null,
      password: null,
      on_grant: true,
      on_remove: true,
      on_update: true,
      headers: JSON.stringify(hook.headers ?? []),
      key_vault_reference: null,
    })
    .execute();
  const id = randomUUID();
  await db
    .insertInto('webhook_deliveries')
    .values({
      id,
      application_id: applicationId,
      event: 'GRANT',
      user_id: users.newUser,
      payload: JSON.stringify({ id, event: 'GRANT' }),
      status: 'PENDING',
      next_attempt_at: new Date(Date.now() - 1000),
    })
    .execute();
  return id;
}
