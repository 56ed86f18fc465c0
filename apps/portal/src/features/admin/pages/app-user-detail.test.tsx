// #17.16: a user's access holds at least one role. Unticking every role and saving is refused
// beside the roles with the spec's message (nothing is sent, nothing "saved"); taking the access
// away is "Zugriff entziehen", confirmed on its own, and its toast says the access was removed —
// not that the user was deleted.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { endsAtOfLastDay } from '@portal/adapters';
import type { ApplicationUser, ApplicationUserAccessReasons } from '@portal/adapters/admin';
import { createI18n } from '../../../i18n/i18n.ts';
import { AdminPageFrame, page, planner } from '../test-kit.tsx';
import { AppUserForm } from './app-user-detail.tsx';

const role = { id: 'role-planer', key: 'planner', label: 'Planer' };
const viewer = { id: 'role-viewer', key: 'viewer', label: 'Planbetrachter' };
const user: ApplicationUser = {
  user: { id: 'user-1', fullName: 'Nora Neu', email: 'new@hk-demo.test', companyName: null },
  hasAccess: true,
  accessSince: '2026-11-20T08:00:00.000Z',
  endsAt: null,
  timeBoundAccess: false,
  maxEndsAt: null,
  roles: [role],
  accountAccesses: [],
  attributes: [],
};
/** The reasons the page shows beside the access (#19.6; app-user-reasons.test.tsx tests them): all unknown here. */
const reasonsOf = (access: ApplicationUser): ApplicationUserAccessReasons => {
  const unknown = { kind: 'UNKNOWN', at: null, by: null, accessRequestId: null, directoryGroupName: null } as const;
  return {
    applicationId: planner.id,
    userId: access.user.id,
    hasAccess: access.hasAccess,
    accessSince: access.accessSince,
    reasons: access.hasAccess ? [unknown] : [],
    roles: access.roles.map((ref) => ({ ref, reasons: [unknown] })),
    accountAccesses: access.accountAccesses.map((ref) => ({ ref, reasons: [unknown] })),
  };
};
const required = 'Es muss mindestens eine Rolle ausgewählt werden!';

beforeAll(async () => {
  const i18n = await createI18n('de');
  await i18n.loadNamespaces(['admin', 'common', 'ui']);
});
afterEach(cleanup);

function show() {
  const api = {
    selectRoles: () => page([viewer, role]),
    getApplicationUserAccessReasons: async () => reasonsOf(user),
    selectAccountAccesses: () => page([]),
    updateApplicationUser: vi.fn(async () => user),
    removeApplicationUser: vi.fn(async () => undefined),
  };
  render(
    <AdminPageFrame api={api}>
      <AppUserForm application={planner.id} user={user} />
    </AdminPageFrame>,
  );
  return api;
}

describe("a user's access to an application (#17.16)", () => {
  it('refuses saving with no role, beside the roles, and points to removing the access', async () => {
    const api = show();
    const roles = screen.getByRole('group', { name: 'Rollen' });
    await within(roles).findByRole('checkbox', { name: 'Planbetrachter' });
    await act(async () => {
      fireEvent.click(within(roles).getByRole('checkbox', { name: 'Planer' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    });
    expect(within(roles).getByText(required)).toBeDefined();
    expect(roles.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText('Um den Zugriff auf die Anwendung ganz zu entfernen, nutzen Sie „Zugriff entziehen“.'),
    ).toBeDefined();
    expect(api.updateApplicationUser).not.toHaveBeenCalled();
    expect(screen.queryByText('Die Änderungen wurden gespeichert.')).toBeNull();
    // A role again: the message goes, and the save sends it.
    await act(async () => {
      fireEvent.click(within(roles).getByRole('checkbox', { name: 'Planbetrachter' }));
    });
    expect(within(roles).queryByText(required)).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    });
    expect(api.updateApplicationUser).toHaveBeenCalledExactlyOnceWith(planner.id, 'user-1', {
      roleIds: ['role-viewer'],
      accountAccessIds: [],
      attributes: [],
    });
  });

  it('removes the access after its own confirmation and says so, not "gelöscht"', async () => {
    const api = show();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Zugriff entziehen' }));
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Zugriff von Nora Neu entziehen?' });
    expect(dialog.textContent).toContain('Nora Neu verliert den Zugriff auf Küchenplaner.');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Zugriff entziehen' }));
    });
    expect(api.removeApplicationUser).toHaveBeenCalledExactlyOnceWith(planner.id, 'user-1');
    await screen.findByText(
      'Der Zugriff von „Nora Neu“ auf Küchenplaner wurde entzogen. Das Benutzerkonto bleibt bestehen.',
    );
    expect(screen.queryByText(/gelöscht/)).toBeNull();
  });
});

describe('granting access to a user without it', () => {
  it('offers "Zugriff entziehen" as soon as the grant is saved', async () => {
    const without: ApplicationUser = { ...user, hasAccess: false, accessSince: null, roles: [] };
    const updateApplicationUser = vi.fn(async () => ({ ...user, roles: [viewer] }));
    const api = {
      selectRoles: () => page([viewer, role]),
      selectAccountAccesses: () => page([]),
      updateApplicationUser,
      getApplicationUserAccessReasons: async () => reasonsOf(user),
    };
    render(
      <AdminPageFrame api={api}>
        <AppUserForm application={planner.id} user={without} />
      </AdminPageFrame>,
    );
    expect(screen.queryByRole('button', { name: 'Zugriff entziehen' })).toBeNull();
    const roles = screen.getByRole('group', { name: 'Rollen' });
    const box = await within(roles).findByRole('checkbox', { name: 'Planbetrachter' });
    await act(async () => {
      fireEvent.click(box);
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    });
    expect(updateApplicationUser).toHaveBeenCalledExactlyOnceWith(planner.id, 'user-1', {
      roleIds: ['role-viewer'],
      accountAccessIds: [],
      attributes: [],
    });
    await screen.findByRole('button', { name: 'Zugriff entziehen' });
  });
});

describe('the last day of a time-bound access (#30.2)', () => {
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000);
  const dayOf = (at: Date) =>
    `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
  const timeBound: ApplicationUser = {
    ...user,
    timeBoundAccess: true,
    maxEndsAt: inDays(90).toISOString(),
    endsAt: endsAtOfLastDay(dayOf(inDays(10))),
  };

  function showTimeBound(access: ApplicationUser) {
    const updateApplicationUser = vi.fn(async (_app: string, _user: string, input: { endsAt?: string | null }) => ({
      ...access,
      endsAt: input.endsAt === undefined ? access.endsAt : input.endsAt,
    }));
    render(
      <AdminPageFrame
        api={{
          selectRoles: () => page([viewer, role]),
          selectAccountAccesses: () => page([]),
          updateApplicationUser,
          getApplicationUserAccessReasons: async () => reasonsOf(access),
        }}
      >
        <AppUserForm application={planner.id} user={access} />
      </AdminPageFrame>,
    );
    return updateApplicationUser;
  }

  const save = () =>
    act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    });

  it('extends the end to a later day: sent as the midnight after it', async () => {
    const update = showTimeBound(timeBound);
    expect(screen.getByText(/Der Zugriff endet nach dem/)).toBeDefined();
    const later = dayOf(inDays(40));
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Letzter Tag des Zugriffs'), { target: { value: later } });
    });
    await save();
    expect(update).toHaveBeenCalledExactlyOnceWith(planner.id, 'user-1', {
      endsAt: endsAtOfLastDay(later),
      roleIds: ['role-planer'],
      accountAccessIds: [],
      attributes: [],
    });
  });

  it("refuses a day beyond the application's longest access, beside the field, and sends nothing", async () => {
    const update = showTimeBound(timeBound);
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Letzter Tag des Zugriffs'), { target: { value: dayOf(inDays(200)) } });
    });
    await save();
    expect(screen.getByText(/Das Datum darf höchstens der/)).toBeDefined();
    expect(update).not.toHaveBeenCalled();
  });

  it('removes the end: sent as null, the access has no end afterwards', async () => {
    const update = showTimeBound(timeBound);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ende entfernen' }));
    });
    await save();
    expect(update).toHaveBeenCalledExactlyOnceWith(planner.id, 'user-1', {
      endsAt: null,
      roleIds: ['role-planer'],
      accountAccessIds: [],
      attributes: [],
    });
    await screen.findByText('Der Zugriff ist unbefristet.');
  });

  it('offers no end where the application grants no time-bound access and the access has none', () => {
    show();
    expect(screen.queryByLabelText('Letzter Tag des Zugriffs')).toBeNull();
  });
});
