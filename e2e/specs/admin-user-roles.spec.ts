// #17.16: a user's access to an application holds at least one role. The kitchen planner's
// administrator unticks every role of a user and saves: refused beside the roles with the
// spec's message, nothing saved. Taking the access away is "Zugriff entziehen": its own
// confirmation, and a toast that says the access was removed — not that the user was deleted.
// The access is granted again at the end (a role ticked, saved), so the demo data stays as it was.
import { demoApps } from '../helpers/accounts.ts';
import { assertAccessible, expect, signInAs, test } from '../helpers/portal.ts';
import { assertSaved, clickSave } from '../helpers/admin.ts';

test.describe.configure({ mode: 'serial' });

// A fictional user of the kitchen planner's demo data (Ben Neumann, role "Planbetrachter"),
// used by no other spec.
const ben = { id: '70000000-0000-4000-8000-000000000001', name: 'Ben Neumann' };
const userPage = `/admin/${demoApps.kitchenPlanner}/users/${ben.id}`;
const required = 'Es muss mindestens eine Rolle ausgewählt werden!';

test('no role is refused; removing the access is its own action and says so', async ({ page }) => {
  test.setTimeout(180_000); // four page loads and three saves on a shared, loaded machine
  await signInAs(page, 'app-admin', userPage);
  await expect(page.getByRole('heading', { level: 1, name: ben.name })).toBeVisible();
  const roles = page.getByRole('group', { name: 'Rollen' });
  const viewer = roles.getByRole('checkbox', { name: 'Planbetrachter', exact: true });
  await expect(viewer).toBeChecked();

  // Untick every role and save: refused beside the roles, nothing saved.
  await viewer.uncheck();
  await clickSave(page);
  await expect(roles.getByText(required)).toBeVisible();
  await expect(roles).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByText('Um den Zugriff auf die Anwendung ganz zu entfernen, nutzen Sie „Zugriff entziehen“.'),
  ).toBeVisible();
  await expect(page.getByText('Die Änderungen wurden gespeichert.')).toHaveCount(0);
  await assertAccessible(page);
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Rollen' }).getByRole('checkbox', { name: 'Planbetrachter', exact: true }),
  ).toBeChecked();

  // Remove the access: asked first, then told the access (not the account) is gone.
  await page.getByRole('button', { name: 'Zugriff entziehen' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Zugriff von ${ben.name} entziehen?` });
  await expect(dialog).toContainText(`${ben.name} verliert den Zugriff auf Küchenplaner.`);
  await dialog.getByRole('button', { name: 'Zugriff entziehen' }).click();
  await expect(
    page
      .getByText(`Der Zugriff von „${ben.name}“ auf Küchenplaner wurde entzogen. Das Benutzerkonto bleibt bestehen.`)
      .first(),
  ).toBeVisible();
  await expect(page.getByText(`„${ben.name}“ wurde gelöscht.`)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/admin/${demoApps.kitchenPlanner}/users$`));

  // The account is still there, without access; granting needs a role again.
  await page.goto(userPage);
  await expect(page.getByRole('heading', { level: 1, name: ben.name })).toBeVisible();
  await expect(page.getByLabel('Zugriff seit')).toHaveValue('Kein Zugriff');
  const again = page
    .getByRole('group', { name: 'Rollen' })
    .getByRole('checkbox', { name: 'Planbetrachter', exact: true });
  await again.check();
  await clickSave(page);
  await assertSaved(page);
  await expect(page.getByRole('button', { name: 'Zugriff entziehen' })).toBeVisible();
});
