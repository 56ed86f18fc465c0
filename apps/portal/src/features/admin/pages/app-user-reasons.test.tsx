// #19.6 "Warum dieser Zugriff" on a user's page for an application: the reasons of the access and
// of each role and account access as a readable list — the kind as a phrase, who, when in the
// user's language, a link to the accepted request's page — and its own failure with a retry.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccessReason, ApplicationUser, ApplicationUserAccessReasons } from '@portal/adapters/admin';
import { createI18n } from '../../../i18n/i18n.ts';
import { AdminPageFrame, page, planner } from '../test-kit.tsx';
import { AppUserForm } from './app-user-detail.tsx';
import { AccessReasonsSection } from './app-user-reasons.tsx';

const role = { id: 'role-planer', key: 'planner', label: 'Planer' };
const viewer = { id: 'role-viewer', key: 'viewer', label: 'Planbetrachter' };
const nord = { id: 'aa-nord', key: 'dealer_nord', label: 'Händler Nord' };
const user: ApplicationUser = {
  user: { id: 'user-1', fullName: 'Nora Neu', email: 'new@hk-demo.test', companyName: null },
  hasAccess: true,
  accessSince: '2026-11-20T08:00:00.000Z',
  endsAt: null,
  timeBoundAccess: false,
  maxEndsAt: null,
  roles: [role, viewer],
  accountAccesses: [nord],
  attributes: [],
};
const requestId = '60000000-0000-4000-8000-000000000001';
const accepted: AccessReason = {
  kind: 'ACCESS_REQUEST',
  at: '2026-11-20T08:00:00.000Z',
  by: { id: 'admin-1', fullName: 'Ada Admin' },
  accessRequestId: requestId,
  directoryGroupName: null,
};
const direct: AccessReason = {
  kind: 'DIRECT_GRANT',
  at: '2026-11-21T09:30:00.000Z',
  by: { id: 'admin-2', fullName: 'Bert Boss' },
  accessRequestId: null,
  directoryGroupName: null,
};
const unknown: AccessReason = { kind: 'UNKNOWN', at: null, by: null, accessRequestId: null, directoryGroupName: null };
const group: AccessReason = {
  kind: 'ACTIVATION_GROUP',
  at: null,
  by: null,
  accessRequestId: null,
  directoryGroupName: 'HK-Planer',
};
const reasons: ApplicationUserAccessReasons = {
  applicationId: planner.id,
  userId: 'user-1',
  hasAccess: true,
  accessSince: '2026-11-20T08:00:00.000Z',
  reasons: [accepted],
  roles: [
    { ref: role, reasons: [accepted] },
    { ref: viewer, reasons: [direct, group] },
  ],
  accountAccesses: [{ ref: nord, reasons: [unknown] }],
};
const when = (value: string) =>
  new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));

beforeAll(async () => {
  const i18n = await createI18n('de');
  await i18n.loadNamespaces(['admin', 'common', 'ui']);
});
afterEach(cleanup);

describe('why this access (#19.6)', () => {
  it('lists the reasons of the access, each role and each account access, with who and when, and links the request', async () => {
    const api = {
      getApplicationUserAccessReasons: vi.fn(async () => reasons),
      selectRoles: () => page([viewer, role]),
      selectAccountAccesses: () => page([nord]),
    };
    render(
      <AdminPageFrame api={api}>
        <AppUserForm application={planner.id} user={user} />
      </AdminPageFrame>,
    );
    const section = await screen.findByRole('region', { name: 'Warum dieser Zugriff' });
    await within(section).findByText('Planer');
    expect(api.getApplicationUserAccessReasons).toHaveBeenCalledWith(planner.id, 'user-1');
    const text = section.textContent ?? '';
    expect(text).toContain(`Zugriffsanfrage angenommen von Ada Admin am ${when(accepted.at ?? '')}`);
    expect(text).toContain(`Direkt vergeben von Bert Boss am ${when(direct.at ?? '')}`);
    expect(text).toContain('Aktivierungsgruppe über die Verzeichnisgruppe „HK-Planer“');
    expect(text).toContain('Händler Nord: Herkunft nicht aufgezeichnet');
    const links = within(section).getAllByRole('link', { name: 'Anfrage öffnen' });
    expect(links).toHaveLength(2);
    expect(links[0]?.getAttribute('href')).toBe(`/admin/${planner.id}/access-requests/${requestId}`);
  });

  it('says there are no reasons without access', async () => {
    const api = {
      getApplicationUserAccessReasons: async () => ({
        ...reasons,
        hasAccess: false,
        accessSince: null,
        reasons: [],
        roles: [],
        accountAccesses: [],
      }),
    };
    render(
      <AdminPageFrame api={api}>
        <AccessReasonsSection application={planner.id} userId="user-1" version="v" />
      </AdminPageFrame>,
    );
    expect(await screen.findByText('Kein Zugriff, daher keine Gründe.')).toBeDefined();
  });

  it('shows its own failure and reads again on retry', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue(reasons);
    render(
      <AdminPageFrame api={{ getApplicationUserAccessReasons: load }}>
        <AccessReasonsSection application={planner.id} userId="user-1" version="v" />
      </AdminPageFrame>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Die Gründe konnten nicht geladen werden.');
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    });
    expect(await screen.findByText('Planer')).toBeDefined();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
