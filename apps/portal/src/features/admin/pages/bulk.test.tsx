// #20.3: bulk actions on the console's lists and the CSV import, with a fake admin API; the
// changes of an application's users and the applied import are jobs (#28.6): their progress is
// shown until they are finished, a read that does not come back is asked again (never shown as a
// failure), and a submit sent again carries the same Idempotency-Key.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type {
  AccessRequestSummary,
  ApplicationUserSummary,
  ImportResult,
  Job,
  RoleSummary,
} from '@portal/adapters/admin';
import { HttpError } from '@portal/core';
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

/** A job of the planner as the API answers it. */
const jobOf = (over: Partial<Job> = {}): Job => ({
  id: '22222222-2222-4222-8222-222222222222',
  kind: 'USERS_BULK',
  applicationId: planner.id,
  status: 'QUEUED',
  progress: { done: 0, total: null },
  createdAt: '2026-11-27T08:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  statusUrl: `/api/Admin/Applications/${planner.id}/Jobs/22222222-2222-4222-8222-222222222222`,
  result: null,
  error: null,
  ...over,
});
/** The answers of a job's reads, one after another (the last one again after them). */
const reads = (...answers: (Job | Error)[]) => {
  const queue = [...answers];
  return vi.fn(() => {
    const next = queue.length > 1 ? queue.shift() : queue[0];
    return next instanceof Error || next === undefined
      ? Promise.reject(next ?? new Error('none'))
      : Promise.resolve(next);
  });
};

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
    // Finished when the submit answers (a small job): no read.
    const bulkUpdateApplicationUsers = vi.fn(() =>
      Promise.resolve(jobOf({ status: 'SUCCEEDED', progress: { done: 2, total: 2 }, result: { count: 2 } })),
    );
    const getJob = vi.fn();
    const api = {
      listApplicationUsers,
      bulkUpdateApplicationUsers,
      getJob,
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
      expect(bulkUpdateApplicationUsers).toHaveBeenCalledWith(
        planner.id,
        { action: 'addRoles', userIds: ['u1', 'u3'], roleIds: ['r1'] },
        expect.stringMatching(/^[0-9a-f-]{36}$/),
      ),
    );
    expect(await screen.findByText('Zugriff geändert: 2')).toBeTruthy();
    expect(getJob).not.toHaveBeenCalled();
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

describe('a change of many users is a job (#28.6)', () => {
  const listed = () => Promise.resolve({ items: users, total: 3 });
  const chooseAndRemoveAccess = async () => {
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Alle Zeilen dieser Seite auswählen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zugriff entziehen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Zugriff der Auswahl entziehen (3)?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zugriff entziehen' }));
    return dialog;
  };

  // Real waits between the reads (250 ms, 500 ms, 1 s): more than the default time on a loaded machine.
  it(
    'shows its progress in the dialog until it is finished, asking again after a read that did not come back',
    {
      timeout: 20_000,
    },
    async () => {
      const bulkUpdateApplicationUsers = vi.fn(() => Promise.resolve(jobOf({ progress: { done: 0, total: 3 } })));
      const getJob = reads(
        jobOf({ status: 'RUNNING', progress: { done: 1, total: 3 } }),
        new HttpError(504, { error: { code: 'upstream.timeout', message: 'Zu langsam', errors: [] } }),
        jobOf({ status: 'SUCCEEDED', progress: { done: 3, total: 3 }, result: { count: 3 } }),
      );
      const api = {
        listApplicationUsers: listed,
        bulkUpdateApplicationUsers,
        getJob,
        applicationUsersExportUrl: () => '/x',
      };
      renderAt(`/admin/${planner.id}/users`, '/admin/:application/users', AppUsersListPage, api);
      const dialog = await chooseAndRemoveAccess();
      expect(await within(dialog).findByText('Wartet auf den Start …')).toBeTruthy();
      expect(await within(dialog).findByText('Erledigt: 1 von 3')).toBeTruthy();
      expect(within(dialog).getByRole('progressbar', { name: 'Fortschritt' }).getAttribute('value')).toBe(
        String(1 / 3),
      );
      expect(
        await within(dialog).findByText(
          'Der Stand lässt sich gerade nicht abfragen; es wird weiter nachgefragt. Die Arbeit läuft auf dem Server weiter.',
        ),
      ).toBeTruthy();
      // Never a failure for a read: the job's end is what counts.
      expect(await screen.findByText('Zugriff entzogen: 3', {}, { timeout: 5000 })).toBeTruthy();
      expect(screen.queryByText('Fehler')).toBeNull();
      expect(getJob).toHaveBeenCalledWith(planner.id, jobOf().id);
    },
  );

  it('a job that failed says why, keeps the dialog, and a second try is a new submit', async () => {
    const refused = jobOf({
      status: 'FAILED',
      error: {
        status: 400,
        body: { error: { code: 'applicationUser.noAccess', message: 'Ben Koch hat keinen Zugriff.', errors: [] } },
      },
    });
    const bulkUpdateApplicationUsers = vi.fn(() => Promise.resolve(jobOf()));
    const getJob = reads(refused);
    const api = {
      listApplicationUsers: listed,
      bulkUpdateApplicationUsers,
      getJob,
      applicationUsersExportUrl: () => '/x',
    };
    renderAt(`/admin/${planner.id}/users`, '/admin/:application/users', AppUsersListPage, api);
    const dialog = await chooseAndRemoveAccess();
    expect(await screen.findByText('Ben Koch hat keinen Zugriff.')).toBeTruthy();
    expect(screen.getByRole('alertdialog', { name: 'Zugriff der Auswahl entziehen (3)?' })).toBeTruthy();
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Zugriff entziehen' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zugriff entziehen' }));
    await waitFor(() => expect(bulkUpdateApplicationUsers).toHaveBeenCalledTimes(2));
    const keys = bulkUpdateApplicationUsers.mock.calls.map((call) => (call as unknown[])[2]);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('a submit that failed (no answer) and is sent again carries the same Idempotency-Key', async () => {
    const bulkUpdateApplicationUsers = vi
      .fn()
      .mockRejectedValueOnce(
        new HttpError(504, { error: { code: 'upstream.timeout', message: 'Zu langsam', errors: [] } }),
      )
      .mockResolvedValue(jobOf({ status: 'SUCCEEDED', result: { count: 3 } }));
    const api = { listApplicationUsers: listed, bulkUpdateApplicationUsers, applicationUsersExportUrl: () => '/x' };
    renderAt(`/admin/${planner.id}/users`, '/admin/:application/users', AppUsersListPage, api);
    const dialog = await chooseAndRemoveAccess();
    await waitFor(() => expect(bulkUpdateApplicationUsers).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Zugriff entziehen' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zugriff entziehen' }));
    expect(await screen.findByText('Zugriff entzogen: 3')).toBeTruthy();
    const [first, second] = bulkUpdateApplicationUsers.mock.calls.map((call) => (call as unknown[])[2]);
    expect(first).toBe(second);
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
    const dryRunImport = vi.fn((_app: string, csv: string) =>
      Promise.resolve(csv.includes('nobody') ? invalid : clean),
    );
    const startImport = vi.fn(() =>
      Promise.resolve(
        jobOf({
          kind: 'USERS_IMPORT',
          status: 'SUCCEEDED',
          progress: { done: 1, total: 1 },
          result: { ...clean, applied: true },
        }),
      ),
    );
    renderAt(`/admin/${planner.id}/users/import`, '/admin/:application/users/import', AppUsersImportPage, {
      dryRunImport,
      startImport,
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
      expect(startImport).toHaveBeenLastCalledWith(
        planner.id,
        'email,roles\na@example.test,planner',
        expect.stringMatching(/^[0-9a-f-]{36}$/),
      ),
    );
    expect(dryRunImport).toHaveBeenCalledTimes(2);
    expect((await screen.findAllByText('Import übernommen. Änderungen: 1')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Bericht herunterladen' })).toBeTruthy();
    expect((text as HTMLTextAreaElement).value).toBe('email,roles\na@example.test,planner');
  });
});

describe('the applied import is a job (#28.6)', () => {
  const rows: ImportResult['rows'] = [1, 2].map((n) => ({
    line: n + 1,
    email: `u${n}@example.test`,
    userId: `u${n}`,
    change: 'GRANT' as const,
    roles: [{ id: 'r1', key: 'planner', label: 'Planer' }],
    accountAccesses: [],
  }));
  const clean: ImportResult = { applied: false, rows, invalid: [] };
  const text = 'email,roles\nu1@example.test,planner\nu2@example.test,planner';
  const dryRunAndApply = async () => {
    fireEvent.change(screen.getByLabelText('Inhalt der CSV-Datei'), { target: { value: text } });
    fireEvent.click(screen.getByRole('button', { name: 'Probelauf' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Übernehmen' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Übernehmen' }));
  };

  it('shows the lines done while it runs, then the result as before', async () => {
    const startImport = vi.fn(() => Promise.resolve(jobOf({ kind: 'USERS_IMPORT' })));
    const getJob = reads(
      jobOf({ kind: 'USERS_IMPORT', status: 'RUNNING', progress: { done: 1, total: 2 } }),
      jobOf({
        kind: 'USERS_IMPORT',
        status: 'SUCCEEDED',
        progress: { done: 2, total: 2 },
        result: { ...clean, applied: true },
      }),
    );
    renderAt(`/admin/${planner.id}/users/import`, '/admin/:application/users/import', AppUsersImportPage, {
      dryRunImport: () => Promise.resolve(clean),
      startImport,
      getJob,
    });
    await dryRunAndApply();
    const running = await screen.findByRole('region', {
      name: 'Der Import läuft. Übernommen wird alles oder nichts; das Ergebnis erscheint hier.',
    });
    expect(await within(running).findByText('Erledigt: 1 von 2')).toBeTruthy();
    expect((await screen.findAllByText('Import übernommen. Änderungen: 2')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('region', { name: /Der Import läuft/ })).toBeNull();
    expect(screen.getByRole('table', { name: 'Was sich ändert' })).toBeTruthy();
  });

  it('a refused import says why and keeps the text; nothing is shown as applied', async () => {
    const getJob = reads(
      jobOf({
        kind: 'USERS_IMPORT',
        status: 'FAILED',
        error: {
          status: 400,
          body: {
            error: {
              code: 'import.invalidRows',
              message: 'Die Datei enthält ungültige Zeilen; es wurde nichts geändert.',
              errors: [{ field: 'lines.3', message: 'Zeile 3: Unbekannte Rolle' }],
            },
          },
        },
      }),
    );
    renderAt(`/admin/${planner.id}/users/import`, '/admin/:application/users/import', AppUsersImportPage, {
      dryRunImport: () => Promise.resolve(clean),
      startImport: () => Promise.resolve(jobOf({ kind: 'USERS_IMPORT' })),
      getJob,
    });
    await dryRunAndApply();
    expect(await screen.findByText('Die Datei enthält ungültige Zeilen; es wurde nichts geändert.')).toBeTruthy();
    expect(screen.queryByText(/Import übernommen/)).toBeNull();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Inhalt der CSV-Datei').value).toBe(text);
  });

  it('a job that can no longer be read claims nothing, and "Übernehmen" again names the same job', async () => {
    const startImport = vi.fn(() => Promise.resolve(jobOf({ kind: 'USERS_IMPORT' })));
    const getJob = reads(new HttpError(404, null));
    renderAt(`/admin/${planner.id}/users/import`, '/admin/:application/users/import', AppUsersImportPage, {
      dryRunImport: () => Promise.resolve(clean),
      startImport,
      getJob,
    });
    await dryRunAndApply();
    expect(
      await screen.findByText(
        'Der Stand lässt sich nicht mehr abfragen. Ob die Änderung übernommen wurde, zeigt die Liste.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Import übernommen/)).toBeNull();
    expect(screen.queryByText('Fehler')).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Übernehmen' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Übernehmen' }));
    await waitFor(() => expect(startImport).toHaveBeenCalledTimes(2));
    const [first, second] = startImport.mock.calls.map((call) => (call as unknown[])[2]);
    expect(first).toBe(second);
  });
});

describe('a running import in the address (#28.6)', () => {
  it('a reload while it runs shows it again, then its result; the address forgets it once it is finished', async () => {
    const done = jobOf({
      kind: 'USERS_IMPORT',
      status: 'SUCCEEDED',
      progress: { done: 1, total: 1 },
      result: {
        applied: true,
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
        invalid: [],
      },
    });
    const getJob = reads(jobOf({ kind: 'USERS_IMPORT', status: 'RUNNING', progress: { done: 0, total: 1 } }), done);
    const location = memoryLocation({ path: `/admin/${planner.id}/users/import?job=${done.id}`, record: true });
    render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <AdminPageFrame api={{ getJob }}>
          <Route path="/admin/:application/users/import" component={AppUsersImportPage} />
        </AdminPageFrame>
      </Router>,
    );
    expect(await screen.findByText('Erledigt: 0 von 1')).toBeTruthy();
    expect((await screen.findAllByText('Import übernommen. Änderungen: 1')).length).toBeGreaterThan(0);
    expect(getJob).toHaveBeenCalledWith(planner.id, done.id);
    await waitFor(() => expect(location.history.at(-1)).toBe(`/admin/${planner.id}/users/import`));
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
    // A job (#28.6) finished when the submit answers; its result counts what the API decided.
    const decideAccessRequests = vi.fn(() =>
      Promise.resolve(jobOf({ kind: 'ACCESS_REQUESTS_DECIDE', status: 'SUCCEEDED', result: { count: 2 } })),
    );
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
      expect(decideAccessRequests).toHaveBeenCalledWith(
        planner.id,
        ['q1', 'q2'],
        { kind: 'deny', reason: 'Kein Bedarf' },
        expect.stringMatching(/^[0-9a-f-]{36}$/),
      ),
    );
    expect(await screen.findByText('Abgelehnte Anfragen: 2')).toBeTruthy();
  });
});
