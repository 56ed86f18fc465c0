// #19: my requests — filtered by status on the server, the decider's reason for a denial,
// an open request withdrawn after a confirm, a denied one asked for again.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Schema } from '@portal/contract';
import { UiBridge } from '../../app/app.tsx';
import { ServicesProvider, ToastProvider } from '../../app/contexts.tsx';
import { createI18n } from '../../i18n/i18n.ts';
import type { Services } from '../../composition-root.ts';
import MyRequestsPage from './my-requests-page.tsx';

type Wire = Schema<'MyAccessRequest'>;
const none = {
  requestedAccountAccess: null,
  requestedRole: null,
  justification: null,
  requestedEndsAt: null,
  answers: [],
  decidedAt: null,
  reason: null,
  endsAt: null,
  expiredAt: null,
};
const open: Wire = {
  ...none,
  id: 'q-open',
  applicationId: 'kitchen',
  application: { id: 'kitchen', label: 'Küchenplaner', logoUrl: null },
  status: 'OPEN',
  requestedAt: '2026-11-20T08:00:00Z',
  requestedAccountAccess: { id: 'aa', key: 'dealer.nord', label: 'Küchenstudio Nord GmbH' },
  justification: 'Planung für Kunden',
  canRequestAgain: false,
};
const denied: Wire = {
  ...none,
  id: 'q-denied',
  applicationId: 'marketing',
  application: { id: 'marketing', label: 'Marketing-Downloads', logoUrl: null },
  status: 'DENIED',
  requestedAt: '2026-11-10T08:00:00Z',
  decidedAt: '2026-11-11T08:00:00Z',
  reason: 'Bitte über den Händler anfragen.',
  canRequestAgain: true,
};
const ok = (data: unknown) => ({ data, response: new Response(null, { status: 200 }) });

beforeAll(async () => {
  const i18n = await createI18n('de');
  await i18n.loadNamespaces(['flows', 'common', 'ui']);
});
afterEach(cleanup);

describe('my requests (#19)', () => {
  it('lists the requests with the reason of a denial; filters on the server; withdraws an open one after a confirm', async () => {
    let items = [open, denied];
    // The typed API client the page's calls go through (GET /My/AccessRequests, POST …/Cancel).
    const client = {
      GET: vi.fn(async (_path: string, init: { params: { query: { status?: string } } }) => {
        const shown = items.filter(
          (item) => init.params.query.status === undefined || item.status === init.params.query.status,
        );
        return ok({ items: shown, total: shown.length });
      }),
      POST: vi.fn(async (_path: string, init: { params: { path: { id: string } } }) => {
        items = [{ ...open, status: 'CANCELLED', decidedAt: '2026-11-26T09:00:00Z' }, denied];
        return ok({ ...items[0], id: init.params.path.id });
      }),
    };
    render(
      <UiBridge>
        <ServicesProvider services={{ client } as unknown as Services}>
          <ToastProvider>
            <MyRequestsPage />
          </ToastProvider>
        </ServicesProvider>
      </UiBridge>,
    );
    const list = await screen.findByRole('list', { name: 'Meine Anfragen' });
    const deniedEntry = within(list).getByRole('listitem', { name: 'Marketing-Downloads' });
    expect(within(deniedEntry).getByText('Bitte über den Händler anfragen.')).toBeTruthy();
    expect(
      within(deniedEntry).getByRole('link', { name: 'Erneut anfordern: Marketing-Downloads' }).getAttribute('href'),
    ).toMatch(/^\/catalogue\/marketing\/request\?from=q-d/);

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'DENIED' } });
    await vi.waitFor(() => expect(screen.queryByRole('listitem', { name: 'Küchenplaner' })).toBeNull());
    expect(client.GET).toHaveBeenLastCalledWith('/My/AccessRequests', {
      params: { query: { page: 1, pageSize: 25, status: 'DENIED' } },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'ALL' } });

    const openEntry = await screen.findByRole('listitem', { name: 'Küchenplaner' });
    fireEvent.click(within(openEntry).getByRole('button', { name: 'Anfrage zurückziehen' }));
    const dialog = await screen.findByRole(
      'alertdialog',
      { name: 'Anfrage für Küchenplaner zurückziehen?' },
      { timeout: 5000 },
    );
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Anfrage zurückziehen' }));
    });
    expect(client.POST).toHaveBeenCalledWith('/My/AccessRequests/{id}/Cancel', { params: { path: { id: 'q-open' } } });
    expect(await screen.findByText(/Zurückgezogen am/)).toBeTruthy();
  });
});
