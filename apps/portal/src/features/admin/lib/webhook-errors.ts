// A failed delivery in the reader's language (#30.11): the API's kind of failure as a sentence,
// the responding status in it; the recorded technical text stays for the delivery's details.
import type { WebhookDelivery } from '@portal/adapters/admin';
import type { AdminT } from './i18n.ts';

/** The sentence for a delivery's or attempt's failure; '–' when it did not fail. */
export function webhookErrorText(t: AdminT, failure: Pick<WebhookDelivery, 'errorKind' | 'responseStatus'>): string {
  if (failure.errorKind === null) return '–';
  return t(`webhook.errorKinds.${failure.errorKind}`, { status: failure.responseStatus ?? '' });
}
