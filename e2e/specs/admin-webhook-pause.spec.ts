// #20.2: a webhook pauses itself after a number of failed deliveries in a row. The global
// administrator gives the HR application a webhook whose endpoint answers 404, sets
// "pause after 3 failures", sends three test deliveries; once each has failed its last
// attempt (the dispatcher retries after 2, 4, 8 and 16 s), the console says the webhook is
// paused, since when and after how many failures; "Fortsetzen" resumes it. The HR
// application has no webhook again at the end (as seeded).
import { demoApps, urls } from '../helpers/accounts.ts';
import { assertAccessible, expect, signInAs, test } from '../helpers/portal.ts';
import { assertSaved, clickSave, deliveriesTable, fillAdminField, field, historyTable } from '../helpers/admin.ts';

const hr = `/admin/applications/${demoApps.hr}`;
const pausedNote = /^Der Webhook ist seit .+ pausiert: 3 Zustellungen in Folge sind fehlgeschlagen\./;

test('a webhook whose endpoint keeps failing pauses itself, the console says so and the administrator resumes it', async ({
  page,
}) => {
  // Three deliveries, each failing five attempts over about 30 s.
  test.slow();
  await signInAs(page, 'global-admin', hr);
  const webhookSwitch = page.getByRole('switch', { name: 'Webhook einrichten' });
  await expect(webhookSwitch).toBeVisible();
  await expect(webhookSwitch).not.toBeChecked();

  await webhookSwitch.click();
  await fillAdminField(page, 'Endpunkt-URL', `${urls.dealerShop}/webhooks/nowhere`);
  await field(page, 'Pausieren nach Fehlschlägen in Folge').selectOption({
    label: 'Nach 3 fehlgeschlagenen Zustellungen',
  });
  await clickSave(page);
  await assertSaved(page);
  // The history reads the new webhook per setting, by its label (#30.11), not as one blob of internal names.
  const history = historyTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Webhook', exact: true }) })
    .first();
  await expect(
    history.getByRole('listitem').filter({ hasText: /^Pausieren nach Fehlschlägen in Folge: 3$/ }),
  ).toBeVisible();
  await expect(history.getByRole('listitem').filter({ hasText: /^Bei Zugriffsvergabe: Ja$/ })).toBeVisible();
  await expect(history).not.toContainText('onGrant');
  await expect(history).not.toContainText('pauseAfterFailures');

  const send = page.getByRole('button', { name: 'Testzustellung senden' });
  for (let n = 1; n <= 3; n++) {
    await send.click();
    await expect(deliveriesTable(page).getByRole('row').filter({ hasText: 'Testzustellung' })).toHaveCount(n);
  }

  // The third failure in a row pauses it: said above the deliveries after a reload.
  const note = page.getByText(pausedNote);
  await expect(async () => {
    await page.reload();
    await expect(note).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 90_000, intervals: [2_000] });
  await expect(
    deliveriesTable(page).getByRole('row').filter({ hasText: 'Testzustellung' }).filter({ hasText: 'Fehlgeschlagen' }),
  ).toHaveCount(3);
  // Why, in words (#30.11), not the recorded "HTTP 404".
  await expect(
    deliveriesTable(page).getByRole('row').filter({ hasText: 'Der Empfänger hat mit dem Status 404 geantwortet.' }),
  ).toHaveCount(3);
  await expect(deliveriesTable(page)).not.toContainText('HTTP 404');
  await expect(field(page, 'Pausieren nach Fehlschlägen in Folge')).toHaveValue('3');
  await assertAccessible(page);

  // Resumed by keyboard: the note goes, and stays gone.
  await page.getByRole('button', { name: 'Fortsetzen' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Der Webhook läuft wieder. Wartende Zustellungen werden jetzt gesendet.')).toBeVisible();
  await expect(note).toHaveCount(0);
  await page.reload();
  await expect(deliveriesTable(page)).toBeVisible();
  await expect(note).toHaveCount(0);

  // The demo data as seeded: no webhook on the HR application.
  await page.getByRole('switch', { name: 'Webhook einrichten' }).click();
  await clickSave(page);
  await assertSaved(page);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Webhook einrichten' })).not.toBeChecked();
});
