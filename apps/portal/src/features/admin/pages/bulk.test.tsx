// #20.3: bulk actions on the console's lists and the CSV import, with a fake admin API.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AccessRequestSummary, ApplicationUserSummary, ImportResult, RoleSummary } from '@portal/adapters/admin';
import { createI18n } from '../../../i18n/i18n.ts';
import { AdminPageFrame, page, planner } from '../test-kit.tsx';
import AccessRequestsListPage from './access-requests-list.tsx';
import AppUsersListPage from './app-users-list.tsx';
import AppUsersImportPage from './app-users-import.tsx';
import RolesListPage from './roles-list.tsx';

beforeAll(async () => {
  const i18n = await createI18n('de');
  await i18n.loadNamespaces(['admin', 'common', 'ui']);
});
afterEach(cleanup);

const user = (id: string, fullName: string): ApplicationUserSummary => ({
  id,
  fullName,
  email: `${id}@example.test`,
  companyName: null,
  accessSince: '2026-11-01T00:00:00.000Z',
  endsAt: null,
  roles: [],
});
const users = [user('u1', 'Anna Bauer'), user('u2', 'Ben Koch'), user('u3', 'Clara Weber')];

function renderAt(
  path: string,
  pattern: string,
  component: () => React.JSX.Element | null,
  api: Record<string, unknown>,
) {
  const { hook } = memoryLocation({ path });
  render(
    <Router hook={hook}>
      <AdminPageFrame api={api}>
        <Route path={pattern} component={component} />
      </AdminPageFrame>
    </Router>,
  );
}

describe('several users of an application at once', () => {
  it('adds a role to the chosen users: the rule of at least one role first, then one call, a toast and the list asked again', async () => {
    const listApplicationUsers = vi.fn(() => Promise.resolve({ items: users, total: 3 }));
    const bulkUpdateApplicationUsers = vi.fn(() => Promise.resolve(2));
    const api = {
      listApplicationUsers,
      bulkUpdateApplicationUsers,
      applicationUsersExportUrl: () => '/x',
      selectRoles: () => page([{ id: 'r1', key: 'planner', label: 'Planer' }]),
    };
    renderAt(`/admin/${planner.id}/users`, '/admin/:application/users', AppUsersListPage, api);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Anna Bauer auswählen' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Clara Weber auswählen' }));
    const bar = screen.getByRole('group', { name: 'Aktionen für die Auswahl' });
    expect(within(bar).getByText('Ausgewählt: 2')).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Rollen hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rollen hinzufügen' });
    expect(within(dialog).getByText('Gilt für: Anna Bauer, Clara Weber')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Es muss mindestens eine Rolle ausgewählt werden!');
    expect(bulkUpdateApplicationUsers).not.toHaveBeenCalled();
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Planer' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    await waitFor(() =>
      expect(bulkUpdateApplicationUsers).toHaveBeenCalledWith(planner.id, {
        action: 'addRoles',
        userIds: ['u1', 'u3'],
        roleIds: ['r1'],
      }),
    );
    expect(await screen.findByText('Zugriff geändert: 2')).toBeTruthy();
    await waitFor(() => expect(listApplicationUsers).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('group', { name: 'Aktionen für die Auswahl' })).toBeNull();
  });

  it('says what really changed (#30.7): nothing, when the chosen users had it already', async () => {
    const api = {
      listApplicationUsers: () => Promise.resolve({ items: users, total: 3 }),
      bulkUpdateApplicationUsers: vi.fn(() => Promise.resolve(0)),
      applicationUsersExportUrl: () => '/x',
      selectRoles: () => page([{ id: 'r1', key: 'planner', label: 'Planer' }]),
    };
    renderAt(`/admin/${planner.id}/users`, '/admin/:application/users', AppUsersListPage, api);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Anna Bauer auswählen' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ben Koch auswählen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rollen hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rollen hinzufügen' });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Planer' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    expect(await screen.findByText('Nichts geändert: Der Zugriff der gewählten Benutzer war schon so.')).toBeTruthy();
    expect(screen.queryByText(/Zugriff geändert/)).toBeNull();
  });

  it('a refused call keeps the dialog, the ticked role and the choice, and says why', async () => {
    const refusal = Object.assign(new Error('400'), {
      status: 400,
      body: {
        error: { code: 'applicationUser.lastRole', message: 'Dem Benutzer b@x bliebe keine Rolle.', errors: [] },
      },
    });
    const bulkUpdateApplicationUsers = vi.fn(() => Promise.reject(refusal));
    const api = {
      listApplicationUsers: () => Promise.resolve({ items: users, total: 3 }),
      bulkUpdateApplicationUsers,
      applicationUsersExportUrl: () => '/x',
      selectRoles: () => page([{ id: 'r1', key: 'planner', label: 'Planer' }]),
    };
    renderAt(`/admin/${planner.id}/users`, '/admin/:application/users', AppUsersListPage, api);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Alle Zeilen dieser Seite auswählen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rollen entfernen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rollen entfernen' });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Planer' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    await waitFor(() => expect(bulkUpdateApplicationUsers).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Übernehmen' }).hasAttribute('disabled')).toBe(false),
    );
    expect(screen.getByRole('dialog', { name: 'Rollen entfernen' })).toBeTruthy();
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Planer' }).checked).toBe(true);
    expect(screen.getAllByText('Ausgewählt: 3').length).toBeGreaterThan(0);
  });
});

describe('bulk delete on a global list', () => {
  it('asks first, naming the chosen roles, then deletes them in one call', async () => {
    const roles: RoleSummary[] = [
      { id: 'a', key: 'one', label: 'Erste', description: '' },
      { id: 'b', key: 'two', label: 'Zweite', description: '' },
    ];
    const removeMany = vi.fn(() => Promise.resolve(2));
    const api = {
      roles: { list: () => Promise.resolve({ items: roles, total: 2 }), exportUrl: () => '/x', removeMany },
    };
    renderAt('/admin/roles', '/admin/roles', RolesListPage, api);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Erste auswählen' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Zweite auswählen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Auswahl löschen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Ausgewählte Einträge löschen (2)?' });
    expect(within(dialog).getByText(/Diese Einträge werden gelöscht: Erste, Zweite\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(removeMany).toHaveBeenCalledWith(['a', 'b']));
    expect(await screen.findByText('Gelöschte Einträge: 2')).toBeTruthy();
  });
});

describe("the CSV import of users' access", () => {
  it('a dry run shows each invalid line with its reason; apply is offered only after a clean dry run of the text as it is', async () => {
    const invalid: ImportResult = {
      applied: false,
      rows: [
        {
          line: 2,
          email: 'a@example.test',
          userId: 'u1',
          change: 'GRANT',
          roles: [{ id: 'r1', key: 'planner', label: 'Planer' }],
          accountAccesses: [],
        },
      ],
      invalid: [
        {
          line: 3,
          email: 'nobody@example.test',
          message: 'Es gibt keinen Benutzer mit der E-Mail-Adresse „nobody@example.test“.',
        },
      ],
    };
    const clean: ImportResult = { ...invalid, invalid: [] };
    const importApplicationUsers = vi.fn((_app: string, csv: string, apply: boolean) =>
      Promise.resolve(apply ? { ...clean, applied: true } : csv.includes('nobody') ? invalid : clean),
    );
    renderAt(`/admin/${planner.id}/users/import`, '/admin/:application/users/import', AppUsersImportPage, {
      importApplicationUsers,
    });
    const text = screen.getByLabelText('Inhalt der CSV-Datei');
    fireEvent.click(screen.getByRole('button', { name: 'Probelauf' }));
    expect(
      screen.getByText('Fügen Sie den Inhalt einer CSV-Datei ein oder wählen Sie eine Datei.').getAttribute('role'),
    ).toBe('alert');
    fireEvent.change(text, { target: { value: 'email,roles\na@example.test,planner\nnobody@example.test,planner' } });
    fireEvent.click(screen.getByRole('button', { name: 'Probelauf' }));
    const problems = await screen.findByRole('table', { name: 'Ungültige Zeilen' });
    expect(
      within(problems).getByText('Es gibt keinen Benutzer mit der E-Mail-Adresse „nobody@example.test“.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Übernehmen' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(text, { target: { value: 'email,roles\na@example.test,planner' } });
    expect(
      screen.getByText('Der Inhalt wurde nach dem Probelauf geändert. Starten Sie den Probelauf erneut.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Probelauf' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Übernehmen' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Übernehmen' }));
    await waitFor(() =>
      expect(importApplicationUsers).toHaveBeenLastCalledWith(planner.id, 'email,roles\na@example.test,planner', true),
    );
    expect((await screen.findAllByText('Import übernommen. Änderungen: 1')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Bericht herunterladen' })).toBeTruthy();
    expect((text as HTMLTextAreaElement).value).toBe('email,roles\na@example.test,planner');
  });
});

describe('several open access requests at once (#30.7)', () => {
  const request = (id: string, fullName: string): AccessRequestSummary => ({
    id,
    applicationId: planner.id,
    status: 'OPEN',
    requestedAt: '2026-11-01T00:00:00.000Z',
    user: { id: `user-${id}`, fullName, email: `${id}@example.test`, companyName: null },
    requestedAccountAccess: null,
  });

  it('denies only with a reason, as a single denial; the toast counts what the API decided', async () => {
    const decideAccessRequests = vi.fn(() => Promise.resolve(2));
    const api = {
      listAccessRequests: () =>
        Promise.resolve({ items: [request('q1', 'Anna Bauer'), request('q2', 'Ben Koch')], total: 2 }),
      accessRequestsExportUrl: () => '/x',
      decideAccessRequests,
    };
    renderAt(
      `/admin/${planner.id}/access-requests`,
      '/admin/:application/access-requests',
      AccessRequestsListPage,
      api,
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Alle Zeilen dieser Seite auswählen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ablehnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ausgewählte Anfragen ablehnen (2)' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anfrage ablehnen' }));
    const reason = within(dialog).getByRole('textbox', { name: /Begründung/ });
    expect(within(dialog).getByText('Dieses Feld ist erforderlich.')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(decideAccessRequests).not.toHaveBeenCalled();
    fireEvent.change(reason, { target: { value: '  Kein Bedarf  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anfrage ablehnen' }));
    await waitFor(() =>
      expect(decideAccessRequests).toHaveBeenCalledWith(planner.id, ['q1', 'q2'], {
        kind: 'deny',
        reason: 'Kein Bedarf',
      }),
    );
    expect(await screen.findByText('Abgelehnte Anfragen: 2')).toBeTruthy();
  });
});
