import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { QuickLauncher, type QuickLauncherItem } from './quick-launcher.tsx';

const items: QuickLauncherItem[] = [
  { id: 'dealer', kind: 'app', label: 'Händlerbestellung', description: 'Aufträge erfassen und verfolgen' },
  { id: 'planner', kind: 'app', label: 'Küchenplaner', description: 'Küchen in 3D planen und anbieten' },
  { id: 'service', kind: 'app', label: 'Serviceportal', description: 'Reklamationen und Ersatzteile' },
  { id: 'personal', kind: 'page', label: 'Persönliche Daten', description: 'Einstellungen' },
  { id: 'security', kind: 'page', label: 'Sicherheit', description: 'Einstellungen' },
];

const meta = {
  title: 'Launcher/QuickLauncher',
  component: QuickLauncher,
  args: { open: true, items, onClose: fn(), onOpen: fn() },
} satisfies Meta<typeof QuickLauncher>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => within(document.body).findByRole('dialog', { name: 'Schnellstart' });
/** The open dialog, once its search field has the focus. */
async function focusedDialog() {
  const body = within(await dialog());
  await waitFor(() => expect(body.getByRole('combobox')).toHaveFocus());
  return body;
}
const optionTexts = (body: Awaited<ReturnType<typeof focusedDialog>>) =>
  body.getAllByRole('option').map((option) => option.textContent);

export const Open: Story = {
  play: async () => {
    const body = within(await dialog());
    const search = body.getByRole('combobox', { name: 'Apps und Seiten suchen' });
    await waitFor(() => expect(search).toHaveFocus());
    await expect(body.getAllByRole('option')).toHaveLength(5);
    await expect(body.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
  },
};

export const FindAndOpenByKeyboard: Story = {
  play: async ({ args, userEvent }) => {
    const body = await focusedDialog();
    await userEvent.keyboard('einst');
    await expect(optionTexts(body)).toEqual(['Persönliche DatenEinstellungenSeite', 'SicherheitEinstellungenSeite']);
    await userEvent.keyboard('{ArrowDown}');
    await expect(body.getByRole('combobox')).toHaveAttribute(
      'aria-activedescendant',
      body.getAllByRole('option')[1]?.id,
    );
    await userEvent.keyboard('{ArrowDown}');
    await expect(body.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowUp}{Enter}');
    await expect(args.onOpen).toHaveBeenCalledWith(items[4]);
  },
};

export const NoMatch: Story = {
  play: async ({ userEvent }) => {
    const body = await focusedDialog();
    await userEvent.keyboard('Buchhaltung');
    await expect(body.getByRole('status')).toHaveTextContent('Nichts passt zu „Buchhaltung“.');
    await expect(body.getByRole('combobox')).not.toHaveAttribute('aria-activedescendant');
  },
};

/** Escape closes; the caller closes it (and the focus goes back where it was). */
export const EscapeCloses: Story = {
  args: { open: false },
  render: function Render(args) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Öffnen
        </button>
        <QuickLauncher {...args} open={open} onClose={() => setOpen(false)} />
      </>
    );
  },
  play: async ({ canvas, userEvent }) => {
    const opener = canvas.getByRole('button', { name: 'Öffnen' });
    await userEvent.click(opener);
    await dialog();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

/** What the caller found on the server is listed after the matches with its kind, reachable by the arrows; a failed part is said in a note. */
export const FoundByTheCaller: Story = {
  args: {
    found: [
      {
        id: '/admin/users/1',
        kind: 'entity',
        label: 'Anna Schmidt',
        description: 'anna@example.com',
        kindLabel: 'Benutzer',
      },
      { id: '/admin/roles/2', kind: 'entity', label: 'Planer-Admin', kindLabel: 'Rolle' },
    ],
    note: 'Einige Treffer aus der Verwaltung konnten nicht geladen werden.',
  },
  play: async ({ args, userEvent }) => {
    const body = await focusedDialog();
    await userEvent.keyboard('sicher');
    await expect(optionTexts(body)).toEqual([
      'SicherheitEinstellungenSeite',
      'Anna Schmidtanna@example.comBenutzer',
      'Planer-AdminRolle',
    ]);
    await expect(body.getByText('Einige Treffer aus der Verwaltung konnten nicht geladen werden.')).toBeVisible();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await expect(args.onOpen).toHaveBeenCalledWith(args.found?.[1]);
  },
};

export const Searching: Story = {
  args: { searching: true },
  play: async ({ userEvent }) => {
    const body = await focusedDialog();
    await userEvent.keyboard('Anna');
    await expect(body.getByRole('status')).toHaveTextContent('Suche …');
  },
};
