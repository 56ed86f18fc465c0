import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ExportParams, ListParams } from '@portal/adapters/admin';
import { accessRequestStatuses } from '@portal/core';
import { createI18n } from '../../../i18n/i18n.ts';
import { AdminPageFrame, planner } from '../test-kit.tsx';
import AccessRequestsListPage from './access-requests-list.tsx';

beforeAll(async () => {
  const i18n = await createI18n('de');
  await i18n.loadNamespaces(['admin', 'common', 'ui']);
});
afterEach(cleanup);

/** The kitchen planner's access requests over `api`. */
function renderList(api: Parameters<typeof AdminPageFrame>[0]['api']) {
  const { hook } = memoryLocation({ path: `/admin/${planner.id}/access-requests` });
  render(
    <Router hook={hook}>
      <AdminPageFrame api={api}>
        <Route path="/admin/:application/access-requests" component={AccessRequestsListPage} />
      </AdminPageFrame>
    </Router>,
  );
}

describe('the access requests of an application (#20.3)', () => {
  it('downloads as CSV with the status filter, search and sort shown', async () => {
    const api = {
      listAccessRequests: () => Promise.resolve({ items: [], total: 0 }),
      accessRequestsExportUrl: (application: string, params: ExportParams & { status?: string }) =>
        `/api/${application}/AccessRequests/Export?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`,
    };
    renderList(api);
    const link = () => screen.getByRole('link', { name: 'Als CSV exportieren' });
    await waitFor(() =>
      expect(link().getAttribute('href')).toBe(
        `/api/${planner.id}/AccessRequests/Export?sort=requestedAt&order=desc&status=OPEN`,
      ),
    );
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'ALL' } });
    await waitFor(() =>
      expect(link().getAttribute('href')).toBe(`/api/${planner.id}/AccessRequests/Export?sort=requestedAt&order=desc`),
    );
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'DENIED' } });
    await waitFor(() => expect(link().getAttribute('href')).toContain('status=DENIED'));
  });

  // The other languages' names: locales.test.ts checks every key in all seven.
  it('offers every status of the contract (cancelled and expired too) and asks the server for the one chosen', async () => {
    const asked: (string | undefined)[] = [];
    const api = {
      listAccessRequests: (_application: string, params: ListParams & { status?: string }) => {
        asked.push(params.status);
        return Promise.resolve({ items: [], total: 0 });
      },
      accessRequestsExportUrl: () => '/api/export',
    };
    renderList(api);
    const filter = await screen.findByLabelText('Status');
    const options = [...filter.querySelectorAll('option')];
    expect(options.map((option) => option.value)).toEqual([...accessRequestStatuses, 'ALL']);
    expect(options.map((option) => option.textContent)).toEqual([
      'Offen',
      'Angenommen',
      'Abgelehnt',
      'Zurückgezogen',
      'Abgelaufen',
      'Alle',
    ]);
    await waitFor(() => expect(asked).toContain('OPEN'));
    for (const status of ['CANCELLED', 'EXPIRED'] as const) {
      fireEvent.change(filter, { target: { value: status } });
      await waitFor(() => expect(asked.at(-1)).toBe(status));
    }
  });
});
