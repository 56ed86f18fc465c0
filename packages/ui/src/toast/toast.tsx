import { useEffect, useLayoutEffect, type RefObject } from 'react';
import {
  CheckCircleIcon,
  ExclamationTriangleIcon,
  InformationCircleIcon,
  XCircleIcon,
  XMarkIcon,
} from '@heroicons/react/20/solid';
import { toastDurationMs } from '@portal/core';
import { cx } from '../lib/cx.ts';
import { useUiText } from '../i18n/ui-text.tsx';

export type ToastTone = 'danger' | 'success' | 'warning' | 'info';

export interface ToastMessage {
  readonly id: string;
  readonly tone: ToastTone;
  /** Title; for `danger` it defaults to "Fehler" (spec §8). */
  readonly title?: string;
  readonly message?: string;
  /** Further messages under the message, one per line (e.g. the server's `errors[]`, spec §8). */
  readonly details?: readonly string[];
  /** Milliseconds on screen; 0 keeps it until dismissed. Default 4000. */
  readonly durationMs?: number;
}

const tones: Record<ToastTone, { readonly box: string; readonly icon: string; readonly Icon: typeof XCircleIcon }> = {
  danger: { box: 'border-danger bg-danger-soft text-on-danger-soft', icon: 'text-danger', Icon: XCircleIcon },
  success: { box: 'border-success bg-success-soft text-on-success-soft', icon: 'text-success', Icon: CheckCircleIcon },
  warning: {
    box: 'border-warning bg-warning-soft text-on-warning-soft',
    icon: 'text-warning',
    Icon: ExclamationTriangleIcon,
  },
  info: { box: 'border-info bg-info-soft text-on-info-soft', icon: 'text-info', Icon: InformationCircleIcon },
};

export interface ToastProps {
  readonly toast: ToastMessage;
  readonly onDismiss: (id: string) => void;
}

/** One toast: icon, title, message and a close button; dismisses itself after its duration. */
export function Toast({ toast, onDismiss }: ToastProps) {
  const t = useUiText();
  const duration = toast.durationMs ?? toastDurationMs;
  useEffect(() => {
    if (duration <= 0) return undefined;
    const timer = setTimeout(() => onDismiss(toast.id), duration);
    return () => clearTimeout(timer);
  }, [toast.id, duration, onDismiss]);
  const tone = tones[toast.tone];
  const title = toast.title ?? (toast.tone === 'danger' ? t('toast.errorTitle') : undefined);
  return (
    <div
      className={cx(
        'pointer-events-auto flex w-full items-start gap-3 rounded-xl border p-4 shadow-lg motion-safe:animate-[toast-in_150ms_ease-out]',
        tone.box,
      )}
      data-tone={toast.tone}
    >
      <tone.Icon aria-hidden="true" className={cx('mt-0.5 size-5 shrink-0', tone.icon)} />
      <div className="min-w-0 flex-1 text-sm">
        {title !== undefined && <p className="font-semibold">{title}</p>}
        {toast.message !== undefined && <p className={title === undefined ? '' : 'mt-1'}>{toast.message}</p>}
        {toast.details !== undefined && toast.details.length > 0 && (
          <ul className={cx('flex flex-col gap-0.5', title === undefined && toast.message === undefined ? '' : 'mt-1')}>
            {toast.details.map((detail) => (
              <li key={detail} className="break-words">
                {detail}
              </li>
            ))}
          </ul>
        )}
      </div>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        aria-label={t('toast.dismiss')}
        className="-m-1 rounded-md p-1 hover:bg-surface/40"
      >
        <XMarkIcon aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}

/** The room (px) the toaster keeps free at the bottom of the window: a sticky action bar's height. */
const clearanceVariable = '--toaster-clearance';

/**
 * For a sticky action bar at the bottom of the window (Save, Delete): while it is mounted,
 * toasts appear above it instead of covering it (#17.20). Follows the bar's height.
 */
export function useToasterClearance(bar: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = bar.current;
    if (element === null) return undefined;
    const root = document.documentElement;
    const update = () =>
      root.style.setProperty(clearanceVariable, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    update();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(clearanceVariable);
    };
  }, [bar]);
}

export interface ToasterProps {
  readonly toasts: readonly ToastMessage[];
  readonly onDismiss: (id: string) => void;
}

/**
 * The toast region: fixed at the bottom (end side), above a sticky action bar that called
 * `useToasterClearance`; always in the DOM so screen readers announce toasts added to it
 * (`aria-live`: polite; errors are announced as alerts).
 */
export function Toaster({ toasts, onDismiss }: ToasterProps) {
  const t = useUiText();
  return (
    <section
      aria-label={t('toast.region')}
      className="pointer-events-none fixed inset-x-0 bottom-[var(--toaster-clearance,0px)] z-50 flex flex-col items-stretch gap-2 p-4 sm:inset-x-auto sm:end-0 sm:w-96"
    >
      <div role="status" aria-live="polite" className="flex flex-col gap-2">
        {toasts
          .filter((toast) => toast.tone !== 'danger')
          .map((toast) => (
            <Toast key={toast.id} toast={toast} onDismiss={onDismiss} />
          ))}
      </div>
      <div role="alert" aria-live="assertive" className="flex flex-col gap-2">
        {toasts
          .filter((toast) => toast.tone === 'danger')
          .map((toast) => (
            <Toast key={toast.id} toast={toast} onDismiss={onDismiss} />
          ))}
      </div>
    </section>
  );
}
