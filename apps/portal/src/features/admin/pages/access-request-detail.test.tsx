// #17.17: accepting a request starts with the role and the account access the user asked for
// ticked (both can still be changed), and the decision sends them.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccessRequestDetail } from '@portal/adapters/admin';
import { createI18n } from '../../../i18n/i18n.ts';
import { AdminPageFrame, page, planner } from '../test-kit.tsx';
import { Decision } from './access-request-detail.tsx';

const role = { id: 'role-planer', key: 'planner', label: 'Planer' };
const otherRole = { id: 'role-viewer', key: 'viewer', label: 'Betrachter' };
const access = { id: 'aa-nord', key: 'dealer-north', label: 'Händler Nord' };
const request: AccessRequestDetail = {
  id: 'req-1',
  applicationId: planner.id,
  status: 'OPEN',
  requestedAt: '2026-11-20T08:00:00.000Z',
  user: { id: 'user-1', fullName: 'Nora Neu', email: 'new@hk-demo.test', companyName: null },
  requestedAccountAccess: access,
  requestedRole: role,
  comment: null,
  decidedAt: null,
  decidedBy: null,
  decidedByName: null,
  reason: null,
  roleIds: [],
  accountAccessIds: [],
  justification: null,
  answers: [],
  requestedEndsAt: null,
  endsAt: null,
  expiredAt: null,
  timeBoundAccess: false,
  maxEndsAt: null,
};

beforeAll(async () => {
  const i18n = await createI18n('de');
  await i18n.loadNamespaces(['admin', 'common', 'ui']);
});
afterEach(cleanup);

function show(req: AccessRequestDetail) {
  const decideAccessRequest = vi.fn(async () => undefined);
  const api = {
    selectRoles: () => page([otherRole, role]),
    selectAccountAccesses: () => page([access]),
    decideAccessRequest,
  };
  render(
    <AdminPageFrame api={api}>
      <Decision application={planner.id} request={req} />
    </AdminPageFrame>,
  );
  return decideAccessRequest;
}

const checkbox = (group: string, name: string) =>
  within(screen.getByRole('group', { name: group })).getByRole<HTMLInputElement>('checkbox', { name });

describe('accepting an access request', () => {
  it('ticks the role and the account access the user asked for (#17.17)', async () => {
    const decide = show(request);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Annehmen' }));
    });
    await screen.findByRole('checkbox', { name: 'Betrachter' });
    expect(checkbox('Rollen', 'Planer').checked).toBe(true);
    expect(checkbox('Rollen', 'Betrachter').checked).toBe(false);
    expect(checkbox('Kontozugänge', 'Händler Nord').checked).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Zugriff gewähren' }));
    });
    expect(decide).toHaveBeenCalledExactlyOnceWith('req-1', {
      kind: 'accept',
      roleIds: ['role-planer'],
      accountAccessIds: ['aa-nord'],
    });
  });

  it("ticks nothing when the user asked for no role, and then refuses with the spec's message", async () => {
    const decide = show({ ...request, requestedRole: null, requestedAccountAccess: null });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Annehmen' }));
    });
    await screen.findByRole('checkbox', { name: 'Planer' });
    expect(checkbox('Rollen', 'Planer').checked).toBe(false);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Zugriff gewähren' }));
    });
    expect(screen.getByText('Es muss mindestens eine Rolle ausgewählt werden!')).toBeDefined();
    expect(decide).not.toHaveBeenCalled();
  });
});

describe('a decided request (#30.7)', () => {
  it('shows who decided it and when, beside the reason', () => {
    show({
      ...request,
      status: 'DENIED',
      decidedAt: '2026-11-21T09:30:00.000Z',
      decidedBy: 'a1b2c3d4-0000-4000-8000-000000000001',
      decidedByName: 'Ada Admin',
      reason: 'Kein Bedarf',
    });
    expect(screen.getByLabelText<HTMLInputElement>('Entschieden von').value).toBe('Ada Admin');
    expect(screen.getByLabelText<HTMLInputElement>('Entschieden am').value).toMatch(/21\.11\.2026/);
    expect(screen.getByText('Kein Bedarf')).toBeDefined();
  });
});
