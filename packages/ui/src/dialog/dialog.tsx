import { useLayoutEffect, type ReactNode } from 'react';
import { Dialog as HeadlessDialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { XMarkIcon } from '@heroicons/react/20/solid';
import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import { useUiText } from '../i18n/ui-text.tsx';
import { Button } from '../button/button.tsx';
import { returnFocus } from '../lib/focus.ts';

/**
 * Inside an open dialog: notes what had the focus when it opened (its layout effect runs before
 * Headless UI moves the focus in) and, once the dialog is gone, makes sure the focus is not left
 * on the page body: back on the opener, or the page's heading when the opener went (#30.11).
 */
function FocusReturn() {
  useLayoutEffect(() => {
    const opener = document.activeElement;
    return () => {
      // After Headless UI's own return (it gives the focus back while the opener is there).
      setTimeout(() => returnFocus(opener));
    };
  }, []);
  return null;
}

export interface DialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly title: string;
  readonly description?: string;
  readonly children?: ReactNode;
  /** Buttons at the bottom, primary last (right). */
  readonly actions?: ReactNode;
  readonly size?: 'sm' | 'md' | 'lg';
}

const widths = { sm: 'sm:max-w-md', md: 'sm:max-w-lg', lg: 'sm:max-w-2xl' } as const;

/** A modal dialog (Headless UI: focus trap, Escape, scroll lock, return focus — never to the page body). Load lazily. */
export function Dialog({ open, onClose, title, description, children, actions, size = 'md' }: DialogProps) {
  const t = useUiText();
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50">
      <Frame panelClassName={`relative ${widths[size]} motion-safe:data-closed:translate-y-2`}>
        <FocusReturn />
        <button
          type="button"
          onClick={onClose}
          aria-label={t('dialog.close')}
          className="absolute end-3 top-3 rounded-md p-1 text-fg-muted hover:bg-surface-muted hover:text-fg"
        >
          <XMarkIcon aria-hidden="true" className="size-5" />
        </button>
        <DialogTitle className="pe-8 text-xl font-semibold">{title}</DialogTitle>
        {description !== undefined && <Description className="mt-2 text-sm text-fg-muted">{description}</Description>}
        {children !== undefined && <div className="mt-4">{children}</div>}
        {actions !== undefined && (
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{actions}</div>
        )}
      </Frame>
    </HeadlessDialog>
  );
}

/** Both dialogs' backdrop and panel: at the bottom on a phone, centred from `sm` up. */
function Frame({ panelClassName, children }: { readonly panelClassName: string; readonly children: ReactNode }) {
  return (
    <>
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-fg/40 motion-safe:transition-opacity data-closed:opacity-0"
      />
      <div className="fixed inset-0 flex w-screen items-end justify-center overflow-y-auto p-4 sm:items-center">
        <DialogPanel
          transition
          className={`w-full rounded-xl border border-line bg-surface p-6 text-fg shadow-xl motion-safe:transition data-closed:opacity-0 ${panelClassName}`}
        >
          {children}
        </DialogPanel>
      </div>
    </>
  );
}

export interface ConfirmDialogProps {
  readonly open: boolean;
  readonly title: string;
  readonly message: string;
  /** More under the message, part of the dialog's description (e.g. where the entity is used). */
  readonly details?: ReactNode;
  /** Label of the confirming button ("Löschen" for danger, "Bestätigen" otherwise, by default). */
  readonly confirmLabel?: string;
  readonly tone?: 'danger' | 'primary';
  /** While the action runs: the confirm button shows progress, nothing closes. */
  readonly busy?: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

/** Asks before anything is deleted: Cancel (focused first) and a danger confirm button. */
export function ConfirmDialog({
  open,
  title,
  message,
  details,
  confirmLabel,
  tone = 'danger',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const t = useUiText();
  return (
    <HeadlessDialog
      open={open}
      onClose={() => {
        if (!busy) onCancel();
      }}
      role="alertdialog"
      className="relative z-50"
    >
      <Frame panelClassName="sm:max-w-md">
        <FocusReturn />
        <div className="flex items-start gap-4">
          {tone === 'danger' && (
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-danger-soft">
              <ExclamationTriangleIcon aria-hidden="true" className="size-6 text-danger" />
            </span>
          )}
          <div className="min-w-0">
            <DialogTitle className="text-xl font-semibold">{title}</DialogTitle>
            {details === undefined ? (
              <Description className="mt-2 text-sm text-fg-muted">{message}</Description>
            ) : (
              <Description as="div" className="mt-2 flex flex-col gap-3 text-sm text-fg-muted">
                <p>{message}</p>
                {details}
              </Description>
            )}
          </div>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel} disabled={busy} autoFocus>
            {t('dialog.cancel')}
          </Button>
          <Button variant={tone} onClick={onConfirm} busy={busy}>
            {confirmLabel ?? t(tone === 'danger' ? 'dialog.delete' : 'dialog.confirm')}
          </Button>
        </div>
      </Frame>
    </HeadlessDialog>
  );
}
