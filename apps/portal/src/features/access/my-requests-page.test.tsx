// #19: my requests — filtered by status on the server, the decider's reason for a denial,
// an open request withdrawn after a confirm, a denied one asked for again.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MyAccessRequestItem } from '@portal/adapters';
import { UiBridge } from '../../app/app.tsx';
import { ServicesProvider, ToastProvider } from '../../app/contexts.tsx';
import { createI18n } from '../../i18n/i18n.ts';
import type { Services } from '../../composition-root.ts';
import MyRequestsPage from './my-requests-page.tsx';

const open: MyAccessRequestItem = {
  id: 'q-open', application: { id: 'kitchen', label: 'Küchenplaner' }, status: 'OPEN', requestedAt: '2026-11-20T08:00:00Z',
  requestedAccountAccess: { id: 'aa', label: 'Küchenstudio Nord GmbH' }, justification: 'Planung für Kunden', answers: [], canRequestAgain: false,
};
const denied: MyAccessRequestItem = {
  id: 'q-denied', application: { id: 'marketing', label: 'Marketing-Downloads' }, status: 'DENIED', requestedAt: '2026-11-10T08:00:00Z',
  decidedAt: '2026-11-11T08:00:00Z', reason: 'Bitte über den Händler anfragen.', answers: [], canRequestAgain: true,
};

beforeAll(async () => {
  const i18n = await createI18n('de');
  await i18n.loadNamespaces(['access', 'common', 'ui']);
});
afterEach(cleanup);

describe('my requests (#19)', () => {
  it('lists the requests with the reason of a denial; filters on the server; withdraws an open one after a confirm', async () => {
    let items = [open, denied];
    const api = {
      listMyAccessRequests: vi.fn(async (query: { status?: string }) => {
        const shown = items.filter((item) => query.status === undefined || item.status === query.status);
        return { items: shown, total: shown.length };
      }),
      cancelMyAccessRequest: vi.fn(async () => {
        items = [{ ...open, status: 'CANCELLED', decidedAt: '2026-11-26T09:00:00Z' }, denied];
        return items[0];
      }),
    };
    render(
      <UiBridge>
        <ServicesProvider services={{ api } as unknown as Services}><ToastProvider><MyRequestsPage /></ToastProvider></ServicesProvider>
      </UiBridge>,
    );
    const list = await screen.findByRole('list', { name: 'Meine Anfragen' });
    const deniedEntry = within(list).getByRole('listitem', { name: 'Marketing-Downloads' });
    expect(within(deniedEntry).getByText('Bitte über den Händler anfragen.')).toBeTruthy();
    expect(within(deniedEntry).getByRole('link', { name: 'Zugriff auf Marketing-Downloads erneut anfordern' }).getAttribute('href')).toBe('/catalogue/marketing/request');

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'DENIED' } });
    await vi.waitFor(() => expect(screen.queryByRole('listitem', { name: 'Küchenplaner' })).toBeNull());
    expect(api.listMyAccessRequests).toHaveBeenLastCalledWith({ page: 1, pageSize: 25, status: 'DENIED' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'ALL' } });

    const openEntry = await screen.findByRole('listitem', { name: 'Küchenplaner' });
    fireEvent.click(within(openEntry).getByRole('button', { name: 'Anfrage zurückziehen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Anfrage für Küchenplaner zurückziehen?' }, { timeout: 5000 });
    await act(async () => { fireEvent.click(within(dialog).getByRole('button', { name: 'Anfrage zurückziehen' })); });
    expect(api.cancelMyAccessRequest).toHaveBeenCalledWith('q-open');
    expect(await screen.findByText(/Zurückgezogen am/)).toBeTruthy();
  });
});
