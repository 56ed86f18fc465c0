// #17.14: the history shows the field's label, old → new with linked entities by name (a link
// while they exist) and the author's name; never ids or internal field names.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminHistoryEntry } from '@portal/adapters/admin';
import { createI18n } from '../../../i18n/i18n.ts';
import { HistorySection } from './history.tsx';

const permissionId = '10000000-0000-4000-8000-000000000042';
const goneId = '10000000-0000-4000-8000-000000000043';
const entry = (over: Partial<AdminHistoryEntry>): AdminHistoryEntry => ({
  id: `h-${Math.random()}`,
  tableName: 'applications',
  entity: 'a1',
  mode: 'UPDATE',
  field: 'label',
  oldValue: null,
  value: null,
  updatedAt: '2026-11-24T10:00:00.000Z',
  updatedBy: 'u1',
  updatedByName: 'Greta Gruber',
  references: [],
  revertible: false,
  ...over,
});

const entries: AdminHistoryEntry[] = [
  entry({ id: 'sort', field: 'sortNumber', oldValue: '3', value: '10' }),
  entry({
    id: 'perm',
    field: 'adminPermissionId',
    oldValue: goneId,
    value: permissionId,
    references: [
      { kind: 'PERMISSION', id: permissionId, label: 'kitchen_planner.admin', exists: true },
      { kind: 'PERMISSION', id: goneId, label: 'old.admin', exists: false },
    ],
  }),
  entry({ id: 'flag', field: 'internal', oldValue: 'false', value: 'true', updatedBy: null, updatedByName: null }),
  entry({ id: 'gone-author', field: 'description', oldValue: '', value: 'Planen', updatedByName: null }),
];

const rowOf = (id: string) => {
  const index = entries.findIndex((e) => e.id === id);
  return screen.getAllByRole('row')[index + 1] as HTMLElement;
};

beforeAll(async () => {
  const i18n = await createI18n('de');
  await i18n.loadNamespaces('admin');
});
afterEach(cleanup);

describe('HistorySection', () => {
  it('reads as a change: label, old → new, linked entities by name, author by name', async () => {
    render(<HistorySection scope="a1" load={async () => ({ items: entries, total: entries.length })} />);
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(entries.length + 1));
    expect(screen.getByRole('columnheader', { name: /Änderung/ })).toBeDefined();

    const sort = rowOf('sort');
    expect(within(sort).getByText('Sortiernummer')).toBeDefined();
    expect(sort.textContent).toContain('3 → 10');
    expect(sort.textContent).toContain('Greta Gruber');

    const permission = rowOf('perm');
    expect(within(permission).getByText('Admin-Berechtigung')).toBeDefined();
    const link = within(permission).getByRole('link', { name: 'kitchen_planner.admin' });
    expect(link.getAttribute('href')).toBe(`/admin/permissions/${permissionId}`);
    expect(permission.textContent).toContain('old.admin (gelöscht) → kitchen_planner.admin');
    expect(within(permission).queryByRole('link', { name: /old\.admin/ })).toBeNull();

    expect(rowOf('flag').textContent).toContain('Nein → Ja');
    expect(rowOf('flag').textContent).toContain('System');
    expect(rowOf('gone-author').textContent).toContain('leer → Planen');
    expect(rowOf('gone-author').textContent).toContain('Unbekannter Benutzer');

    const table = screen.getByRole('table').textContent ?? '';
    for (const raw of ['sortNumber', 'adminPermissionId', permissionId, goneId, 'u1']) expect(table).not.toContain(raw);
  });

  it('shows link records by name with their flags, and enumerated values by label', async () => {
    const attribute = '20000000-0000-4000-8000-000000000003';
    const items = [
      entry({
        id: 'links',
        field: 'attributes',
        oldValue: '[]',
        value: JSON.stringify([{ attributeId: attribute, outputInToken: true, required: false, visible: true }]),
        references: [{ kind: 'ATTRIBUTE', id: attribute, label: 'Kundennummer', exists: true }],
      }),
      entry({ id: 'type', tableName: 'attributes', field: 'dataType', mode: 'CREATE', value: 'EMAIL' }),
    ];
    render(<HistorySection scope="a2" load={async () => ({ items, total: items.length })} />);
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
    const [, links, type] = screen.getAllByRole<HTMLElement>('row');
    expect(links?.textContent).toContain('Attribute');
    expect(links?.textContent).toContain('leer → Kundennummer (Im Token, Sichtbar)');
    expect(type?.textContent).toContain('Datentyp');
    expect(type?.textContent).toContain('E-Mail-Adresse');
    expect(type?.textContent).not.toContain('→');
  });

  it('reads a webhook change per property by its label, and instants in the reader’s language (#30.11)', async () => {
    const settings = {
      enabled: true,
      endpointUrl: 'https://planner.example.test/hook',
      username: null,
      passwordSet: true,
      onGrant: true,
      onRemove: true,
      onUpdate: true,
      onAccessRequest: false,
      headers: [],
      keyVaultReference: null,
      pauseAfterFailures: null,
    };
    const items = [
      entry({
        id: 'hook',
        field: 'webhook',
        oldValue: JSON.stringify(settings),
        value: JSON.stringify({ ...settings, onAccessRequest: true, pauseAfterFailures: 5 }),
      }),
      entry({ id: 'password', field: 'webhook.passwordChanged', mode: 'UPDATE', value: '2026-11-20T09:15:00.000Z' }),
    ];
    render(<HistorySection scope="a3" load={async () => ({ items, total: items.length })} />);
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
    const [, hook, password] = screen.getAllByRole<HTMLElement>('row');
    const lines = within(hook as HTMLElement)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual(['Bei Zugriffsanfragen: Nein → Ja', 'Pausieren nach Fehlschlägen in Folge: leer → 5']);
    expect(hook?.textContent).not.toContain('onAccessRequest');
    expect(hook?.textContent).not.toContain('planner.example.test');
    expect(password?.textContent).toContain('Webhook-Passwort geändert');
    expect(password?.textContent).toContain('20.11.2026');
    expect(password?.textContent).not.toContain('2026-11-20T09:15');
  });
});
