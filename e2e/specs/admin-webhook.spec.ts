// #20.2: a day with the dealer shop's webhook (seeded, delivering to the demo dealer shop). The
// global administrator reads the example body per event, creates a signing secret (shown once,
// copied; a third is refused with a clear sentence), sends a test delivery and watches it arrive,
// reads its detail (payload, attempt, masked credentials), replays it (the new row names the
// original), and retires the secrets by keyboard. The secrets are removed again at the end.
import { demoApps } from '../helpers/accounts.ts';
import { assertAccessible, expect, signInAs, test } from '../helpers/portal.ts';
import { deliveriesTable } from '../helpers/admin.ts';
import type { Locator, Page } from '@playwright/test';

const dealerShop = `/admin/applications/${demoApps.dealerShop}`;

const secretsSection = (page: Page) => page.getByRole('region', { name: 'Signaturschlüssel' });
const secretsList = (page: Page) => page.getByRole('list', { name: 'Aktive Signaturschlüssel' });

async function clickCreateSecret(page: Page): Promise<string> {
  await secretsSection(page).getByRole('button', { name: 'Signaturschlüssel erzeugen' }).click();
  const shown = secretsSection(page).getByLabel('Neuer Signaturschlüssel');
  await expect(shown).toHaveValue(/^whsec_[A-Za-z0-9_-]{43}$/);
  return shown.inputValue();
}

/** The newest row of this event that is not a replay. */
const firstRowOf = (page: Page, event: string): Locator =>
  deliveriesTable(page).getByRole('row').filter({ hasText: event }).filter({ hasNotText: 'Wiederholung von' }).first();

test("the global administrator signs, tests and replays the dealer shop's webhook", async ({ page }) => {
  // A long day: secrets, a delivery that must arrive, a replay, four checks with axe.
  test.slow();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs(page, 'global-admin', dealerShop);
  await expect(page.getByRole('heading', { level: 1, name: demoApps.dealerShopLabel })).toBeVisible();

  // What the endpoint will receive, per event, before anything is sent.
  await page.getByText('Beispieldaten je Ereignis').click();
  await expect(page.getByText(/"event": "REMOVE"/)).toBeVisible();

  // A signing secret: shown once with the warning, copied to the clipboard.
  const secret = await clickCreateSecret(page);
  await expect(secretsSection(page).getByText('Er wird nicht noch einmal angezeigt.', { exact: false })).toBeVisible();
  await secretsSection(page).getByRole('button', { name: 'Kopieren' }).click();
  await expect(page.getByText('Der Signaturschlüssel ist in der Zwischenablage.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expect(secretsList(page).getByText(`…${secret.slice(-4)}`)).toBeVisible();
  await assertAccessible(page);

  // A second one for the rotation; a third is refused, said in words.
  const second = await clickCreateSecret(page);
  await secretsSection(page).getByRole('button', { name: 'Signaturschlüssel erzeugen' }).click();
  await expect(secretsSection(page).getByRole('alert')).toHaveText(
    'Es sind bereits zwei Signaturschlüssel aktiv. Löschen Sie zuerst den älteren, bevor Sie einen neuen erzeugen.',
  );
  // Never again: after a reload only the hints are there.
  await page.reload();
  await expect(secretsList(page).getByRole('listitem')).toHaveCount(2);
  await expect(secretsSection(page).getByLabel('Neuer Signaturschlüssel')).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);

  // The receiver's steps are there to read.
  await secretsSection(page).getByText('So prüft der Empfänger die Signatur').click();
  await expect(secretsSection(page).getByText(/HMAC-SHA256 von/)).toBeVisible();

  // A test delivery: queued, then delivered to the dealer shop.
  await page.getByRole('button', { name: 'Testzustellung senden' }).click();
  await expect(page.getByText('Die Testzustellung ist eingereiht und erscheint gleich in der Liste.')).toBeVisible();
  await expect(firstRowOf(page, 'Testzustellung')).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(firstRowOf(page, 'Testzustellung')).toContainText('Zugestellt', { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  const delivered = firstRowOf(page, 'Testzustellung');
  const shortId = (await delivered.getByRole('cell').nth(1).innerText()).trim();
  expect(shortId).toMatch(/^[0-9a-f]{8}$/);

  // Its detail: the JSON sent and the attempt, the credentials masked.
  await delivered.getByRole('button', { name: `Details der Zustellung ${shortId}` }).click();
  const detail = page.getByRole('dialog', { name: `Zustellung ${shortId}` });
  await expect(detail.getByText(/"event": "TEST"/)).toBeVisible();
  await expect(detail.getByText(/^Versuch 1: /)).toBeVisible();
  await detail.getByText('Gesendete Header (geheime Werte verdeckt)').click();
  await expect(detail.getByText(/authorization: ••••••/)).toBeVisible();
  await expect(detail.getByText('demo-webhook-secret')).toHaveCount(0);
  await assertAccessible(page);
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);

  // Replay it: asked first, then a new row names the original.
  await delivered.getByRole('button', { name: `Zustellung ${shortId} erneut senden` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Zustellung ${shortId} erneut senden?` });
  await expect(dialog).toContainText('X-Portal-Replay-Of');
  await assertAccessible(page);
  await dialog.getByRole('button', { name: 'Erneut senden' }).click();
  await expect(page.getByText(`Die Zustellung ${shortId} wird erneut gesendet.`)).toBeVisible();
  await expect(deliveriesTable(page).getByText(`Wiederholung von ${shortId}`)).toBeVisible();

  // Retire both secrets by keyboard: the dialog asks, Cancel has the focus first.
  for (const hint of [secret.slice(-4), second.slice(-4)]) {
    await secretsSection(page)
      .getByRole('button', { name: `Signaturschlüssel …${hint} löschen` })
      .focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: `Signaturschlüssel …${hint} löschen?` });
    await expect(confirm.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Der Signaturschlüssel …${hint} wurde gelöscht.`)).toBeVisible();
  }
  await expect(
    secretsSection(page).getByText('Kein Signaturschlüssel: Zustellungen werden nicht signiert.'),
  ).toBeVisible();
  await assertAccessible(page);
});
