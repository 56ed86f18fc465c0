import { useCallback, useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { Toast, Toaster, useToasterClearance, type ToastMessage } from './toast.tsx';
import { Button } from '../button/button.tsx';
import { storyFrame } from '../lib/story-frame.tsx';

const meta = {
  title: 'Feedback/Toast',
  component: Toast,
  args: {
    onDismiss: fn(),
    toast: { id: '1', tone: 'danger', message: 'Die Anwendung konnte nicht gespeichert werden.', durationMs: 0 },
  },
  decorators: [storyFrame('max-w-sm')],
} satisfies Meta<typeof Toast>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Danger: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByText('Fehler')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Benachrichtigung schließen' }));
    await expect(args.onDismiss).toHaveBeenCalledWith('1');
  },
};
/** A refused save: the server's message, then its errors[] that no form field shows (spec §8). */
export const WithDetails: Story = {
  args: {
    toast: {
      id: '6',
      tone: 'danger',
      message: 'Die Anfrage ist ungültig.',
      details: ['Der Header „Cookie“ darf nicht gesetzt werden.', 'Die Rolle r-1 gehört nicht zu dieser Anwendung.'],
      durationMs: 0,
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Die Anfrage ist ungültig.')).toBeVisible();
    await expect(canvas.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Der Header „Cookie“ darf nicht gesetzt werden.',
      'Die Rolle r-1 gehört nicht zu dieser Anwendung.',
    ]);
  },
};
export const Success: Story = {
  args: {
    toast: {
      id: '2',
      tone: 'success',
      title: 'Gespeichert',
      message: 'Die Änderungen wurden übernommen.',
      durationMs: 0,
    },
  },
};
export const Warning: Story = {
  args: {
    toast: {
      id: '3',
      tone: 'warning',
      title: 'Hinweis',
      message: 'Die Anwendung ist noch nicht freigegeben.',
      durationMs: 0,
    },
  },
};
export const Info: Story = {
  args: { toast: { id: '4', tone: 'info', message: 'Eine neue Version ist verfügbar.', durationMs: 0 } },
};

/** The default: gone after 4 seconds (the test checks the dismissal is scheduled, not the clock). */
export const DismissesItself: Story = {
  args: { toast: { id: '5', tone: 'danger', message: 'Zeitüberschreitung', durationMs: 1 } },
  play: async ({ args }) => {
    await waitFor(() => expect(args.onDismiss).toHaveBeenCalledWith('5'));
  },
};

let counter = 0;
function ToasterDemo() {
  const [toasts, setToasts] = useState<readonly ToastMessage[]>([
    { id: 'a', tone: 'success', title: 'Gespeichert', message: 'Die Rolle wurde angelegt.', durationMs: 0 },
  ]);
  const dismiss = useCallback((id: string) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  return (
    <div className="min-h-64">
      <Button
        variant="danger"
        onClick={() => {
          counter += 1;
          setToasts((all) => [...all, { id: `e${counter}`, tone: 'danger', message: 'Der Server antwortet nicht.' }]);
        }}
      >
        Fehler auslösen
      </Button>
      <Toaster toasts={toasts} onDismiss={dismiss} />
    </div>
  );
}

export const ToasterRegion: Story = {
  render: () => <ToasterDemo />,
  play: async ({ canvas, userEvent }) => {
    const region = canvas.getByRole('region', { name: 'Benachrichtigungen' });
    await expect(region).toContainElement(canvas.getByText('Die Rolle wurde angelegt.'));
    await userEvent.click(canvas.getByRole('button', { name: 'Fehler auslösen' }));
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('Der Server antwortet nicht.');
    await expect(alert).toHaveTextContent('Fehler');
    await expect(canvas.getByRole('status')).toHaveAttribute('aria-live', 'polite');
  },
};

/** A page with a sticky Save/Delete bar at the bottom: the toasts stay above it (#17.20). */
function StickyBarPage() {
  const bar = useRef<HTMLDivElement>(null);
  useToasterClearance(bar);
  const toasts: ToastMessage[] = [
    { id: 'saved', tone: 'success', message: '„Küchenplaner“ wurde gespeichert.', durationMs: 0 },
  ];
  return (
    <div>
      <div className="h-[150vh]" />
      <div
        ref={bar}
        className="fixed inset-x-0 bottom-0 flex justify-end gap-2 border-t border-line bg-canvas px-4 py-3"
      >
        <Button variant="danger">Löschen</Button>
        <Button>Speichern</Button>
      </div>
      <Toaster toasts={toasts} onDismiss={() => undefined} />
    </div>
  );
}

export const ToastsLeaveTheActionBarFree: Story = {
  render: () => <StickyBarPage />,
  play: async ({ canvas }) => {
    // The toaster's region keeps the bar's height free at the bottom of the window.
    const region = canvas.getByText('„Küchenplaner“ wurde gespeichert.').closest('section');
    const bar = canvas.getByRole('button', { name: 'Speichern' }).parentElement;
    await waitFor(() =>
      expect(getComputedStyle(region as HTMLElement).bottom).toBe(
        `${Math.ceil(bar?.getBoundingClientRect().height ?? 0)}px`,
      ),
    );
    await expect(bar?.getBoundingClientRect().height).toBeGreaterThan(0);
  },
};
