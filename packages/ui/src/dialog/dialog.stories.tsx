import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { ConfirmDialog, Dialog } from './dialog.tsx';
import { Button } from '../button/button.tsx';
import { TextField } from '../form/text-field.tsx';

interface DialogStoryArgs {
  readonly onClose: () => void;
  readonly onConfirm: () => void;
}

const meta = {
  title: 'Feedback/Dialog',
  parameters: { layout: 'fullscreen' },
  args: { onClose: fn(), onConfirm: fn() },
} satisfies Meta<DialogStoryArgs>;
export default meta;
type Story = StoryObj<DialogStoryArgs>;

export const Open: Story = {
  render: (args) => (
    <Dialog
      open
      onClose={args.onClose}
      title="Header hinzufügen"
      description="Wird bei jedem Webhook-Aufruf mitgesendet."
      actions={
        <>
          <Button variant="secondary">Abbrechen</Button>
          <Button>Hinzufügen</Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <TextField label="Name" required />
        <TextField label="Wert" required />
      </div>
    </Dialog>
  ),
  play: async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Header hinzufügen' });
    await expect(dialog).toHaveAccessibleDescription('Wird bei jedem Webhook-Aufruf mitgesendet.');
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalled();
  },
};

function ConfirmDemo({ onConfirm, busy = false }: { readonly onConfirm: () => void; readonly busy?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="p-6">
      <Button variant="danger" onClick={() => setOpen(true)}>
        Rolle löschen
      </Button>
      <ConfirmDialog
        open={open}
        busy={busy}
        title="Rolle löschen?"
        message="Die Rolle „Händler“ wird von allen Benutzern entfernt. Das lässt sich nicht rückgängig machen."
        onConfirm={() => {
          onConfirm();
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
    </div>
  );
}

export const ConfirmDelete: Story = {
  render: (args) => <ConfirmDemo onConfirm={args.onConfirm} />,
  play: async ({ canvas, userEvent, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Rolle löschen' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('alertdialog', { name: 'Rolle löschen?' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Abbrechen' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(trigger).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Löschen' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};

export const ConfirmDeleteWithUsage: Story = {
  render: () => (
    <ConfirmDialog
      open
      title="„Planer“ löschen?"
      message="„Planer“ wird endgültig gelöscht. Dieser Schritt kann nicht rückgängig gemacht werden."
      details={
        <div>
          <p className="font-medium text-fg">Wird verwendet – beim Löschen wird die Rolle überall entfernt:</p>
          <ul className="mt-1 list-disc pl-5">
            <li>Anwendungen (1): Küchenplaner</li>
            <li>Benutzer (31): Anna Albers, Ben Berg, Clara Cordes, David Dahl, Emma Ernst und 26 weitere</li>
          </ul>
        </div>
      }
      onConfirm={fn()}
      onCancel={fn()}
    />
  ),
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', { name: '„Planer“ löschen?' });
    await expect(dialog).toHaveAccessibleDescription(/endgültig gelöscht.*Küchenplaner.*und 26 weitere/);
  },
};

export const ConfirmBusy: Story = {
  render: () => (
    <ConfirmDialog
      open
      busy
      title="Anwendung löschen?"
      message="Alle Zuordnungen werden entfernt."
      onConfirm={fn()}
      onCancel={fn()}
    />
  ),
  play: async () => {
    const confirm = await screen.findByRole('button', { name: /Löschen/ });
    await expect(confirm).toBeDisabled();
    await expect(confirm).toHaveAttribute('aria-busy', 'true');
  },
};

export const ConfirmNeutral: Story = {
  render: () => (
    <ConfirmDialog
      open
      tone="primary"
      title="Anwendung freigeben?"
      message="Benutzer können sich danach anmelden."
      confirmLabel="Freigeben"
      onConfirm={fn()}
      onCancel={fn()}
    />
  ),
};

function WithdrawDemo() {
  const [open, setOpen] = useState(false);
  const [withdrawn, setWithdrawn] = useState(false);
  return (
    <main id="main" className="flex flex-col gap-4 p-6">
      <h1 className="text-2xl font-semibold">Meine Anfragen</h1>
      <p>Küchenplaner: {withdrawn ? 'zurückgezogen' : 'offen'}</p>
      {!withdrawn && (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Anfrage zurückziehen
        </Button>
      )}
      <ConfirmDialog
        open={open}
        title="Anfrage zurückziehen?"
        message="Die Anfrage für den Küchenplaner wird zurückgezogen."
        confirmLabel="Anfrage zurückziehen"
        onConfirm={() => {
          setWithdrawn(true);
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
    </main>
  );
}

/**
 * #30.11: the action took the opener away (the request is withdrawn, its button gone): the focus
 * goes to the page's heading, not to the page body.
 */
export const FocusWhenTheOpenerIsGone: Story = {
  render: () => <WithdrawDemo />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Anfrage zurückziehen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Anfrage zurückziehen?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anfrage zurückziehen' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(canvas.getByRole('heading', { level: 1, name: 'Meine Anfragen' })).toHaveFocus());
    await expect(document.activeElement).not.toBe(document.body);
  },
};
