// #29, e-mail for real, read from the stack's mail server (MailDev): a partner asks for the
// kitchen planner again; its notification address gets the request in German (the portal's
// default language) with a link that opens the request in the console; the kitchen planner's
// administrator follows it and accepts with a role until a day within a week; the partner gets
// the decision in her profile's language (English) with a link to her requests, then the
// reminder (the end is within 7 days) and, once the end has passed, the note that it ended. The
// global administrator reads the mails in the console. At the end the demo data is as before
// (an open request of the partner for the kitchen planner with the dealer account access).
import type { Page } from '@playwright/test';
import { account, demoApps, fullNameOf, urls } from '../helpers/accounts.ts';
import { assertAccessible, expect, germanDevice, signInAs, test } from '../helpers/portal.ts';
import { clearMails, linksOf, receivedMail } from '../helpers/mail.ts';

test.describe.configure({ mode: 'serial' });

const planner = demoApps.kitchenPlanner;
const partner = account('partner');
const approverAddress = 'planer@hk-demo.test';
const justification = 'Wir planen Küchen <für> unsere Kunden & brauchen den Planer.';
let requestLink = '';
/** When this spec began: mails of the specs before it (the same stack) are older. */
const since = new Date();

/** The day in Berlin `days` from today, as an ISO day. */
function dayAhead(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** The partner asks for the kitchen planner with the dealer account access (her open request withdrawn first, if any). */
async function requestPlanner(page: Page, reason: string): Promise<void> {
  await page.goto(`${urls.portal}/requests`);
  const requests = page.getByRole('list', { name: 'Meine Anfragen' });
  // She has asked for the kitchen planner before (the demo data, or this spec): her requests are listed first.
  await expect(requests.getByRole('listitem', { name: 'Küchenplaner' }).first()).toBeVisible();
  const open = requests.getByRole('listitem', { name: 'Küchenplaner' }).filter({ hasText: 'Offen' });
  if ((await open.count()) > 0) {
    await open.first().getByRole('button', { name: 'Anfrage zurückziehen' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Anfrage für Küchenplaner zurückziehen?' });
    await confirm.getByRole('button', { name: 'Anfrage zurückziehen' }).click();
    await expect(page.getByText('Die Anfrage wurde zurückgezogen.').first()).toBeVisible();
  }
  await page.getByRole('link', { name: 'Apps entdecken' }).click();
  await page.getByRole('searchbox', { name: 'Anwendungen durchsuchen' }).fill('Küche');
  await page
    .getByRole('list', { name: 'Apps entdecken' })
    .getByRole('listitem', { name: 'Küchenplaner' })
    .getByRole('link', { name: 'Zugriff anfordern: Küchenplaner' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Zugriff auf Küchenplaner anfordern' })).toBeVisible();
  await page.getByRole('combobox', { name: /Kontozugriff/ }).selectOption({ label: 'Küchenstudio Nord GmbH' });
  await page.getByRole('textbox', { name: /Begründung/ }).fill(reason);
  await page.getByRole('button', { name: 'Anfrage senden' }).click();
  await expect(page.getByText('Ihre Anfrage wurde gesendet.')).toBeVisible();
}

test('the partner asks for the kitchen planner: its notification address gets the request in German, with a link to it', async ({
  page,
}) => {
  await clearMails();
  await signInAs(page, 'partner');
  await requestPlanner(page, justification);

  const mail = await receivedMail(approverAddress, 'Neue Zugriffsanfrage für Küchenplaner', {
    since,
    containing: justification,
  });
  expect(mail.text).toContain('Guten Tag,');
  expect(mail.text).toContain(`${fullNameOf(partner)} hat Zugriff auf Küchenplaner angefragt.`);
  expect(mail.text).toContain(`E-Mail: ${partner.email}`);
  expect(mail.text).toContain('Kontozugriff: Küchenstudio Nord GmbH');
  expect(mail.text).toContain(`Begründung: ${justification}`);
  // The justification is text in the HTML, not markup.
  expect(mail.html).toContain('Wir planen Küchen &lt;für&gt; unsere Kunden &amp; brauchen den Planer.');
  expect(mail.html).toContain('HK Küchen');
  const links = linksOf(mail);
  expect(links).toHaveLength(2);
  expect(new Set(links).size).toBe(1);
  requestLink = links[0] ?? '';
  expect(requestLink).toMatch(new RegExp(`^${urls.portal}/admin/${planner}/access-requests/[0-9a-f-]{36}$`));
  expect(mail.headers['message-id']).toMatch(/@portal>$/);
});

test("the kitchen planner's administrator follows the mail's link to the request and accepts it until a day within a week", async ({
  page,
}) => {
  const path = new URL(requestLink).pathname;
  await signInAs(page, 'app-admin', path);
  await expect(page.getByRole('heading', { level: 1, name: `Anfrage von ${fullNameOf(partner)}` })).toBeVisible();
  await expect(page.getByText(justification)).toBeVisible();
  await assertAccessible(page);
  await page.getByRole('button', { name: 'Annehmen' }).click();
  await page.getByRole('group', { name: 'Rollen' }).getByRole('checkbox', { name: 'Planer', exact: true }).check();
  await page.getByLabel(/Zugriff bis einschließlich/).fill(dayAhead(3));
  await page.getByRole('button', { name: 'Zugriff gewähren' }).click();
  await expect(page.getByText('Die Anfrage wurde angenommen.').first()).toBeVisible();
});

test('the partner gets the decision in English with what was granted, follows its link, and is reminded of the end', async ({
  page,
}) => {
  const decision = await receivedMail(partner.email, 'Your access to Küchenplaner has been granted', { since });
  expect(decision.text).toContain(`Hello ${fullNameOf(partner)},`);
  expect(decision.text).toContain('Your request for Küchenplaner has been accepted.');
  expect(decision.text).toContain('Roles: Planer');
  expect(decision.text).toContain('Account accesses: Küchenstudio Nord GmbH');
  const lastDay = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${dayAhead(3)}T12:00:00Z`),
  );
  expect(decision.text).toContain(`Access until and including: ${lastDay}`);
  const [link] = linksOf(decision);
  expect(link).toBe(`${urls.portal}/requests`);

  // Her mail program opens the link: her requests, with the accepted one.
  await signInAs(page, 'partner', new URL(link ?? '').pathname);
  await expect(
    page.getByRole('list', { name: 'Meine Anfragen' }).getByRole('listitem', { name: 'Küchenplaner' }).first(),
  ).toContainText('Angenommen');

  // The end is within 7 days: the expiry job (every 2 s here) sends the reminder at once.
  const reminder = await receivedMail(partner.email, 'Your access to Küchenplaner ends soon', { since });
  expect(reminder.text).toContain(`Your access to Küchenplaner lasts until and including ${lastDay}.`);
  expect(linksOf(reminder)[0]).toBe(`${urls.portal}/requests`);
});

test('the end passes: the partner is told that her access expired', async ({ page }) => {
  test.slow();
  // The administrator moves the end a few seconds ahead, as an end date that arrives.
  await signInAs(page, 'app-admin', `/admin/${planner}`);
  const userUrl = `${urls.portal}/api/Admin/Applications/${planner}/Users/${partner.id}`;
  const before = (await (await page.request.get(userUrl)).json()) as {
    roles: { id: string }[];
    accountAccesses: { id: string }[];
  };
  const moved = await page.request.put(userUrl, {
    data: {
      roleIds: before.roles.map((r) => r.id),
      accountAccessIds: before.accountAccesses.map((a) => a.id),
      endsAt: new Date(Date.now() + 4_000).toISOString(),
    },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
  const ended = await receivedMail(partner.email, 'Your access to Küchenplaner has expired', { since });
  expect(ended.text).toMatch(/Your access to Küchenplaner expired on .+\./);
  expect(ended.text).toContain('If you need it again, you can request it again.');
  expect(linksOf(ended)[0]).toBe(`${urls.portal}/requests`);
});

test('the global administrator reads the mails in the console; the partner asks again, as the demo data had it', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'global-admin', '/admin/mails');
  await expect(page.getByRole('heading', { level: 1, name: 'E-Mails' })).toBeVisible();
  const mails = page.getByRole('table', { name: 'E-Mails des Portals' });
  const approvers = mails.getByRole('row').filter({ hasText: approverAddress });
  await expect(approvers.first()).toContainText('Neue Zugriffsanfrage für Küchenplaner');
  await expect(approvers.first()).toContainText('Versendet');
  // Newest first: the end notice of this spec (an earlier spec's access to the same application may have ended too).
  await expect(
    mails.getByRole('row').filter({ hasText: 'Your access to Küchenplaner has expired' }).first(),
  ).toContainText('Versendet');
  await page.getByLabel('Status').selectOption({ label: 'Fehlgeschlagen' });
  await expect(page.getByText('Keine E-Mails vorhanden')).toBeVisible();
  await assertAccessible(page);

  // Back to the demo data: an open request of the partner (its mail goes to the notification address too).
  const asPartner = await germanDevice(browser);
  await signInAs(asPartner, 'partner');
  await requestPlanner(asPartner, 'Wir möchten Küchen für unsere Kunden planen.');
  await asPartner.context().close();
});
