// The quick launcher (#20.1): Ctrl+K / ⌘K anywhere, or "/" outside a text field, opens a
// dialog that finds applications and settings pages by name (and, for an administrator,
// console pages and entities: `quick-launcher-dialog.tsx` wires the admin console's search).
// Only this listener is in the first route; the dialog, its data and Headless UI load on the first press.
import { Suspense, useEffect, useRef, useState } from 'react';
import { createModuleLoader } from '@portal/ui';
import { useSession } from './session.ts';

const dialog = createModuleLoader(() => import('./quick-launcher-dialog.tsx'));

type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>;

/** Whether a key press asks for the quick launcher ("/" only where it would not be typed). */
export function isQuickLauncherKey(event: KeyPress): boolean {
  if (event.altKey) return false;
  if (event.ctrlKey || event.metaKey) return event.key.toLowerCase() === 'k';
  if (event.key !== '/') return false;
  const target = event.target as { readonly tagName?: string; readonly isContentEditable?: boolean } | null;
  return target?.isContentEditable !== true && !/^(INPUT|TEXTAREA|SELECT)$/.test(target?.tagName ?? '');
}

/** The shortcut of a signed-in user, and the dialog once it was asked for. */
export function QuickLauncherShortcut() {
  const { isSignedIn } = useSession();
  const [open, setOpen] = useState(false);
  /** Where the focus was: it goes back there when the dialog closes (the dialog leaves the tree at once). */
  const before = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!isSignedIn) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (open || event.defaultPrevented || !isQuickLauncherKey(event)) return;
      event.preventDefault();
      before.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.load().then(
        () => setOpen(true),
        () => undefined,
      );
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isSignedIn, open]);
  const close = () => {
    setOpen(false);
    // The focus goes back where the keys were pressed (unless a navigation took that away).
    setTimeout(() => {
      if (before.current?.isConnected === true) before.current.focus();
    });
  };
  const Dialog = open && isSignedIn ? dialog.loaded()?.default : undefined;
  return Dialog === undefined ? null : (
    <Suspense fallback={null}>
      <Dialog onClose={close} />
    </Suspense>
  );
}
