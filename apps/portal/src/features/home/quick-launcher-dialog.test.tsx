// The quick launcher's dialog for an administrator (#20.1): the console's entities found on the
// server are listed with their kind after the local matches and open with Enter; a failed
// search leaves the other results and says so in a short note.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignedInUser } from '@portal/core';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { UiBridge } from '../../app/app.tsx';
import { ServicesProvider } from '../../app/contexts.tsx';
import { queryClient } from '../../app/server-data.ts';
import { createI18n } from '../../i18n/i18n.ts';
import type { Services } from '../../composition-root.ts';
import QuickLauncherDialog, { type CreateEntitySearch, type FoundEntity } from './quick-launcher-dialog.tsx';
import type { ServerSearchResult } from './server-search.ts';

const admin: SignedInUser = {
  id: 'admin',
  issuer: 'https://idp',
  fullName: 'Greta Gruber',
  hkData: {
    attributes: { firstName: 'Greta', lastName: 'Gruber' },
    permissions: ['all_users.read', 'roles.read'],
    internal: false,
  },
};

beforeAll(async () => {
  const i18n = await createI18n('de');
  await i18n.loadNamespaces(['common', 'ui']);
});
beforeEach(() => {
  queryClient.clear();
});
afterEach(cleanup);

function renderDialog(user: SignedInUser, answer: (query: string) => Promise<ServerSearchResult<FoundEntity>>) {
  const search = vi.fn(answer);
  const createEntitySearch = vi.fn<CreateEntitySearch>(() => search);
  const view = { user, isSignedIn: true, status: 'signedIn' };
  const services = {
    api: { listMyApplications: vi.fn(async () => []), listAdministrableApplications: vi.fn(async () => []) },
    client: {},
    config: { apiUrl: '/api' },
    session: { subscribe: () => () => undefined, view: () => view, send: () => undefined },
  } as unknown as Services;
  const location = memoryLocation({ path: '/', record: true });
  const onClose = vi.fn();
  render(
    <UiBridge>
      <ServicesProvider services={services}>
        <Router hook={location.hook}>
          <QuickLauncherDialog onClose={onClose} createEntitySearch={createEntitySearch} />
        </Router>
      </ServicesProvider>
    </UiBridge>,
  );
  return { search, createEntitySearch, location, onClose };
}

const type = async (text: string) => {
  const input = await screen.findByRole('combobox', { name: 'Apps und Seiten suchen' });
  fireEvent.change(input, { target: { value: text } });
  return input;
};

describe("the quick launcher's dialog: console entities for an administrator", () => {
  it('lists what the server found with its kind and opens the chosen one with Enter', async () => {
    const { search, createEntitySearch, location, onClose } = renderDialog(admin, async () => ({
      hits: [
        { kind: 'user', href: '/admin/users/u2', label: 'Paul Planer', description: 'app.admin@hk-demo.test' },
        { kind: 'role', href: '/admin/roles/r1', label: 'Planbetrachter', description: 'kitchen_planner.viewer' },
      ],
      failed: false,
    }));
    expect(createEntitySearch).toHaveBeenCalledWith({}, '/api', admin);
    const input = await type('pla');
    expect(await screen.findByRole('option', { name: /Paul Planer.*Benutzer/ })).toBeTruthy();
    expect(search).toHaveBeenCalledWith('pla');
    expect(screen.getByRole('option', { name: /Planbetrachter.*Rolle/ })).toBeTruthy();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onClose).toHaveBeenCalled();
    expect(location.history?.at(-1)).toBe('/admin/roles/r1');
  });

  it('a failed search: the other results stay and a short note says a part could not be loaded', async () => {
    renderDialog(admin, () => Promise.reject(new Error('network')));
    await type('sicher');
    expect(await screen.findByText('Einige Treffer aus der Verwaltung konnten nicht geladen werden.')).toBeTruthy();
    expect(screen.getByRole('option', { name: /Sicherheit/ })).toBeTruthy();
  });

  it('searches nothing on the server for a user who administers nothing', async () => {
    const partner: SignedInUser = { ...admin, hkData: { ...admin.hkData, permissions: [] } };
    const { createEntitySearch } = renderDialog(partner, async () => ({ hits: [], failed: false }));
    await type('pla');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(createEntitySearch).not.toHaveBeenCalled();
  });
});
