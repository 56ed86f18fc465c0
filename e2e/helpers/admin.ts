// Helpers of the admin console's specs: fields by label (required ones carry "(Pflichtfeld)"
// for screen readers), pickers, saving, the sidebar, history and deliveries tables.
import type { Locator, Page } from '@playwright/test';
import { expect } from './portal.ts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A form field by its visible label (with or without the required mark). */
export function field(page: Page, label: string): Locator {
  return page.getByLabel(new RegExp(`^${escape(label)}\\s*\\*?\\s*(\\(Pflichtfeld\\))?$`));
}

export async function fillAdminField(page: Page, label: string, value: string): Promise<void> {
  await field(page, label).fill(value);
}

/** Type an entry into a tag input (spec §2) and confirm it with Enter. */
export async function addTag(page: Page, label: string, entry: string): Promise<void> {
  const input = field(page, label);
  await input.fill(entry);
  await input.press('Enter');
}

export function sidebar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Admin-Navigation' });
}

/** Go to a console section from the sidebar, opening it first where it is a panel (narrow screens, full-width pages). */
export async function goToSection(page: Page, name: string): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Navigation öffnen' });
  if (await toggle.isVisible()) await toggle.click();
  await sidebar(page).getByRole('link', { name, exact: true }).click();
}

/** Open a picker ("Attribut hinzufügen"), search and choose the entry whose name starts with `name`. */
export async function pick(page: Page, pickerLabel: string, search: string, name: string): Promise<void> {
  await page.getByRole('button', { name: pickerLabel, exact: true }).click();
  await page.getByRole('searchbox', { name: pickerLabel }).fill(search);
  await page
    .getByRole('list', { name: pickerLabel })
    .getByRole('button', { name: new RegExp(`^${escape(name)}`) })
    .first()
    .click();
}

export async function clickSave(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
}

export async function assertSaved(page: Page): Promise<void> {
  await expect(page.getByText('Die Änderungen wurden gespeichert.').first()).toBeVisible();
}

/** On an application's page in the console: its webhook switched off and saved. */
export async function removeWebhook(page: Page): Promise<void> {
  const webhook = page.getByRole('switch', { name: 'Webhook einrichten' });
  await expect(webhook).toBeChecked();
  await webhook.click();
  await clickSave(page);
  await assertSaved(page);
}

export function historyTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Änderungsverlauf' });
}

export function deliveriesTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Zustellungen des Webhooks' });
}

/** Search a list and open the row whose link has this name. */
export async function openRow(page: Page, search: string, linkName: string): Promise<void> {
  await page.getByRole('searchbox').first().fill(search);
  await page.getByRole('table').getByRole('link', { name: linkName, exact: true }).click();
}

/** A minimal SVG logo (well under 2 MB). */
export const logoSvg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#2563eb"/><path d="M16 44h32v4H16z" fill="#fff"/></svg>',
);
