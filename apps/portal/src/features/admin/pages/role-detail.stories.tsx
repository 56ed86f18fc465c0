// A role of the console (/admin/roles/{id}): its general fields, permissions and
// applications as chips, and its history, one of whose changes is undone (#19.7).
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Schema } from '@portal/contract';
import { administrable, applications } from '../../../../.storybook/console-data.ts';
import { administrator, shown, type ScreenProps } from '../../../../.storybook/screen.tsx';
import RoleDetailPage from './role-detail.tsx';

const meta = { title: 'Screens/Admin/Role detail', component: RoleDetailPage } satisfies Meta<typeof RoleDetailPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const permissions: Schema<'PermissionSummary'>[] = [
  { id: '3c8e1f20-7a4b-4d6c-9e0f-1a2b3c4d5e01', key: 'kitchen_planner.plan', description: 'Küchen planen' },
  { id: '3c8e1f20-7a4b-4d6c-9e0f-1a2b3c4d5e02', key: 'kitchen_planner.offer', description: 'Angebote schreiben' },
  { id: '3c8e1f20-7a4b-4d6c-9e0f-1a2b3c4d5e03', key: 'dealer_shop.order', description: 'Bestellen' },
];

const role: Schema<'Role'> = {
  id: '7e4d2c1b-0a9f-4e8d-b7c6-5a4b3c2d1e01',
  key: 'planner',
  label: 'Planer',
  description: 'Plant Küchen und schreibt Angebote',
  permissionIds: ['3c8e1f20-7a4b-4d6c-9e0f-1a2b3c4d5e01', '3c8e1f20-7a4b-4d6c-9e0f-1a2b3c4d5e02'],
  applicationIds: ['kitchen-planner'],
};

const history: Schema<'HistoryEntry'>[] = [
  {
    id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c01',
    tableName: 'role',
    entity: role.id,
    mode: 'UPDATE',
    field: 'description',
    oldValue: 'Plant Küchen',
    value: role.description,
    updatedAt: '2026-11-20T09:15:00.000Z',
    updatedBy: 'admin-role-detail',
    updatedByName: 'Alex Admin',
    references: [],
    revertible: true,
  },
  {
    id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c02',
    tableName: 'role',
    entity: role.id,
    mode: 'CREATE',
    field: null,
    oldValue: null,
    value: null,
    updatedAt: '2026-10-01T12:00:00.000Z',
    updatedBy: 'admin-role-detail',
    updatedByName: 'Alex Admin',
    references: [],
    revertible: false,
  },
];

export const Detail = {
  parameters: {
    screen: {
      path: `/admin/roles/${role.id}`,
      user: administrator('admin-role-detail'),
      data: { roles: [role], permissions, applications, administrable, history: { [role.id]: history } },
    } satisfies ScreenProps,
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByDisplayValue('Plant Küchen und schreibt Angebote', {}, shown),
    ).toBeVisible();
  },
} satisfies Story;

export const UndoFromHistory: Story = {
  parameters: Detail.parameters,
  play: async ({ canvasElement }) => {
    const screen = within(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: /^Rückgängig machen/ }, shown));
    await expect(await screen.findByDisplayValue('Plant Küchen', {}, shown)).toBeVisible();
    await expect(await within(document.body).findByText('Die Änderung wurde rückgängig gemacht.')).toBeVisible();
    // The undo is a change of its own (which may be undone in turn); the first change no longer can.
    const history = within(await screen.findByRole('table', { name: 'Änderungsverlauf' }));
    await expect(await history.findAllByRole('row', {}, shown)).toHaveLength(4);
    const [, undo, first] = history.getAllByRole('row');
    await expect(within(undo as HTMLElement).getByRole('button', { name: /^Rückgängig machen/ })).toBeVisible();
    await expect(within(first as HTMLElement).queryByRole('button')).toBeNull();
  },
};

/**
 * #30.3: the role's delete dialog says what it affects before anything happens — first, as a
 * warning, the application whose admin permission nobody holds afterwards, then its other uses.
 */
const withUsage = {
  screen: {
    ...Detail.parameters.screen,
    data: {
      ...Detail.parameters.screen.data,
      usage: {
        [role.id]: {
          groups: [
            { kind: 'APPLICATION', count: 1, first: [{ id: 'kitchen-planner', label: 'Küchenplaner' }] },
            {
              kind: 'USER',
              count: 2,
              first: [{ id: '5d6e7f80-0000-4000-8000-000000000001', label: 'Paula Planer' }],
            },
            { kind: 'ADMIN_PERMISSION_LOST', count: 1, first: [{ id: 'kitchen-planner', label: 'Küchenplaner' }] },
          ],
        },
      },
    },
  } satisfies ScreenProps,
};

export const DeleteLeavesAnApplicationWithoutAdministration: Story = {
  parameters: withUsage,
  play: async ({ canvasElement }) => {
    const screen = within(canvasElement);
    await screen.findByDisplayValue('Plant Küchen und schreibt Angebote', {}, shown);
    await userEvent.click(screen.getByRole('button', { name: 'Löschen' }));
    const dialog = within(await within(document.body).findByRole('alertdialog', {}, shown));
    const warning = await dialog.findByTestId('admin-permission-lost', {}, shown);
    await expect(warning).toBeVisible();
    await expect(within(warning).getByRole('link', { name: 'Küchenplaner' })).toBeVisible();
    await expect(dialog.getAllByRole('listitem')).toHaveLength(2);
  },
};

/** #30.11: Escape closes the delete dialog and the focus is back on the button that opened it. */
export const DeleteDialogGivesTheFocusBack: Story = {
  parameters: withUsage,
  play: async ({ canvasElement }) => {
    const screen = within(canvasElement);
    await screen.findByDisplayValue('Plant Küchen und schreibt Angebote', {}, shown);
    const opener = screen.getByRole('button', { name: 'Löschen' });
    opener.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole('alertdialog', {}, shown);
    await within(dialog).findByTestId('admin-permission-lost', {}, shown);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('alertdialog')).toBeNull(), shown);
    await waitFor(() => expect(opener).toHaveFocus(), shown);
  },
};
