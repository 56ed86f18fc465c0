// The detail pages' one frame (`EntityDetailRoute`, `useEntityForm`, `EntityFormFrame`), through the role's page:
// load, the checks before saving, save, create (then the new role's own page), delete with its usage, history.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { RoleDetail } from '@portal/adapters/admin';
import { createI18n } from '../../../i18n/i18n.ts';
import { AdminPageFrame } from '../test-kit.tsx';
import RoleDetailPage from '../pages/role-detail.tsx';

beforeAll(async () => {
  const i18n = await createI18n('de');
  await i18n.loadNamespaces(['admin', 'common', 'ui']);
});
afterEach(cleanup);

const role: RoleDetail = {
  id: 'r1',
  key: 'planner',
  label: 'Planer',
  description: '',
  permissionIds: [],
  applicationIds: [],
};
const noHistory = () => Promise.resolve({ items: [], total: 0 });

function renderAt(path: string, roles: Record<string, unknown>) {
  const location = memoryLocation({ path, record: true });
  const empty = () => Promise.resolve({ items: [], total: 0 });
  render(
    <Router hook={location.hook}>
      <AdminPageFrame
        api={{ roles: { history: noHistory, ...roles }, permissions: { list: empty }, applications: { list: empty } }}
      >
        <Route path="/admin/roles/:id" component={RoleDetailPage} />
      </AdminPageFrame>
    </Router>,
  );
  return location;
}

describe("an entity's detail page", () => {
  it('loads the entity into its form, checks the required fields before saving, then saves the trimmed input', async () => {
    const update = vi.fn((_id: string, input: object) => Promise.resolve({ ...role, ...input }));
    renderAt('/admin/roles/r1', { get: () => Promise.resolve(role), update });
    const label = await screen.findByRole<HTMLInputElement>('textbox', { name: /Bezeichnung/ });
    expect(label.value).toBe('Planer');
    expect(screen.getAllByText('Änderungsverlauf').length).toBeGreaterThan(0);
    fireEvent.change(label, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(label.getAttribute('aria-invalid')).toBe('true'));
    expect(update).not.toHaveBeenCalled();
    fireEvent.change(label, { target: { value: '  Küchenplaner  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith('r1', {
        key: 'planner',
        label: 'Küchenplaner',
        description: '',
        permissionIds: [],
        applicationIds: [],
      }),
    );
    expect(await screen.findByText('Die Änderungen wurden gespeichert.')).toBeTruthy();
  });

  it('creates a new entity, then shows its own page; a new one has no history and no delete', async () => {
    const create = vi.fn((input: object) => Promise.resolve({ ...role, ...input, id: 'r9' }));
    const location = renderAt('/admin/roles/new', { get: vi.fn(), create });
    fireEvent.change(await screen.findByRole('textbox', { name: /Schlüssel/ }), { target: { value: 'cook' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Bezeichnung/ }), { target: { value: 'Koch' } });
    expect(screen.queryByText('Änderungsverlauf')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Löschen' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({
        key: 'cook',
        label: 'Koch',
        description: '',
        permissionIds: [],
        applicationIds: [],
      }),
    );
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/roles/r9'));
  });

  it('deletes after asking, with where the entity is used, and goes back to the list', async () => {
    const remove = vi.fn(() => Promise.resolve({ removedFrom: [] }));
    const usage = vi.fn(() => Promise.resolve({ groups: [] }));
    const location = renderAt('/admin/roles/r1', { get: () => Promise.resolve(role), remove, usage });
    const button = await screen.findByRole('button', { name: 'Löschen' });
    await act(async () => {
      fireEvent.click(button);
    });
    const dialog = await screen.findByRole('alertdialog', { name: '„Planer“ löschen?' }, { timeout: 5000 });
    await waitFor(() => expect(usage).toHaveBeenCalledWith('r1'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('r1'));
    expect(await screen.findByText('„Planer“ wurde gelöscht.')).toBeTruthy();
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/roles'));
  }, 15_000);
});
