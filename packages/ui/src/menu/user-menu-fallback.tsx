import { useUiText } from '../i18n/ui-text.tsx';

const itemClasses = 'flex w-full rounded-md px-3 py-2 text-start text-sm text-fg hover:bg-surface-muted';

export interface UserMenuFallbackProps {
  /** The panel's id: the menu's button opens it with `popoverTarget` (one per page). */
  readonly id: string;
  readonly settingsHref: string;
  /** Where sign-out posts. */
  readonly signOutAction: string;
}

/**
 * The user menu before its code has loaded, and without JavaScript (issue #28.12): a popover of
 * the browser's own (no script), opened by the menu's button, with the settings link and sign-out
 * as a real form. Light (it is in the first route): no Headless UI, no icons.
 */
export function UserMenuFallback({ id, settingsHref, signOutAction }: UserMenuFallbackProps) {
  const t = useUiText();
  return (
    <div
      id={id}
      popover="auto"
      className="fixed inset-auto end-4 top-14 m-0 min-w-56 rounded-xl border border-line bg-surface p-1 shadow-lg"
    >
      <a href={settingsHref} className={itemClasses}>
        {t('userMenu.settings')}
      </a>
      <form method="post" action={signOutAction}>
        <button type="submit" className={itemClasses}>
          {t('userMenu.signOut')}
        </button>
      </form>
    </div>
  );
}
