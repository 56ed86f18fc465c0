// What the webhook's endpoint receives per event (#20.2), shown before anything is sent: the
// body the API builds (apps/api services/access.ts queueWebhook, routes/admin/deliveries.ts for TEST), with
// example ids. GRANT and UPDATE carry the roles and account accesses after the change, REMOVE
// those held before it, TEST none.
import type { WebhookDelivery } from '@portal/adapters/admin';

export type WebhookEventName = WebhookDelivery['event'];
export const webhookEvents: readonly WebhookEventName[] = ['GRANT', 'UPDATE', 'REMOVE', 'TEST'];

const exampleIds = {
  application: '7e1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b',
  delivery: '0b7c6a52-3f1e-4d8a-9c21-5e4f3a2b1c0d',
  user: '5d2e8f10-7a3b-4c6d-8e9f-0a1b2c3d4e5f',
  role: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  accountAccess: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
};

/** The JSON body of an event for this application (a new one: an example id), as the endpoint receives it. */
export function examplePayload(
  event: WebhookEventName,
  applicationId = exampleIds.application,
  occurredAt = '2026-11-25T09:00:00.000Z',
): Record<string, unknown> {
  const base = { id: exampleIds.delivery, event, applicationId, userId: exampleIds.user };
  if (event === 'TEST') return { ...base, occurredAt };
  return {
    ...base,
    roleIds: [exampleIds.role],
    accountAccessIds: event === 'UPDATE' ? [exampleIds.accountAccess] : [],
    occurredAt,
  };
}
