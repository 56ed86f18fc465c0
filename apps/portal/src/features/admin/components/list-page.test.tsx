import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ApplicationSummary, UserSummary } from '@portal/adapters/admin';
import { createI18n } from '../../../i18n/i18n.ts';
import { AdminPageFrame } from '../test-kit.tsx';
import ApplicationsListPage from '../pages/applications-list.tsx';
import UsersListPage from '../pages/users-list.tsx';
import { RowLink } from './list-page.tsx';
import { RowNavigate } from './list-view.tsx';
import { adminRoutes } from '../routes.ts';

beforeAll(async () => {
  const i18n = await createI18n('de');
  await i18n.loadNamespaces(['admin', 'common', 'ui']);
});
afterEach(cleanup);

describe('RowLink', () => {
  it('navigates through the list view on a plain click, and preloads the detail page on pointer or focus', () => {
    const navigate = vi.fn();
    const preload = vi.spyOn(adminRoutes.role.page, 'preload').mockResolvedValue(undefined);
    render(
      <RowNavigate value={navigate}>
        <RowLink href="/admin/roles/r1">Rolle</RowLink>
      </RowNavigate>,
    );
    const link = screen.getByRole('link', { name: 'Rolle' });
    expect(link.getAttribute('href')).toBe('/admin/roles/r1');
    fireEvent.pointerEnter(link);
    fireEvent.focus(link);
    expect(preload).toHaveBeenCalled();
    fireEvent.click(link, { ctrlKey: true });
    fireEvent.click(link, { button: 1 });
    expect(navigate).not.toHaveBeenCalled();
    fireEvent.click(link);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/admin/roles/r1');
    preload.mockRestore();
  });
});

function renderPage(path: string, page: () => React.JSX.Element, api: Record<string, unknown>) {
  const { hook } = memoryLocation({ path });
  render(
    <Router hook={hook}>
      <AdminPageFrame api={api}>{page()}</AdminPageFrame>
    </Router>,
  );
}

describe('an entity list page from its spec', () => {
  it("has the kind's columns by their labels, the first cell a link to the detail page, the create button and the export", async () => {
    const app: ApplicationSummary = {
      id: 'planner',
      label: 'Küchenplaner',
      url: 'https://planner.example.test',
      sortNumber: 3,
      internal: true,
      released: false,
    } as ApplicationSummary;
    const list = vi.fn(() => Promise.resolve({ items: [app], total: 1 }));
    renderPage('/admin/applications', () => <ApplicationsListPage />, {
      applications: { list, exportUrl: () => '/Applications/Export', removeMany: vi.fn() },
    });
    const table = await screen.findByRole('table', { name: 'Anwendungen' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent?.trim())
        .filter((text) => text !== ''),
    ).toEqual(
      expect.arrayContaining(['Bezeichnung', 'Client-ID', 'URL', 'Sortiernummer', 'Interne Anwendung', 'Freigegeben']),
    );
    expect((await within(table).findByRole('link', { name: 'Küchenplaner' })).getAttribute('href')).toBe(
      '/admin/applications/planner',
    );
    expect(within(table).getByText('Ja')).toBeTruthy();
    expect(within(table).getByText('Nein')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Neu anlegen' }).getAttribute('href')).toBe('/admin/applications/new');
    expect(list).toHaveBeenCalledWith(expect.objectContaining({ sort: 'label', order: 'asc' }));
  });

  it('users: no create button, a user without a name by the e-mail address', async () => {
    const user = {
      id: 'u1',
      fullName: '',
      email: 'anna@example.test',
      companyName: null,
      internal: false,
      createdAt: '2026-11-01T00:00:00.000Z',
    } as UserSummary;
    renderPage('/admin/users', () => <UsersListPage />, {
      users: { list: () => Promise.resolve({ items: [user], total: 1 }), exportUrl: () => '/x', removeMany: vi.fn() },
    });
    const table = await screen.findByRole('table', { name: 'Benutzer' });
    expect((await within(table).findByRole('link', { name: 'anna@example.test' })).getAttribute('href')).toBe(
      '/admin/users/u1',
    );
    expect(within(table).getByText('–')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Neu anlegen' })).toBeNull();
  });
});
