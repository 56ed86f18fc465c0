// #19: the decision shows the justification, the account access and role asked for, the last day
// asked for and the answers; accepting sets an end date (at most the application's latest,
// starting with the one asked for); a denial needs a reason the user will read.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { endsAtOfLastDay } from '@portal/adapters';
import type { AccessRequestDetail } from '@portal/adapters/admin';
import { createI18n } from '../../../i18n/i18n.ts';
import { AdminPageFrame, page, planner } from '../test-kit.tsx';
import { Decision } from './access-request-detail.tsx';

const role = { id: 'role-planer', key: 'planner', label: 'Planer' };
const access = { id: 'aa-nord', key: 'dealer-north', label: 'Küchenstudio Nord GmbH' };
const day = 86_400_000;
const request = {
  id: 'req-1',
  applicationId: planner.id,
  status: 'OPEN',
  requestedAt: '2026-11-20T08:00:00.000Z',
  user: { id: 'user-1', fullName: 'Dana Dealer', email: 'partner@hk-demo.test', companyName: 'Küchenstudio Nord GmbH' },
  requestedAccountAccess: access,
  requestedRole: role,
  comment: 'Wir planen Küchen für unsere Kunden.',
  decidedAt: null,
  decidedBy: null,
  decidedByName: null,
  reason: null,
  roleIds: [],
  accountAccessIds: [],
  justification: 'Wir planen Küchen für unsere Kunden.',
  answers: [{ key: 'branch', label: 'Filiale', value: 'Hamburg' }],
  requestedEndsAt: endsAtOfLastDay('2099-11-30'),
  endsAt: null,
  expiredAt: null,
  timeBoundAccess: true,
  maxEndsAt: new Date(Date.now() + 30 * day).toISOString(),
} as unknown as AccessRequestDetail;

beforeAll(async () => {
  const i18n = await createI18n('de');
  await i18n.loadNamespaces(['admin', 'common', 'ui']);
});
afterEach(cleanup);

function show(req: AccessRequestDetail) {
  const decideAccessRequest = vi.fn(async () => undefined);
  const api = { selectRoles: () => page([role]), selectAccountAccesses: () => page([access]), decideAccessRequest };
  render(
    <AdminPageFrame api={api}>
      <Decision application={planner.id} request={req} />
    </AdminPageFrame>,
  );
  return decideAccessRequest;
}

describe('deciding a request with substance (#19)', () => {
  it('shows what was asked for; an end date later than the application allows is refused, one within is sent', async () => {
    const decide = show(request);
    expect(screen.getByText('Wir planen Küchen für unsere Kunden.')).toBeDefined();
    expect(screen.getByText('Hamburg')).toBeDefined();
    expect(screen.getByText('Zugriff angefragt bis einschließlich')).toBeDefined();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Annehmen' }));
    });
    const end = screen.getByLabelText(/Zugriff bis einschließlich/);
    expect((end as HTMLInputElement).value).toBe('2099-11-30');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Zugriff gewähren' }));
    });
    expect(decide).not.toHaveBeenCalled();
    expect(end.getAttribute('aria-invalid')).toBe('true');
    const soon = new Date(Date.now() + 3 * day);
    const soonDay = `${soon.getFullYear()}-${String(soon.getMonth() + 1).padStart(2, '0')}-${String(soon.getDate()).padStart(2, '0')}`;
    fireEvent.change(end, { target: { value: soonDay } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Zugriff gewähren' }));
    });
    expect(decide).toHaveBeenCalledExactlyOnceWith('req-1', {
      kind: 'accept',
      roleIds: ['role-planer'],
      accountAccessIds: ['aa-nord'],
      endDate: soonDay,
    });
  });

  it('a denial needs a reason', async () => {
    const decide = show(request);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ablehnen' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Anfrage ablehnen' }));
    });
    expect(decide).not.toHaveBeenCalled();
    const reason = screen.getByRole('textbox', { name: /Begründung/ });
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(reason, { target: { value: 'Bitte über den Händler anfragen.' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Anfrage ablehnen' }));
    });
    expect(decide).toHaveBeenCalledExactlyOnceWith('req-1', {
      kind: 'deny',
      reason: 'Bitte über den Händler anfragen.',
    });
  });
});
