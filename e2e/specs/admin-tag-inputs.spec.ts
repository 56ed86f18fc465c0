// Lists of names are tag inputs (spec §2, §5; issue #17 item 2): the global administrator sets
// up a new application's webhook headers and activation groups. A header name a second time (in
// any case) is refused with 'Doppelter Eintrag', a name the sender owns with 'Ungültige Eingabe';
// what is saved holds each name once, with its value.
import { assertAccessible, expect, signInAs, test } from '../helpers/portal.ts';
import { addTag, assertSaved, clickSave, field, fillAdminField } from '../helpers/admin.ts';

test('the global administrator cannot give a webhook the same header twice', async ({ page }) => {
  await signInAs(page, 'global-admin', '/admin/applications');
  await expect(page.getByRole('heading', { level: 1, name: 'Anwendungen' })).toBeVisible();
  await page.getByRole('link', { name: 'Neu anlegen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Neue Anwendung' })).toBeVisible();
  await fillAdminField(page, 'Bezeichnung', 'Montage-App');
  await fillAdminField(page, 'URL', 'https://montage.hk-demo.test');

  // The webhook sends the walk-through id as a custom header.
  await page.getByRole('switch', { name: 'Webhook einrichten' }).click();
  await fillAdminField(page, 'Endpunkt-URL', 'https://montage.hk-demo.test/hooks/access');
  const headerNames = field(page, 'Namen eigener Header');
  await addTag(page, 'Namen eigener Header', 'X-Walk');
  await expect(page.getByRole('button', { name: 'X-Walk entfernen' })).toBeVisible();
  await expect(headerNames).toHaveValue('');
  await fillAdminField(page, 'Wert von X-Walk', 'rundgang-1');

  // The same name again, in other letters: refused beside the field, the text stays to correct.
  await addTag(page, 'Namen eigener Header', 'x-walk');
  await expect(page.getByText('Doppelter Eintrag')).toBeVisible();
  await expect(headerNames).toHaveAttribute('aria-invalid', 'true');
  await expect(headerNames).toHaveAccessibleDescription(/Doppelter Eintrag/);
  await expect(headerNames).toHaveValue('x-walk');
  await expect(page.getByRole('button', { name: /^x-walk entfernen$/ })).toHaveCount(0);
  await assertAccessible(page);

  // A header the sender sets itself is no valid name.
  await addTag(page, 'Namen eigener Header', 'Host');
  await expect(page.getByText('Ungültige Eingabe')).toBeVisible();
  await addTag(page, 'Namen eigener Header', 'X-Kitchen');
  await expect(page.getByText('Ungültige Eingabe')).toHaveCount(0);
  await fillAdminField(page, 'Wert von X-Kitchen', 'montage');

  // The directory groups whose members get access: each name once, too.
  await addTag(page, 'Gruppennamen im Verzeichnis', 'HK-Montage');
  await expect(page.getByRole('group', { name: 'Aktivierungsgruppe HK-Montage' })).toBeVisible();
  await addTag(page, 'Gruppennamen im Verzeichnis', 'hk-montage');
  await expect(page.getByText('Doppelter Eintrag')).toBeVisible();
  await expect(page.getByRole('group', { name: /^Aktivierungsgruppe/ })).toHaveCount(1);
  await field(page, 'Gruppennamen im Verzeichnis').fill('');

  await clickSave(page);
  await assertSaved(page);
  await expect(page).toHaveURL(/\/admin\/applications\/[0-9a-f-]{36}$/);

  // After a reload: each header once with its value, the one activation group.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Montage-App' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^x-walk entfernen$/i })).toHaveCount(1);
  await expect(field(page, 'Wert von X-Walk')).toHaveValue('rundgang-1');
  await expect(field(page, 'Wert von X-Kitchen')).toHaveValue('montage');
  await expect(page.getByRole('group', { name: /^Aktivierungsgruppe/ })).toHaveCount(1);
  await assertAccessible(page);
});
