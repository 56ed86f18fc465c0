// The stack's mail server (MailDev, #29): every mail the API sent, read from its REST API
// (`/api/email`), as a developer reads them on its web page.
import { expect } from '@playwright/test';
import { urls } from './accounts.ts';

export interface ReceivedMail {
  readonly id: string;
  /** When MailDev received it. */
  readonly time: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly to: readonly { readonly address: string }[];
  readonly headers: Readonly<Record<string, string | readonly string[]>>;
}

/** Every mail MailDev holds for `address`, oldest first. */
async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const answer = await fetch(`${urls.mail}/api/email?to.address=${encodeURIComponent(address)}`);
  expect(answer.ok, `MailDev answers at ${urls.mail}`).toBe(true);
  return (await answer.json()) as ReceivedMail[];
}

/** Forgets every mail (a spec starts with an empty inbox). */
export async function clearMails(): Promise<void> {
  const answer = await fetch(`${urls.mail}/api/email/all`, { method: 'DELETE' });
  expect(answer.ok).toBe(true);
}

/**
 * The one mail to `address` whose subject is `subject`, received since `since` (and holding `containing`
 * in its text), once it has arrived: the API's sender polls every second here. Exactly one: a second
 * would be a mail sent twice.
 */
export async function receivedMail(
  address: string,
  subject: string,
  { since, containing = '' }: { readonly since: Date; readonly containing?: string },
): Promise<ReceivedMail> {
  let found: ReceivedMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).filter(
          (mail) =>
            mail.subject === subject &&
            new Date(mail.time).getTime() >= since.getTime() &&
            mail.text.includes(containing),
        );
        return found.length;
      },
      { timeout: 30_000, message: `a mail "${subject}" to ${address}` },
    )
    .toBe(1);
  const [mail] = found;
  if (mail === undefined) throw new Error('unreachable: the poll saw one mail');
  return mail;
}

/** The links of a mail's HTML (the button and the address written out), as the reader's mail program follows them. */
export function linksOf(mail: ReceivedMail): string[] {
  return [...mail.html.matchAll(/<a\s[^>]*href="([^"]+)"/g)].map((m) =>
    (m[1] ?? '').replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'"),
  );
}
