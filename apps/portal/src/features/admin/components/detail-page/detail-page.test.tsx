// The detail pages' one frame (`EntityDetailRoute`, `useEntityForm`, `EntityFormFrame`), through the role's page:
// load, the checks before saving, save, create (then the new role's own page), delete with its usage, history.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { HttpError } from '@portal/core';
import type { AdminHistoryEntry, RoleDetail } from '@portal/adapters/admin';
import { createI18n } from '../../../../i18n/i18n.ts';
import { AdminPageFrame } from '../../test-kit.tsx';
import RoleDetailPage from '../../pages/role-detail.tsx';
import { generalSpec } from './spec.ts';

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
const renamed: AdminHistoryEntry = {
  id: 'h1',
  tableName: 'roles',
  entity: 'r1',
  mode: 'UPDATE',
  field: 'label',
  oldValue: 'Planer',
  value: 'Küchenplaner',
  updatedAt: '2026-11-24T10:00:00.000Z',
  updatedBy: 'u1',
  updatedByName: 'Greta Gruber',
  references: [],
  revertible: true,
};

function renderAt(path: string, roles: Record<string, unknown>, writable = true) {
  const location = memoryLocation({ path, record: true });
  const empty = () => Promise.resolve({ items: [], total: 0 });
  render(
    <Router hook={location.hook}>
      <AdminPageFrame
        api={{ roles: { history: noHistory, ...roles }, permissions: { list: empty }, applications: { list: empty } }}
        writable={writable}
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

  it('undoes a change from its history in one click: the form shows the entity as saved, the history reloads', async () => {
    const changed = { ...role, label: 'Küchenplaner' };
    const history = vi.fn(() => Promise.resolve({ items: [renamed], total: 1 }));
    const revert = vi.fn(() => Promise.resolve(role));
    renderAt('/admin/roles/r1', { get: () => Promise.resolve(changed), history, revert });
    const label = await screen.findByRole<HTMLInputElement>('textbox', { name: /Bezeichnung/ });
    const undo = await screen.findByRole('button', { name: /^Rückgängig machen: Änderung vom/ });
    // Unsaved input first: the button waits and says why.
    fireEvent.change(label, { target: { value: 'Planer in Arbeit' } });
    await waitFor(() => expect(undo).toHaveProperty('disabled', true));
    expect(screen.getByText(/Speichern oder verwerfen Sie zuerst Ihre Eingaben/)).toBeTruthy();
    fireEvent.change(label, { target: { value: 'Küchenplaner' } });
    await waitFor(() => expect(undo).toHaveProperty('disabled', false));
    const loads = history.mock.calls.length;
    fireEvent.click(undo);
    await waitFor(() => expect(revert).toHaveBeenCalledWith('r1', 'h1'));
    expect(await screen.findByText('Die Änderung wurde rückgängig gemacht.')).toBeTruthy();
    await waitFor(() => expect(label.value).toBe('Planer'));
    await waitFor(() => expect(history.mock.calls.length).toBeGreaterThan(loads));
  });

  it("says why a change cannot be undone (the server's message), keeps the form as it was and reloads the history", async () => {
    const message = 'Das Feld wurde seitdem erneut geändert.';
    const history = vi.fn(() => Promise.resolve({ items: [renamed], total: 1 }));
    const refused = new HttpError(409, {
      error: { code: 'history.changedSince', message, errors: [{ message, field: 'label' }] },
    });
    renderAt('/admin/roles/r1', {
      get: () => Promise.resolve({ ...role, label: 'Küchenplaner' }),
      history,
      revert: () => Promise.reject(refused),
    });
    const label = await screen.findByRole<HTMLInputElement>('textbox', { name: /Bezeichnung/ });
    const loads = history.mock.calls.length;
    fireEvent.click(await screen.findByRole('button', { name: /^Rückgängig machen/ }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(label.value).toBe('Küchenplaner');
    expect(label.getAttribute('aria-invalid')).not.toBe('true');
    await waitFor(() => expect(history.mock.calls.length).toBeGreaterThan(loads));
  });

  it('offers no undo without the write permission', async () => {
    renderAt(
      '/admin/roles/r1',
      { get: () => Promise.resolve(role), history: () => Promise.resolve({ items: [renamed], total: 1 }) },
      false,
    );
    await screen.findByText('Greta Gruber');
    expect(screen.queryByRole('button', { name: /Rückgängig machen/ })).toBeNull();
  });
});

describe('generalSpec: the spec of a kind with a general section', () => {
  it('takes the text fields from the entity, trims them for the API, requires key and label, titles by the label', () => {
    const spec = generalSpec('customFlows', ['key', 'label', 'description'], {
      valuesOf: (entity) => ({ attributeIds: entity?.attributeIds ?? [] }),
      inputOf: (values) => ({ attributeIds: [...values.attributeIds] }),
    });
    const empty = spec.valuesOf(undefined);
    expect(empty).toEqual({ key: '', label: '', description: '', attributeIds: [] });
    expect(Object.keys(spec.validate(empty))).toEqual(['key', 'label']);
    expect(spec.inputOf({ key: ' onboarding ', label: ' Start ', description: ' d ', attributeIds: ['a1'] })).toEqual({
      key: 'onboarding',
      label: 'Start',
      description: 'd',
      attributeIds: ['a1'],
    });
    expect(spec.titleOf({ id: 'f1', key: 'onboarding', label: 'Start', description: '', attributeIds: [] })).toBe(
      'Start',
    );
  });

  it('requires only the key of a kind without a label, and titles it as the kind says', () => {
    const spec = generalSpec('permissions', ['key', 'description'], {
      valuesOf: () => ({}),
      inputOf: () => ({}),
      titleOf: (entity) => entity.key,
    });
    expect(Object.keys(spec.validate(spec.valuesOf(undefined)))).toEqual(['key']);
    expect(spec.inputOf({ key: ' roles.read ', description: '' })).toEqual({ key: 'roles.read', description: '' });
  });
});
