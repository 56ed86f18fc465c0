// #19, a partner's day with access governance. The partner withdraws her old request for the
// kitchen planner, discovers it again in the catalogue and asks for the dealer account access
// until the end of the month, with a reason; the kitchen planner's administrator reads the
// reason and the end asked for and accepts with a role; the partner's tile says when the
// access ends. Then the end passes (the administrator moves it a few seconds ahead; the API's
// expiry job sweeps every 2 s on the local stack): the access is gone, the partner is told on
// the launcher, the webhook records the removal. At the end the
// demo data is as seeded (an open request of the partner, no webhook on the kitchen planner).
import type { Page } from '@playwright/test';
import { account, demoApps, fullNameOf, urls } from '../helpers/accounts.ts';
import { assertAccessible, expect, germanDevice, signInAs, test } from '../helpers/portal.ts';
import { assertSaved, clickSave, deliveriesTable, fillAdminField, removeWebhook } from '../helpers/admin.ts';

test.describe.configure({ mode: 'serial' });

const planner = demoApps.kitchenPlanner;
const partner = account('partner');
const justification = 'Wir planen Küchen für unsere Kunden im Norden und brauchen den Händlerzugang bis Monatsende.';

/** The partner's day in Berlin and the last day of its month, as ISO days and as the portal writes them. */
function monthEnd(): { readonly iso: string; readonly text: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  const [year, month] = today.split('-').map(Number);
  const last = new Date(Date.UTC(year ?? 2026, month ?? 1, 0));
  return {
    iso: last.toISOString().slice(0, 10),
    text: new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'UTC' }).format(last),
  };
}

function myRequests(page: Page) {
  return page.getByRole('list', { name: 'Meine Anfragen' });
}

test('the global administrator gives the kitchen planner a webhook', async ({ page }) => {
  await signInAs(page, 'global-admin', `/admin/applications/${planner}`);
  const webhook = page.getByRole('switch', { name: 'Webhook einrichten' });
  await expect(webhook).not.toBeChecked();
  await webhook.click();
  await fillAdminField(page, 'Endpunkt-URL', `${urls.dealerShop}/webhooks/access`);
  await clickSave(page);
  await assertSaved(page);
});

test('a partner withdraws her old request, discovers the kitchen planner and asks for a dealer account access until the end of the month', async ({
  page,
}) => {
  await signInAs(page, 'partner', '/requests');
  // Her newest request for it is the open one (older ones, decided, may be listed below: the console's
  // specs may have run before this one).
  const old = myRequests(page).getByRole('listitem', { name: 'Küchenplaner' }).first();
  await expect(old).toContainText('Offen');
  await assertAccessible(page);
  await old.getByRole('button', { name: 'Anfrage zurückziehen' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Anfrage für Küchenplaner zurückziehen?' });
  await confirm.getByRole('button', { name: 'Anfrage zurückziehen' }).click();
  await expect(page.getByText('Die Anfrage wurde zurückgezogen.').first()).toBeVisible();
  await expect(old).toContainText('Zurückgezogen');

  // The catalogue, searched on the server as she types.
  await page.getByRole('link', { name: 'Apps entdecken' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Apps entdecken' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Anwendungen durchsuchen' }).fill('Küche');
  const catalogue = page.getByRole('list', { name: 'Apps entdecken' });
  await expect(catalogue.getByRole('heading', { name: 'Serviceportal' })).toHaveCount(0);
  const entry = catalogue.getByRole('listitem', { name: 'Küchenplaner' });
  await expect(entry).toContainText('wahlweise ein Enddatum (höchstens 365 Tage)');
  await assertAccessible(page);
  await entry.getByRole('link', { name: 'Zugriff anfordern: Küchenplaner' }).click();

  // The request: the dealer account access, a reason, until the end of the month.
  await expect(page.getByRole('heading', { level: 1, name: 'Zugriff auf Küchenplaner anfordern' })).toBeVisible();
  await page.getByRole('button', { name: 'Anfrage senden' }).click();
  await expect(page.getByText('Dieses Feld ist erforderlich.').first()).toBeVisible();
  await page.getByRole('combobox', { name: /Kontozugriff/ }).selectOption({ label: 'Küchenstudio Nord GmbH' });
  await page.getByRole('textbox', { name: /Begründung/ }).fill(justification);
  await page.getByRole('button', { name: 'Bis Monatsende' }).click();
  await expect(page.getByLabel(/Zugriff bis einschließlich/)).toHaveValue(monthEnd().iso);
  await assertAccessible(page);
  await page.getByRole('button', { name: 'Anfrage senden' }).click();
  await expect(page.getByText('Ihre Anfrage wurde gesendet.')).toBeVisible();
  await page.getByRole('link', { name: 'Zu meinen Anfragen' }).click();
  const sent = myRequests(page).getByRole('listitem', { name: 'Küchenplaner' }).first();
  await expect(sent).toContainText('Offen');
  await expect(sent).toContainText(`Angefragt bis ${monthEnd().text}`);
  await expect(sent).toContainText(justification);
});

test("the kitchen planner's administrator reads the reason and the end asked for and accepts with a role", async ({
  page,
}) => {
  await signInAs(page, 'app-admin', `/admin/${planner}/access-requests`);
  const requests = page.getByRole('table', { name: 'Zugriffsanfragen für Küchenplaner' });
  await requests.getByRole('link', { name: fullNameOf(partner) }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Anfrage von ${fullNameOf(partner)}` })).toBeVisible();
  await expect(page.getByText(justification)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Zugriff angefragt bis einschließlich' })).toHaveValue(
    monthEnd().text,
  );
  await page.getByRole('button', { name: 'Annehmen' }).click();
  await page.getByRole('group', { name: 'Rollen' }).getByRole('checkbox', { name: 'Planer', exact: true }).check();
  await expect(page.getByLabel(/Zugriff bis einschließlich/)).toHaveValue(monthEnd().iso);
  await assertAccessible(page);
  await page.getByRole('button', { name: 'Zugriff gewähren' }).click();
  await expect(page.getByText('Die Anfrage wurde angenommen.').first()).toBeVisible();
});

test("the partner's kitchen planner tile says when the access ends", async ({ page }) => {
  // The launcher is rendered on the server and taken over by the browser: the day count is the
  // browser's alone, no hydration mismatch (React #418, #30.11).
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await signInAs(page, 'partner');
  const tile = page.getByRole('list', { name: 'Meine Apps' }).getByRole('link', { name: /Küchenplaner/ });
  await expect(tile).toBeVisible();
  // "Endet in N Tagen" within the reminder days before the end (7, core's expiryReminderDays, when the API reminds).
  const mine = (await (await page.request.get(`${urls.portal}/api/My/Applications`)).json()) as {
    items: { id: string; accessEndsAt: string | null }[];
  };
  const endsAt = mine.items.find((app) => app.id === planner)?.accessEndsAt ?? null;
  expect(endsAt).not.toBeNull();
  const badge = Date.parse(endsAt ?? '') - Date.now() <= 7 * 24 * 3600 * 1000;
  if (badge) await expect(tile).toContainText(/Endet (in \d+ Tagen?|heute)/);
  else await expect(tile).not.toContainText('Endet');
  // The server-rendered day count is the one the browser hydrates (#30.11: no mismatch, no #418).
  await page.reload();
  if (badge) await expect(tile).toContainText(/Endet (in \d+ Tagen?|heute)/);
  else await expect(tile).not.toContainText('Endet');
  expect(errors.filter((text) => /#418|hydrat|did not match/i.test(text))).toEqual([]);
  await assertAccessible(page);
  await page.getByRole('link', { name: 'Meine Anfragen' }).click();
  await expect(myRequests(page).getByRole('listitem', { name: 'Küchenplaner' }).first()).toContainText(
    `Zugriff bis ${monthEnd().text}`,
  );
});

test('the end passes: the access is gone, the partner is told, the webhook records the removal', async ({
  page,
  browser,
}) => {
  test.slow();
  // The administrator moves the end a few seconds ahead (the expiry job sweeps every 2 s here).
  await signInAs(page, 'app-admin', `/admin/${planner}`);
  const userUrl = `${urls.portal}/api/Admin/Applications/${planner}/Users/${partner.id}`;
  const before = (await (await page.request.get(userUrl)).json()) as {
    roles: { id: string }[];
    accountAccesses: { id: string }[];
    endsAt: string | null;
  };
  expect(before.endsAt).not.toBeNull();
  const moved = await page.request.put(userUrl, {
    data: {
      roleIds: before.roles.map((r) => r.id),
      accountAccessIds: before.accountAccesses.map((a) => a.id),
      endsAt: new Date(Date.now() + 5_000).toISOString(),
    },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
  await expect
    .poll(async () => ((await (await page.request.get(userUrl)).json()) as { hasAccess: boolean }).hasAccess, {
      timeout: 30_000,
    })
    .toBe(false);

  // The partner: no tile, a notification that links to a new request.
  // Browsers of their own, on a device that chose German like the test's (the partner's profile says English).
  const asPartner = await germanDevice(browser);
  await signInAs(asPartner, 'partner');
  await expect(
    asPartner.getByRole('list', { name: 'Meine Apps' }).getByRole('link', { name: /Küchenplaner/ }),
  ).toHaveCount(0);
  const notifications = asPartner.getByRole('region', { name: 'Mitteilungen' });
  await expect(notifications).toContainText(/Ihr Zugriff auf Küchenplaner ist am .+ abgelaufen\./);
  // The latest state only (#30.6): the acceptance before the end is not said beside it.
  await expect(notifications).not.toContainText('Ihre Anfrage für Küchenplaner wurde angenommen.');
  await expect(notifications.getByRole('listitem').filter({ hasText: 'Küchenplaner' })).toHaveCount(1);
  await assertAccessible(asPartner);

  // Her requests say what became of this one: it expired with the access (the end moved above stays the request's).
  await asPartner.goto(`${urls.portal}/requests`);
  const expired = myRequests(asPartner).getByRole('listitem', { name: 'Küchenplaner' }).first();
  await expect(expired).toContainText('Abgelaufen');
  await expect(expired).toContainText(/Abgelaufen am /);
  await asPartner.goto(urls.portal);

  // The webhook: the removal by the expiry job was delivered as REMOVE.
  const asGlobalAdmin = await germanDevice(browser);
  await signInAs(asGlobalAdmin, 'global-admin', `/admin/applications/${planner}`);
  await expect(deliveriesTable(asGlobalAdmin).getByRole('cell', { name: 'Zugriff entzogen' }).first()).toBeVisible();

  // Back to the seeded state: the partner asks again (from the notification), the webhook goes.
  await notifications.getByRole('link', { name: 'Erneut anfordern' }).first().click();
  await expect(asPartner.getByRole('heading', { level: 1, name: /anfordern/ })).toBeVisible();
  // The form starts with what she asked for last time (#30.11): the account access and her reason.
  const accountAccess = asPartner.getByRole('combobox', { name: /Kontozugriff/ });
  await expect(accountAccess.locator('option:checked')).toHaveText('Küchenstudio Nord GmbH');
  await expect(asPartner.getByRole('textbox', { name: /Begründung/ })).toHaveValue(justification);
  await asPartner.getByRole('textbox', { name: /Begründung/ }).fill('Wir möchten Küchen für unsere Kunden planen.');
  await asPartner.getByRole('button', { name: 'Anfrage senden' }).click();
  await expect(asPartner.getByText('Ihre Anfrage wurde gesendet.')).toBeVisible();
  await removeWebhook(asGlobalAdmin);
});
