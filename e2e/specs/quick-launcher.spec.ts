// The quick launcher (#20.1): a partner opens the settings and an application without the
// mouse — Ctrl+K (or "/"), a few letters, Enter; Escape closes it where they were; an
// administrator reaches a console page the same way, and a user or a role found by part of its name.
import { account, demoApps, fullNameOf, urls } from '../helpers/accounts.ts';
import { assertAccessible, expect, signInAs, test } from '../helpers/portal.ts';

test('a partner finds a settings page and an application by name with the keyboard alone', async ({ page }) => {
  await page.route('https://service.hk-demo.test/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Serviceportal</title>' }),
  );
  await signInAs(page, 'partner');
  const dialog = page.getByRole('dialog', { name: 'Schnellstart' });
  const search = dialog.getByRole('combobox', { name: 'Apps und Seiten suchen' });

  // "/" outside a text field; the dialog's code loads now.
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await expect(dialog.getByRole('option')).toHaveCount(5);
  await assertAccessible(page);
  await page.keyboard.type('sicher');
  await expect(dialog.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${urls.portal}/settings/security`);
  await expect(dialog).toHaveCount(0);

  // Typed into a field, "/" is just a character; Ctrl+K still opens the launcher.
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Apps durchsuchen' }).focus();
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Apps durchsuchen' })).toHaveValue('/');
  await expect(dialog).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Apps durchsuchen' }).fill('');
  await page.keyboard.press('Control+k');
  await expect(search).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('searchbox', { name: 'Apps durchsuchen' })).toBeFocused();

  // An application opens through the gate and counts as a launch.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('serv');
  await expect(dialog.getByRole('option', { name: /Serviceportal/ })).toHaveAttribute('aria-selected', 'true');
  const recorded = page.waitForResponse(
    (r) => r.url().endsWith(`/My/Applications/${demoApps.servicePortal}/Launch`) && r.request().method() === 'POST',
  );
  await page.keyboard.press('Enter');
  expect((await recorded).status()).toBe(204);
  await expect(page).not.toHaveURL(`${urls.portal}/`);
});

test('an administrator reaches a console page by name', async ({ page }) => {
  await signInAs(page, 'global-admin');
  const dialog = page.getByRole('dialog', { name: 'Schnellstart' });
  await page.keyboard.press('Control+k');
  await expect(dialog.getByRole('combobox', { name: 'Apps und Seiten suchen' })).toBeFocused();
  await page.keyboard.type('rollen');
  await expect(dialog.getByRole('option', { name: /Rollen/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${urls.portal}/admin/roles`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rollen' })).toBeVisible();
});

test('an administrator finds a user and a role by part of the name and opens its page with Enter', async ({ page }) => {
  const paul = account('app-admin');
  await signInAs(page, 'global-admin');
  const dialog = page.getByRole('dialog', { name: 'Schnellstart' });

  // Searched on the server (the users' list call with its search), named by its kind.
  await page.keyboard.press('Control+k');
  await expect(dialog.getByRole('combobox', { name: 'Apps und Seiten suchen' })).toBeFocused();
  const searched = page.waitForRequest(
    (r) => r.url().includes('/api/Users?') && new URL(r.url()).searchParams.get('search') === 'paul pla',
  );
  await page.keyboard.type('paul pla');
  await searched;
  const user = dialog.getByRole('option', { name: new RegExp(`${fullNameOf(paul)}.*Benutzer`) });
  await expect(user).toHaveAttribute('aria-selected', 'true');
  await assertAccessible(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${urls.portal}/admin/users/${paul.id}`);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: fullNameOf(paul) })).toBeVisible();

  // A role: the arrows reach it behind what else matches.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('planbetr');
  const role = dialog.getByRole('option', { name: /Planbetrachter.*Rolle/ });
  await expect(role).toBeVisible();
  while ((await role.getAttribute('aria-selected')) !== 'true') await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/roles\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Planbetrachter' })).toBeVisible();

  // One kind's call fails: the others' results are there, and a short note says so.
  await page.route(/\/api\/Roles\?/, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[]}' }),
  );
  await page.keyboard.press('Control+k');
  await page.keyboard.type('paul pla');
  await expect(dialog.getByRole('option', { name: new RegExp(`${fullNameOf(paul)}.*Benutzer`) })).toBeVisible();
  await expect(dialog.getByText('Einige Treffer aus der Verwaltung konnten nicht geladen werden.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});
