// #30.2: request rules in the console and the end of a user's access. The global administrator
// makes requests for the marketing downloads need a justification and time-bound access of at
// most 30 days (0 days refused beside the field), sees the change in the history, and sets the
// rules back. The kitchen planner's administrator gives a user's access a last day, sees it on
// the users' list, extends it and removes it again (the demo data stays as it was).
import { demoApps } from '../helpers/accounts.ts';
import { assertAccessible, expect, signInAs, test } from '../helpers/portal.ts';
import { assertSaved, clickSave, historyTable } from '../helpers/admin.ts';

test.describe.configure({ mode: 'serial' });

/** An ISO day `n` days from today (the browser's time zone is the spec's, Europe/Berlin). */
function dayIn(n: number): string {
  const at = new Date(Date.now() + n * 86_400_000);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}

test("an application's request rules: justification, time-bound access and its longest days", async ({ page }) => {
  test.setTimeout(180_000); // three saves and a reload on a shared, loaded machine
  await signInAs(page, 'global-admin', `/admin/applications/${demoApps.marketing}`);
  await expect(page.getByRole('heading', { name: 'Regeln für Zugriffsanfragen' })).toBeVisible();
  const justification = page.getByRole('combobox', { name: 'Begründung bei der Anfrage' });
  await expect(justification).toHaveValue('optional');
  await justification.selectOption({ label: 'Erforderlich' });
  await page.getByRole('switch', { name: 'Befristeter Zugriff' }).click();
  const days = page.getByRole('textbox', { name: 'Höchstdauer in Tagen' });
  await days.fill('0');
  await clickSave(page);
  await expect(page.getByText('Bitte eine ganze Zahl von 1 bis 3650 eingeben.')).toBeVisible();
  await assertAccessible(page);
  await days.fill('30');
  await clickSave(page);
  await assertSaved(page);

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Begründung bei der Anfrage' })).toHaveValue('required');
  await expect(page.getByRole('textbox', { name: 'Höchstdauer in Tagen' })).toHaveValue('30');
  const history = historyTable(page);
  await expect(history.getByText('Begründung bei der Anfrage')).toBeVisible();
  await expect(history.getByText('Höchstdauer in Tagen')).toBeVisible();

  // Back as seeded: optional, not time-bound.
  await page.getByRole('combobox', { name: 'Begründung bei der Anfrage' }).selectOption({ label: 'Freiwillig' });
  await page.getByRole('switch', { name: 'Befristeter Zugriff' }).click();
  await expect(page.getByRole('textbox', { name: 'Höchstdauer in Tagen' })).toHaveCount(0);
  await clickSave(page);
  await assertSaved(page);
});

// A fictional user of the kitchen planner (time-bound, at most 365 days); admin-user-roles.spec.ts
// uses him too and finds him as seeded.
const ben = { id: '70000000-0000-4000-8000-000000000001', name: 'Ben Neumann' };
const userPage = `/admin/${demoApps.kitchenPlanner}/users/${ben.id}`;

test("a user's access gets a last day, shown on the users' list, extended and removed", async ({ page }) => {
  test.setTimeout(180_000);
  await signInAs(page, 'app-admin', userPage);
  await expect(page.getByRole('heading', { level: 1, name: ben.name })).toBeVisible();
  await expect(page.getByText('Der Zugriff ist unbefristet.')).toBeVisible();
  const lastDay = page.getByLabel('Letzter Tag des Zugriffs');
  await lastDay.fill(dayIn(20));
  await clickSave(page);
  await assertSaved(page);
  await expect(page.getByText(/^Der Zugriff endet nach dem /)).toBeVisible();
  await assertAccessible(page);

  // The users' list says until when.
  await page.goto(`/admin/${demoApps.kitchenPlanner}/users`);
  await page.getByRole('searchbox').first().fill('Neumann');
  const row = page.getByRole('row', { name: new RegExp(ben.name) });
  const shown = new Intl.DateTimeFormat('de', { dateStyle: 'medium' }).format(new Date(`${dayIn(20)}T12:00:00`));
  await expect(row).toContainText(shown);
  await row.getByRole('link', { name: ben.name, exact: true }).click();

  // Extended by a later day, then removed.
  await expect(page.getByRole('heading', { level: 1, name: ben.name })).toBeVisible();
  await page.getByLabel('Letzter Tag des Zugriffs').fill(dayIn(40));
  await clickSave(page);
  await assertSaved(page);
  const later = new Intl.DateTimeFormat('de', { dateStyle: 'medium' }).format(new Date(`${dayIn(40)}T12:00:00`));
  await expect(page.getByText(`Der Zugriff endet nach dem ${later}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Ende entfernen' }).click();
  await clickSave(page);
  await expect(page.getByText('Der Zugriff ist unbefristet.')).toBeVisible();
});
