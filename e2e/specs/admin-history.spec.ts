// #17.14 as an administrator reads it: change an application's sort number and a role's
// permissions, open the history ("Änderungsverlauf") and read the author's name, the field's
// label (in the user's language), old → new, and the linked permission by name with a link.
// #19.7: undo the sort number's change from the history in one click.
import { assertAccessible, chooseLanguage, expect, signInAs, test } from '../helpers/portal.ts';
import {
  assertSaved,
  clickSave,
  field,
  fillAdminField,
  goToSection,
  historyTable,
  openRow,
  pick,
} from '../helpers/admin.ts';
import type { Page } from '@playwright/test';

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** The newest history row of a field, by the field's label. */
const historyRow = (page: Page, label: string) =>
  historyTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: label, exact: true }) })
    .first();

test.describe.serial('the change history reads as a change', () => {
  test('the global administrator changes a sort number and a role and reads who changed what from what to what', async ({
    page,
  }) => {
    await signInAs(page, 'global-admin', '/admin/applications');
    await openRow(page, 'Marketing', 'Marketing-Downloads');
    await expect(page.getByRole('heading', { level: 1, name: 'Marketing-Downloads' })).toBeVisible();
    await expect(field(page, 'Sortiernummer')).toHaveValue('40');
    await fillAdminField(page, 'Sortiernummer', '45');
    await clickSave(page);
    await assertSaved(page);

    await expect(historyTable(page).getByRole('columnheader', { name: 'Änderung' })).toBeVisible();
    const sort = historyRow(page, 'Sortiernummer');
    await expect(sort).toContainText('40 → 45');
    await expect(sort).toContainText('Greta Gruber');
    await expect(sort).toContainText('Geändert');
    await expect(historyTable(page)).not.toContainText('sortNumber');
    await expect(historyTable(page)).not.toContainText(uuid);
    await assertAccessible(page);

    await goToSection(page, 'Rollen');
    await openRow(page, 'Downloader', 'Downloader');
    await pick(page, 'Berechtigung hinzufügen', 'marketing.admin', 'marketing.admin');
    await clickSave(page);
    await assertSaved(page);
    const permissions = historyRow(page, 'Berechtigungen');
    // Before: the one permission it had; after: both (in the API's order).
    await expect(permissions).toContainText(
      /Berechtigungen\s*marketing\.download → (marketing\.admin, marketing\.download|marketing\.download, marketing\.admin)/,
    );
    await expect(permissions).toContainText('Greta Gruber');
    await expect(historyTable(page)).not.toContainText('permissionIds');
    await expect(historyTable(page)).not.toContainText(uuid);
    await assertAccessible(page);

    // The linked permission still exists: its name leads to it.
    await permissions.getByRole('link', { name: 'marketing.admin' }).click();
    await expect(page).toHaveURL(/\/admin\/permissions\/[0-9a-f-]{36}$/);
    await expect(field(page, 'Schlüssel')).toHaveValue('marketing.admin');
  });

  test("in English, the field labels and the columns are in the user's language", async ({ page }) => {
    await signInAs(page, 'global-admin', '/admin/applications');
    await chooseLanguage(page, 'English');
    await openRow(page, 'Marketing', 'Marketing-Downloads');
    const table = page.getByRole('table', { name: 'Change history' });
    await expect(table.getByRole('columnheader', { name: 'Change', exact: true })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Changed by' })).toBeVisible();
    const sort = table
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Sort number', exact: true }) })
      .first();
    await expect(sort).toContainText('40 → 45');
    await expect(sort).toContainText('Greta Gruber');
  });

  test('deleting a role that is in use first says where (#17.15); cancelling keeps it', async ({ page }) => {
    await signInAs(page, 'global-admin', '/admin/roles');
    await openRow(page, 'Planer', 'Planer');
    await page.getByRole('button', { name: 'Löschen', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: '„Planer“ löschen?' });
    await expect(dialog).toContainText('„Planer“ wird verwendet und beim Löschen überall entfernt:');
    // Earlier specs may have linked the role to an application of their own: at least the planner.
    await expect(dialog.getByRole('listitem').filter({ hasText: /^Anwendungen \(\d+\)/ })).toContainText(
      'Küchenplaner',
    );
    await expect(dialog.getByRole('listitem').filter({ hasText: /^Benutzer \(\d+\)/ })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Küchenplaner' })).toBeVisible();
    await assertAccessible(page);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Planer' })).toBeVisible();
  });

  test('deleting the planner’s admin permission, its administrator role or the application first says what it affects (#30.3); cancelling keeps them', async ({
    page,
  }) => {
    await signInAs(page, 'global-admin', '/admin/permissions');
    await openRow(page, 'kitchen_planner.admin', 'kitchen_planner.admin');
    await page.getByRole('button', { name: 'Löschen', exact: true }).click();
    let dialog = page.getByRole('alertdialog', { name: '„kitchen_planner.admin“ löschen?' });
    const warning = dialog.getByTestId('admin-permission-lost');
    await expect(warning).toContainText(
      'Dies ist die Administrationsberechtigung von 1 Anwendung; danach hat sie keine mehr:',
    );
    await expect(warning.getByRole('link', { name: 'Küchenplaner' })).toBeVisible();
    await expect(dialog.getByRole('listitem').filter({ hasText: /^Rollen \(\d+\)/ })).toContainText(
      'Planer-Administrator',
    );
    await assertAccessible(page);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toBeHidden();

    // The role that alone gives it: deleting it leaves the planner without anyone to administer it.
    await page.goto('/admin/roles');
    await openRow(page, 'Planer-Administrator', 'Planer-Administrator');
    await page.getByRole('button', { name: 'Löschen', exact: true }).click();
    dialog = page.getByRole('alertdialog', { name: '„Planer-Administrator“ löschen?' });
    await expect(dialog.getByTestId('admin-permission-lost')).toContainText(
      'Danach hat niemand mehr die Administrationsberechtigung von 1 Anwendung:',
    );
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();

    // The application: its users lose their access, its open requests go with it.
    await page.goto('/admin/applications');
    await openRow(page, 'Küchenplaner', 'Küchenplaner');
    await page.getByRole('button', { name: 'Löschen', exact: true }).click();
    dialog = page.getByRole('alertdialog', { name: '„Küchenplaner“ löschen?' });
    await expect(dialog).toContainText('„Küchenplaner“ zu löschen betrifft:');
    await expect(
      dialog.getByRole('listitem').filter({ hasText: /^Benutzer, die den Zugriff verlieren \(\d+\)/ }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Küchenplaner' })).toBeVisible();
  });

  test('the administrator undoes the sort number change from the history: the old value is back, as a change of its own', async ({
    page,
  }) => {
    await signInAs(page, 'global-admin', '/admin/applications');
    await openRow(page, 'Marketing', 'Marketing-Downloads');
    await expect(field(page, 'Sortiernummer')).toHaveValue('45');
    const changed = historyRow(page, 'Sortiernummer');
    await expect(changed).toContainText('40 → 45');
    const undo = changed.getByRole('button', { name: /^Rückgängig machen/ });

    // Unsaved input first: the undo waits and says why; typed back, it is offered again.
    const description = await field(page, 'Beschreibung').inputValue();
    await fillAdminField(page, 'Beschreibung', `${description} (Entwurf)`);
    await expect(undo).toBeDisabled();
    await expect(page.getByText('Speichern oder verwerfen Sie zuerst Ihre Eingaben')).toBeVisible();
    await fillAdminField(page, 'Beschreibung', description);
    await expect(undo).toBeEnabled();

    await undo.click();
    await expect(page.getByText('Die Änderung wurde rückgängig gemacht.')).toBeVisible();
    await expect(field(page, 'Sortiernummer')).toHaveValue('40');
    const undone = historyRow(page, 'Sortiernummer');
    await expect(undone).toContainText('45 → 40');
    await expect(undone).toContainText('Greta Gruber');
    // The first change no longer holds: it cannot be undone again.
    const first = historyTable(page)
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Sortiernummer', exact: true }) })
      .filter({ hasText: '40 → 45' });
    await expect(first.getByRole('button', { name: /^Rückgängig machen/ })).toHaveCount(0);
    await assertAccessible(page);
  });
});
