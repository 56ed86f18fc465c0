// #20.3: bulk changes and the CSV import. The global administrator chooses three users of the
// kitchen planner and grants them a role at once (and takes it away again at once); then
// imports a CSV file: the dry run lists what would change and the one invalid line with its
// reason, nothing can be applied until the line is corrected, the import is applied and its
// report downloaded; a user's access is removed with the bulk action and given back by import,
// so the demo data ends as it began. The kitchen planner's administrator accepts two open
// requests at once and denies one with the reason it asks for, and reads who decided it
// (decisions are final: the two users' access is removed again at the end, the requests stay decided).
// #28.6: an applied import, a bulk change and a decision of several requests are jobs: the
// applied import answers 202 with the job's address (its Idempotency-Key sent along), the page
// shows the job's result, the job read through the portal is SUCCEEDED with that result, and
// the same submit sent again is recognised as that job (nothing applied twice).
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { account, demoApps, fullNameOf } from '../helpers/accounts.ts';
import { assertAccessible, expect, signInAs, test } from '../helpers/portal.ts';
import { sidebar } from '../helpers/admin.ts';

test.describe.configure({ mode: 'serial' });

// Fictional users of the kitchen planner's demo data with the role "Planer", used by no other spec.
const three = ['David Wagner', 'Emma Keller', 'Greta Hoffmann'];
// Ida Fischer has "Planbetrachter" and the account access "Küchenstudio Nord GmbH".
const ida = {
  name: 'Ida Fischer',
  email: 'ida.fischer.28@example.test',
  roles: 'kitchen_planner.viewer',
  accountAccesses: 'dealer.nord',
};
const usersPage = `/admin/${demoApps.kitchenPlanner}/users`;

function usersTable(page: Page) {
  return page.getByRole('table', { name: 'Benutzer von Küchenplaner' });
}

function rowOf(page: Page, name: string) {
  return usersTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
}

async function choose(page: Page, names: readonly string[]): Promise<void> {
  for (const name of names) await page.getByRole('checkbox', { name: `${name} auswählen` }).check();
}

function bulkBar(page: Page) {
  return page.getByRole('group', { name: 'Aktionen für die Auswahl' });
}

async function changeRoles(page: Page, action: 'Rollen hinzufügen' | 'Rollen entfernen', role: string): Promise<void> {
  await bulkBar(page).getByRole('button', { name: action }).click();
  const dialog = page.getByRole('dialog', { name: action });
  await expect(dialog).toContainText(`Gilt für: ${three.join(', ')}`);
  await dialog.getByRole('checkbox', { name: role, exact: true }).check();
  await dialog.getByRole('button', { name: 'Übernehmen' }).click();
  await expect(page.getByText('Zugriff geändert: 3').first()).toBeVisible();
  await expect(bulkBar(page)).toHaveCount(0);
}

async function importCsv(page: Page, csv: string): Promise<void> {
  await page
    .getByLabel('CSV-Datei wählen')
    .setInputFiles({ name: 'zugriffe.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByLabel('Inhalt der CSV-Datei')).toHaveValue(csv);
  await page.getByRole('button', { name: 'Probelauf' }).click();
}

test('three users of the kitchen planner get a role at once, and lose it again at once', async ({ page }) => {
  test.setTimeout(180_000); // sign-in, two bulk changes and their reloads on a shared, loaded machine
  await signInAs(page, 'global-admin', usersPage);
  for (const name of three) await expect(rowOf(page, name)).toContainText('Planer');
  await choose(page, three);
  await expect(bulkBar(page)).toContainText('Ausgewählt: 3');
  await assertAccessible(page);

  // Without a role ticked, the dialog says why and sends nothing.
  await bulkBar(page).getByRole('button', { name: 'Rollen hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rollen hinzufügen' });
  await dialog.getByRole('button', { name: 'Übernehmen' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Es muss mindestens eine Rolle ausgewählt werden!');
  await assertAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await changeRoles(page, 'Rollen hinzufügen', 'Planbetrachter');
  for (const name of three) await expect(rowOf(page, name)).toContainText('Planer, Planbetrachter');

  // The same three again, chosen by keyboard this time (Space on the row's checkbox).
  for (const name of three) {
    await page.getByRole('checkbox', { name: `${name} auswählen` }).focus();
    await page.keyboard.press('Space');
  }
  await changeRoles(page, 'Rollen entfernen', 'Planbetrachter');
  for (const name of three) await expect(rowOf(page, name)).not.toContainText('Planbetrachter');

  // Removing it once more changes nothing, and the toast says so (#30.7), not "Zugriff geändert: 3".
  await choose(page, three);
  await bulkBar(page).getByRole('button', { name: 'Rollen entfernen' }).click();
  const again = page.getByRole('dialog', { name: 'Rollen entfernen' });
  await again.getByRole('checkbox', { name: 'Planbetrachter', exact: true }).check();
  await again.getByRole('button', { name: 'Übernehmen' }).click();
  await expect(
    page.getByText('Nichts geändert: Der Zugriff der gewählten Benutzer war schon so.').first(),
  ).toBeVisible();
});

test('a CSV import: dry run with an invalid line and its reason, corrected, applied, reported; an access removed and given back', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, 'global-admin', usersPage);
  await page.getByRole('link', { name: 'CSV importieren' }).click();
  await expect(page).toHaveURL(new RegExp(`${usersPage}/import$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Zugriffe aus CSV importieren' })).toBeVisible();

  const valid = `${ida.email};kitchen_planner.planner|kitchen_planner.viewer;dealer.nord`;
  await importCsv(
    page,
    ['email;roles;accountAccesses', valid, 'niemand@example.test;kitchen_planner.planner;'].join('\n'),
  );
  const invalid = page.getByRole('table', { name: 'Ungültige Zeilen' });
  await expect(invalid.getByRole('row').filter({ hasText: 'niemand@example.test' })).toContainText(
    'Es gibt keinen Benutzer mit der E-Mail-Adresse „niemand@example.test“.',
  );
  await expect(
    page.getByRole('table', { name: 'Was sich ändert' }).getByRole('row').filter({ hasText: ida.email }),
  ).toContainText('Zugriff ändern');
  await expect(page.getByText('Probelauf: Es wurde noch nichts geändert.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Übernehmen' })).toBeDisabled();
  await assertAccessible(page);

  // Corrected in the field (the invalid line taken out): once more, then applied.
  await page.getByLabel('Inhalt der CSV-Datei').fill(['email;roles;accountAccesses', valid].join('\n'));
  await expect(
    page.getByText('Der Inhalt wurde nach dem Probelauf geändert. Starten Sie den Probelauf erneut.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Probelauf' }).click();
  await expect(page.getByText('Änderungen: 1 · Unverändert: 0 · Ungültige Zeilen: 0')).toBeVisible();
  const submitted = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/Users/Import') && r.status() === 202,
  );
  await page.getByRole('button', { name: 'Übernehmen' }).click();
  const accepted = await submitted;
  await expect(page.getByText('Import übernommen. Änderungen: 1').first()).toBeVisible();

  // The import was a job (#28.6): 202 with its address; read through the portal it SUCCEEDED with the result shown.
  const job = (await accepted.json()) as { id: string; kind: string; statusUrl: string };
  expect(job.kind).toBe('USERS_IMPORT');
  expect(await accepted.headerValue('location')).toBe(job.statusUrl);
  const key = await accepted.request().headerValue('idempotency-key');
  expect(key).toMatch(/^[0-9a-f-]{36}$/);
  const read = await page.request.get(job.statusUrl);
  expect(read.status()).toBe(200);
  expect(await read.json()).toMatchObject({
    id: job.id,
    status: 'SUCCEEDED',
    result: { applied: true, rows: [{ email: ida.email, change: 'UPDATE' }], invalid: [] },
    error: null,
  });
  // The same submit again (a retry after a timeout would send it so): that job, not a second import.
  const again = await page.request.post(accepted.url(), {
    headers: {
      'content-type': 'application/json',
      'idempotency-key': key ?? '',
      origin: new URL(page.url()).origin,
      'sec-fetch-site': 'same-origin',
    },
    data: accepted.request().postData() ?? '',
  });
  expect(again.status()).toBe(202);
  expect(await again.json()).toMatchObject({ id: job.id, status: 'SUCCEEDED' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Bericht herunterladen' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^import-bericht-\d{4}-\d{2}-\d{2}\.csv$/);
  const report = await readFile(await download.path(), 'utf8');
  expect(report).toContain('Zeile,E-Mail,Ergebnis,Rollen,Kontozugänge,Grund');
  expect(report).toContain(`2,${ida.email},Zugriff ändern,kitchen_planner.planner|kitchen_planner.viewer,dealer.nord,`);

  // Back on the list: Ida has both roles; her access is removed with the bulk action.
  await page.goto(usersPage);
  await expect(rowOf(page, ida.name)).toContainText('Planer, Planbetrachter');
  await choose(page, [ida.name]);
  await bulkBar(page).getByRole('button', { name: 'Zugriff entziehen' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Zugriff der Auswahl entziehen (1)?' });
  await expect(confirm).toContainText(`Diese Benutzer verlieren den Zugriff auf Küchenplaner: ${ida.name}.`);
  await confirm.getByRole('button', { name: 'Zugriff entziehen' }).click();
  await expect(page.getByText('Zugriff entzogen: 1').first()).toBeVisible();
  await expect(rowOf(page, ida.name)).toHaveCount(0);

  // Given back as it was, by import.
  await page.getByRole('link', { name: 'CSV importieren' }).click();
  await importCsv(page, `email,roles,accountAccesses\n${ida.email},${ida.roles},${ida.accountAccesses}\n`);
  await expect(
    page.getByRole('table', { name: 'Was sich ändert' }).getByRole('row').filter({ hasText: ida.email }),
  ).toContainText('Zugriff gewähren');
  await page.getByRole('button', { name: 'Übernehmen' }).click();
  await expect(page.getByText('Import übernommen. Änderungen: 1').first()).toBeVisible();
  await page.goto(usersPage);
  await expect(rowOf(page, ida.name)).toContainText('Planbetrachter');
  await expect(rowOf(page, ida.name)).not.toContainText('Planer,');
});

test("the kitchen planner's administrator accepts two open requests at once and denies one", async ({ page }) => {
  test.setTimeout(180_000);
  // Fictional requesters of the demo data, used by no other spec.
  const accepted = ['Felix Bauer', 'Greta Neumann'] as const;
  const denied = 'Emma Richter';
  await signInAs(page, 'app-admin', `/admin/${demoApps.kitchenPlanner}/access-requests`);
  const requests = page.getByRole('table', { name: 'Zugriffsanfragen für Küchenplaner' });
  await expect(requests.getByRole('link', { name: accepted[0], exact: true })).toBeVisible();
  const badge = sidebar(page).getByText(/^Offene Zugriffsanfragen: \d+$/);
  const open = Number(/(\d+)$/.exec(await badge.innerText())?.[1]);

  await choose(page, accepted);
  await bulkBar(page).getByRole('button', { name: 'Annehmen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ausgewählte Anfragen annehmen (2)' });
  await expect(dialog).toContainText(`Anfragen von: ${accepted.join(', ')}`);
  await dialog.getByRole('button', { name: 'Zugriff gewähren' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Es muss mindestens eine Rolle ausgewählt werden!');
  await dialog
    .getByRole('group', { name: 'Rollen' })
    .getByRole('checkbox', { name: 'Planbetrachter', exact: true })
    .check();
  await assertAccessible(page);
  await dialog.getByRole('button', { name: 'Zugriff gewähren' }).click();
  await expect(page.getByText('Angenommene Anfragen: 2').first()).toBeVisible();
  for (const name of accepted) await expect(requests.getByRole('link', { name, exact: true })).toHaveCount(0);
  await expect(sidebar(page).getByText(`Offene Zugriffsanfragen: ${open - 2}`)).toBeAttached();

  await choose(page, [denied]);
  await bulkBar(page).getByRole('button', { name: 'Ablehnen' }).click();
  const deny = page.getByRole('dialog', { name: 'Ausgewählte Anfragen ablehnen (1)' });
  // A reason is asked for, as for a single denial (#30.7).
  await deny.getByRole('button', { name: 'Anfrage ablehnen' }).click();
  await expect(deny.getByText('Dieses Feld ist erforderlich.')).toBeVisible();
  await assertAccessible(page);
  await deny.getByLabel('Begründung').fill('Bitte über den Händler anfragen.');
  await deny.getByRole('button', { name: 'Anfrage ablehnen' }).click();
  await expect(page.getByText('Abgelehnte Anfragen: 1').first()).toBeVisible();
  await expect(requests.getByRole('link', { name: denied, exact: true })).toHaveCount(0);
  await expect(sidebar(page).getByText(`Offene Zugriffsanfragen: ${open - 3}`)).toBeAttached();

  // The denied request says who decided it and when, with the reason.
  await page.getByLabel('Status').selectOption({ label: 'Abgelehnt' });
  await requests.getByRole('link', { name: denied, exact: true }).click();
  await expect(page.getByLabel('Entschieden von')).toHaveValue(fullNameOf(account('app-admin')));
  await expect(page.getByLabel('Entschieden am')).not.toHaveValue('');
  await expect(page.getByText('Bitte über den Händler anfragen.')).toBeVisible();

  // The two have access with the role; taken away again, so the users' list is as it was.
  await page.goto(usersPage);
  for (const name of accepted) await expect(rowOf(page, name)).toContainText('Planbetrachter');
  await choose(page, accepted);
  await bulkBar(page).getByRole('button', { name: 'Zugriff entziehen' }).click();
  await page
    .getByRole('alertdialog', { name: 'Zugriff der Auswahl entziehen (2)?' })
    .getByRole('button', { name: 'Zugriff entziehen' })
    .click();
  await expect(page.getByText('Zugriff entzogen: 2').first()).toBeVisible();
  for (const name of accepted) await expect(rowOf(page, name)).toHaveCount(0);
});
