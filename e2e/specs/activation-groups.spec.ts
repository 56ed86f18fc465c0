// #29.3 as the day goes: Ilse Intern, an employee in the directory group „HK-Vertrieb“, signs in and
// finds Marketing-Downloads among her apps: no administrator granted it, the application's activation
// group did (the demo data grants it to nobody directly). The global administrator opens her access
// and reads why: the activation group over the directory group „HK-Vertrieb“, for the access and for
// its role, by nobody (the system). Then IT takes her out of the group (the spec edits the local
// provider's directory, as an administrator of Entra ID would); at her next sign-in the application
// is gone, the administrator reads that she has no access, and the history in her own data holds the
// grant and the removal, neither made by her. The directory is restored at the end.
import { readFile } from 'node:fs/promises';
import { account, demoApps, fullNameOf, urls } from '../helpers/accounts.ts';
import { readDirectory, setGroups, writeDirectory, type Directory } from '../helpers/directory.ts';
import {
  assertAccessible,
  clickButton,
  clickSignOut,
  expect,
  germanDevice,
  goToSettings,
  signInAs,
  test,
} from '../helpers/portal.ts';

const employee = account('internal-employee');
const group = 'HK-Vertrieb';
const application = 'Marketing-Downloads';
const role = 'Downloader';
const byTheGroup = `Aktivierungsgruppe über die Verzeichnisgruppe „${group}“`;
const accessPage = `/admin/${demoApps.marketing}/users/${employee.id}`;

let directory: Directory | undefined;
test.beforeAll(async () => {
  directory = await readDirectory();
});
test.afterAll(async () => {
  if (directory !== undefined) await writeDirectory(directory);
});

interface MyData {
  applications: { label: string; roles: string[] }[];
  history: { at: string; table: string; entity: string; mode: string; madeByYou: boolean }[];
}

test('an employee gets an application by her directory group and loses it at the next sign-in once she left it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000); // two accounts, three sign-ins on a shared machine
  // The directory as IT keeps it: she is in the group (apps/idp: the demo directory).
  const before = directory?.[employee.id] ?? [];
  expect(before).toContain(group);

  // She signs in: the application is on her launcher.
  await signInAs(page, 'internal-employee');
  const myApps = page.getByRole('list', { name: 'Meine Apps' });
  await expect(myApps.getByRole('link', { name: new RegExp(application) })).toBeVisible();
  await expect(myApps.getByRole('link', { name: /Personal-App/ })).toBeVisible();
  await assertAccessible(page);

  // The global administrator, on a device of her own, opens the employee's access: why she has it.
  const admin = await germanDevice(browser);
  await signInAs(admin, 'global-admin', accessPage);
  await expect(admin.getByRole('heading', { level: 1, name: fullNameOf(employee) })).toBeVisible();
  await expect(
    admin.getByRole('group', { name: 'Rollen' }).getByRole('checkbox', { name: role, exact: true }),
  ).toBeChecked();
  const reasons = admin.getByRole('region', { name: 'Warum dieser Zugriff' });
  await expect(reasons.getByRole('definition').first()).toHaveText(new RegExp(`^${byTheGroup} am `));
  await expect(reasons.getByRole('listitem').filter({ hasText: role })).toContainText(byTheGroup);
  await expect(reasons).not.toContainText('Direkt vergeben');
  await assertAccessible(admin);

  // IT takes her out of the group; she signs out and in again: the application is gone, the rest stays.
  await setGroups(
    employee.id,
    before.filter((g) => g !== group),
  );
  await clickSignOut(page, employee);
  await expect(page).toHaveURL(`${urls.portal}/auth/logout-success`);
  await signInAs(page, 'internal-employee');
  await expect(myApps.getByRole('link', { name: /Personal-App/ })).toBeVisible();
  await expect(myApps.getByRole('link', { name: new RegExp(application) })).toHaveCount(0);

  // The administrator reads it again: no access, so no reasons.
  await admin.reload();
  await expect(admin.getByRole('heading', { level: 1, name: fullNameOf(employee) })).toBeVisible();
  await expect(admin.getByLabel('Zugriff seit')).toHaveValue('Kein Zugriff');
  await expect(
    admin.getByRole('region', { name: 'Warum dieser Zugriff' }).getByText('Kein Zugriff, daher keine Gründe.'),
  ).toBeVisible();
  await admin.context().close();

  // Her data (settings → security): the access's history, granted and removed by the system.
  await goToSettings(page, 'Sicherheit');
  const [download] = await Promise.all([page.waitForEvent('download'), clickButton(page, 'Meine Daten herunterladen')]);
  const data = JSON.parse(await readFile(await download.path(), 'utf8')) as MyData;
  expect(data.applications.map((a) => a.label)).not.toContain(application);
  const access = data.history
    .filter((h) => h.table === 'application_users' && h.entity === `${demoApps.marketing}:${employee.id}`)
    .sort((a, b) => a.at.localeCompare(b.at));
  expect(access.map((h) => h.mode)).toContain('CREATE');
  expect(access.at(-1)?.mode).toBe('DELETE');
  expect(access.every((h) => !h.madeByYou)).toBe(true);
});
