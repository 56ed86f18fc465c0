// Per-application administration: the kitchen planner's administrator accepts one access
// request with a role and denies another; the sidebar badge follows, the user's access
// changes and the webhook delivery is recorded. 403 on an application not administered;
// admin items are hidden without their permissions. The spec reads only the demo data, and leaves
// what the user-side specs read as it was (they may run before or after it): the partner's access
// is taken away again and she asks once more, the kitchen planner's webhook goes. (The customer's
// denied request stays: no other spec reads it.)
import type { Page } from '@playwright/test';
import { account, demoApps, fullNameOf, urls } from '../helpers/accounts.ts';
import { assertAccessible, assertErrorPage, expect, germanDevice, signInAs, test } from '../helpers/portal.ts';
import {
  assertSaved,
  clickSave,
  deliveriesTable,
  fillAdminField,
  goToSection,
  historyTable,
  removeWebhook,
  sidebar,
} from '../helpers/admin.ts';

test.describe.configure({ mode: 'serial' });

const planner = `/admin/applications/${demoApps.kitchenPlanner}`;

/** The signed-in partner asks for the kitchen planner with the dealer account access, as the demo data has her. */
async function requestPlannerAsSeeded(page: Page): Promise<void> {
  const request = `${urls.portal}/api/My/Applications/${demoApps.kitchenPlanner}/AccessRequest`;
  const options = (await (await page.request.get(request)).json()) as {
    accountAccesses: { items: { id: string; label: string }[] };
  };
  const dealerNord = options.accountAccesses.items.find((a) => a.label === 'Küchenstudio Nord GmbH');
  expect(dealerNord, 'the kitchen planner offers the dealer account access').toBeDefined();
  const sent = await page.request.post(request, {
    data: { accountAccessId: dealerNord?.id ?? null, justification: 'Wir möchten Küchen für unsere Kunden planen.' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
}

test('the global administrator gives the kitchen planner a webhook', async ({ page }) => {
  await signInAs(page, 'global-admin', planner);
  await expect(page.getByRole('heading', { level: 1, name: 'Küchenplaner' })).toBeVisible();
  await page.getByRole('switch', { name: 'Webhook einrichten' }).click();
  await fillAdminField(page, 'Endpunkt-URL', `${urls.dealerShop}/webhooks/access`);
  await clickSave(page);
  await assertSaved(page);
  await expect(
    historyTable(page)
      .getByRole('cell', { name: `${urls.dealerShop}/webhooks/access` })
      .first(),
  ).toBeVisible();
});

test('the application administrator accepts one request with a role and denies another', async ({ page, browser }) => {
  const partner = account('partner');
  const customer = account('customer');
  await signInAs(page, 'app-admin', '/admin');
  // No global items without their permissions.
  await expect(sidebar(page).getByRole('link', { name: 'Anwendungen', exact: true })).toHaveCount(0);
  await expect(sidebar(page).getByRole('link', { name: 'Attribute', exact: true })).toHaveCount(0);
  const card = page.getByRole('link', { name: /^Küchenplaner \d+ offene Zugriffsanfragen$/ });
  const open = Number(/(\d+) offene/.exec(await card.innerText())?.[1]);
  expect(open).toBeGreaterThanOrEqual(2);
  await assertAccessible(page);

  await card.click();
  await expect(page).toHaveURL(new RegExp(`/admin/${demoApps.kitchenPlanner}$`));
  await expect(sidebar(page).getByText(`Offene Zugriffsanfragen: ${open}`)).toBeAttached();
  await assertAccessible(page);

  await sidebar(page)
    .getByRole('link', { name: /Zugriffsanfragen/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Zugriffsanfragen' })).toBeVisible();
  const requests = page.getByRole('table', { name: 'Zugriffsanfragen für Küchenplaner' });
  await expect(requests.getByRole('row', { name: new RegExp(fullNameOf(partner)) })).toContainText(
    'Küchenstudio Nord GmbH',
  );
  await assertAccessible(page);

  // Accept the partner's request: not without a role.
  await requests.getByRole('link', { name: fullNameOf(partner) }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Anfrage von ${fullNameOf(partner)}` })).toBeVisible();
  await assertAccessible(page);
  await page.getByRole('button', { name: 'Annehmen' }).click();
  await page.getByRole('button', { name: 'Zugriff gewähren' }).click();
  await expect(page.getByText('Es muss mindestens eine Rolle ausgewählt werden!')).toBeVisible();
  await assertAccessible(page);
  await page.getByRole('group', { name: 'Rollen' }).getByRole('checkbox', { name: 'Planer', exact: true }).check();
  await expect(page.getByText('Es muss mindestens eine Rolle ausgewählt werden!')).toHaveCount(0);
  await page.getByRole('button', { name: 'Zugriff gewähren' }).click();
  await expect(page.getByText('Die Anfrage wurde angenommen.').first()).toBeVisible();
  await expect(sidebar(page).getByText(`Offene Zugriffsanfragen: ${open - 1}`)).toBeAttached();

  // Deny the customer's request with a reason.
  await sidebar(page)
    .getByRole('link', { name: /Zugriffsanfragen/ })
    .click();
  await requests.getByRole('link', { name: fullNameOf(customer) }).click();
  await page.getByRole('button', { name: 'Ablehnen' }).click();
  await page.getByLabel('Begründung').fill('Bitte über den Händler anfragen.');
  await page.getByRole('button', { name: 'Anfrage ablehnen' }).click();
  await expect(page.getByText('Die Anfrage wurde abgelehnt.').first()).toBeVisible();
  await expect(sidebar(page).getByText(`Offene Zugriffsanfragen: ${open - 2}`)).toBeAttached();
  await sidebar(page)
    .getByRole('link', { name: /Zugriffsanfragen/ })
    .click();
  await expect(requests.getByRole('link', { name: fullNameOf(customer) })).toHaveCount(0);
  await expect(requests.getByRole('link', { name: fullNameOf(partner) })).toHaveCount(0);

  // The partner now has access with the role.
  await goToSection(page, 'Benutzer');
  await page.getByRole('searchbox').first().fill('Dana');
  const users = page.getByRole('table', { name: 'Benutzer von Küchenplaner' });
  await expect(users.getByRole('row', { name: new RegExp(fullNameOf(partner)) })).toContainText('Planer');
  await assertAccessible(page);
  await users.getByRole('link', { name: fullNameOf(partner) }).click();
  await expect(
    page.getByRole('group', { name: 'Rollen' }).getByRole('checkbox', { name: 'Planer', exact: true }),
  ).toBeChecked();
  await assertAccessible(page);
  // Edit the access (PUT): add the viewer role.
  await page
    .getByRole('group', { name: 'Rollen' })
    .getByRole('checkbox', { name: 'Planbetrachter', exact: true })
    .check();
  await clickSave(page);
  await assertSaved(page);

  // 403 on an application not administered, and on global pages.
  await page.goto(`/admin/${demoApps.dealerShop}`);
  await assertErrorPage(page, 403);
  await page.goto('/admin/applications');
  await assertErrorPage(page, 403);

  // Back to the demo data: the administrator takes the partner's access away again, and she asks
  // once more (on her own device), as seeded.
  const removed = await page.request.delete(
    `${urls.portal}/api/Admin/Applications/${demoApps.kitchenPlanner}/Users/${partner.id}`,
  );
  expect(removed.ok(), await removed.text()).toBe(true);
  const asPartner = await germanDevice(browser);
  await signInAs(asPartner, 'partner');
  await requestPlannerAsSeeded(asPartner);
  await asPartner.context().close();
});

test('the webhook delivery of the grant is recorded', async ({ page }) => {
  await signInAs(page, 'global-admin', planner);
  await expect(deliveriesTable(page).getByRole('cell', { name: 'Zugriff vergeben' }).first()).toBeVisible();
  await assertAccessible(page);
  // The kitchen planner has no webhook again, as seeded (access-governance.spec.ts gives it its own).
  await removeWebhook(page);
});

test('a customer without admin permissions sees no admin items and gets 403', async ({ page }) => {
  await signInAs(page, 'customer');
  await expect(page.getByRole('link', { name: 'Admin Center' })).toHaveCount(0);
  await page.goto('/admin');
  await assertErrorPage(page, 403);
  await page.goto(`/admin/${demoApps.kitchenPlanner}/access-requests`);
  await assertErrorPage(page, 403);
});
