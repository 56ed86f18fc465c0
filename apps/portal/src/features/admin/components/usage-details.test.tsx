// #17.15: the delete confirmation says where the entity is used (counts, first names as
// links) before the user confirms; the toast says what the delete removed it from.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EntityUsage } from '@portal/adapters/admin';
import { UiBridge } from '../../../app/app.tsx';
import { createI18n } from '../../../i18n/i18n.ts';
import { ToastProvider } from '../../../app/contexts.tsx';
import { DeleteAction } from './detail-page/layout.tsx';
import type { UsageSubject } from './usage-details.tsx';

const groups: EntityUsage['groups'] = [
  { kind: 'APPLICATION', count: 1, first: [{ id: 'a1000000-0000-4000-8000-000000000002', label: 'Küchenplaner' }] },
  {
    kind: 'USER',
    count: 31,
    first: ['Anna Albers', 'Ben Berg', 'Clara Cordes', 'David Dahl', 'Emma Ernst'].map((label, i) => ({
      id: `u${i}`,
      label,
    })),
  },
];

beforeAll(async () => {
  const i18n = await createI18n('de');
  await i18n.loadNamespaces(['admin', 'ui']);
});
afterEach(cleanup);

async function openDialog(
  load: () => Promise<EntityUsage>,
  onDelete: () => Promise<unknown>,
  subject: UsageSubject = 'roles',
) {
  render(
    <UiBridge>
      <ToastProvider>
        <DeleteAction name="Planer" onDelete={onDelete} afterHref="/admin/roles" usage={{ subject, load }} />
      </ToastProvider>
    </UiBridge>,
  );
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Löschen' }));
  });
  return screen.findByRole('alertdialog', { name: '„Planer“ löschen?' });
}

describe('DeleteAction with usage', () => {
  it('names where the entity is used before the user confirms, and what was removed after', async () => {
    const load = vi.fn(async () => ({ groups }));
    const onDelete = vi.fn(async () => ({ removedFrom: groups }));
    const dialog = await openDialog(load, onDelete);
    await within(dialog).findByText('„Planer“ wird verwendet und beim Löschen überall entfernt:');
    const items = within(dialog).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Anwendungen (1): Küchenplaner',
      'Benutzer (31): Anna Albers, Ben Berg, Clara Cordes, David Dahl, Emma Ernst und 26 weitere Einträge',
    ]);
    expect(within(dialog).getByRole('link', { name: 'Küchenplaner' }).getAttribute('href')).toBe(
      '/admin/applications/a1000000-0000-4000-8000-000000000002',
    );
    expect(within(dialog).getByRole('link', { name: 'Anna Albers' }).getAttribute('href')).toBe('/admin/users/u0');
    expect(dialog.textContent).toContain('wird endgültig gelöscht');
    expect(onDelete).not.toHaveBeenCalled();

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    });
    expect(onDelete).toHaveBeenCalledTimes(1);
    await screen.findByText('„Planer“ wurde gelöscht und entfernt aus: Anwendungen (1), Benutzer (31).');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says when nothing uses it, and keeps the plain toast', async () => {
    const dialog = await openDialog(
      async () => ({ groups: [] }),
      async () => ({ removedFrom: [] }),
    );
    await within(dialog).findByText('„Planer“ wird nirgends verwendet.');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    });
    await waitFor(() => expect(screen.getByText('„Planer“ wurde gelöscht.')).toBeDefined());
  });

  it('still lets the user decide when the usage cannot be read', async () => {
    const dialog = await openDialog(
      async () => {
        throw new Error('offline');
      },
      async () => ({ removedFrom: [] }),
    );
    await within(dialog).findByText('Die Verwendung konnte nicht ermittelt werden.');
  });

  const kitchenPlanner = { id: 'a1000000-0000-4000-8000-000000000002', label: 'Küchenplaner' };
  const lost: EntityUsage['groups'][number] = { kind: 'ADMIN_PERMISSION_LOST', count: 1, first: [kitchenPlanner] };

  it('warns first when the delete leaves an application without anyone holding its admin permission (#30.3)', async () => {
    const dialog = await openDialog(
      async () => ({ groups: [groups[1] as EntityUsage['groups'][number], lost] }),
      async () => ({ removedFrom: [] }),
    );
    const warning = await within(dialog).findByTestId('admin-permission-lost');
    expect(warning.textContent).toBe(
      'Danach hat niemand mehr die Administrationsberechtigung von 1 Anwendung:' +
        'KüchenplanerNur globale Administratoren können sie dann noch verwalten.',
    );
    expect(within(warning).getByRole('link', { name: 'Küchenplaner' }).getAttribute('href')).toBe(
      `/admin/applications/${kitchenPlanner.id}`,
    );
    // The warning stands before the list of the other uses.
    const list = within(dialog).getByRole('list');
    expect(warning.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });

  it('a permission: the applications it is the admin permission of, its roles and holders (#30.3)', async () => {
    const dialog = await openDialog(
      async () => ({
        groups: [
          lost,
          { kind: 'ROLE', count: 1, first: [{ id: 'r5', label: 'Planer-Administrator' }] },
          { kind: 'USER', count: 1, first: [{ id: 'u1', label: 'Paul Planer' }] },
        ],
      }),
      async () => ({ removedFrom: [] }),
      'permissions',
    );
    const warning = await within(dialog).findByTestId('admin-permission-lost');
    expect(warning.textContent).toContain(
      'Dies ist die Administrationsberechtigung von 1 Anwendung; danach hat sie keine mehr:',
    );
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Rollen (1): Planer-Administrator', 'Benutzer, die sie über eine Rolle haben (1): Paul Planer']);
    expect(within(dialog).getByRole('link', { name: 'Planer-Administrator' }).getAttribute('href')).toBe(
      '/admin/roles/r5',
    );
  });

  it('an application or a user: what the delete affects, open requests named without a link (#30.3)', async () => {
    const dialog = await openDialog(
      async () => ({
        groups: [
          { kind: 'USER', count: 31, first: [{ id: 'u1', label: 'Anna Albers' }] },
          { kind: 'ACCESS_REQUEST', count: 2, first: [{ id: 'q1', label: 'Paul Partner' }] },
        ],
      }),
      async () => undefined,
      'applications',
    );
    await within(dialog).findByText('„Planer“ zu löschen betrifft:');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Benutzer, die den Zugriff verlieren (31): Anna Albers und 30 weitere Einträge',
      'Offene Zugriffsanfragen (2): Paul Partner und 1 weiterer Eintrag',
    ]);
    expect(within(dialog).queryByRole('link', { name: 'Paul Partner' })).toBeNull();
    cleanup();
    const nothing = await openDialog(
      async () => ({ groups: [] }),
      async () => undefined,
      'users',
    );
    await within(nothing).findByText('„Planer“ zu löschen betrifft sonst nichts.');
  });
});
