import type { FocusEventHandler, MouseEventHandler, PointerEventHandler } from 'react';
import { useUiText } from '../i18n/ui-text.tsx';
import { Avatar, type AvatarColorToken } from '../avatar/avatar.tsx';
import { menuButtonClasses } from './language-button-face.tsx';

const itemClasses = 'flex w-full rounded-md px-3 py-2 text-start text-sm text-fg hover:bg-surface-muted';

export interface UserMenuFallbackProps {
  readonly name: string;
  readonly initials?: string;
  readonly color?: AvatarColorToken;
  readonly settingsHref: string;
  /** Where sign-out posts. */
  readonly signOutAction: string;
  /** The id of the panel (one per page). */
  readonly panelId: string;
  readonly onPointerEnter?: PointerEventHandler<HTMLButtonElement>;
  readonly onFocus?: FocusEventHandler<HTMLButtonElement>;
  /** Once the page's script runs: `preventDefault()` keeps the panel shut (the real menu opens instead). */
  readonly onClick?: MouseEventHandler<HTMLButtonElement>;
}

/**
 * The user menu before its code has loaded, and without JavaScript (issue #28.12): the same
 * button, opening a popover of the browser's own (no script) with the settings link and sign-out
 * as a real form. Light (it is in the first route): no Headless UI, no icons.
 */
export function UserMenuFallback({
  name,
  initials,
  color,
  settingsHref,
  signOutAction,
  panelId,
  onPointerEnter,
  onFocus,
  onClick,
}: UserMenuFallbackProps) {
  const t = useUiText();
  return (
    <>
      <button
        type="button"
        popoverTarget={panelId}
        className={menuButtonClasses}
        onPointerEnter={onPointerEnter}
        onFocus={onFocus}
        onClick={onClick}
      >
        <span className="sr-only">{t('userMenu.open', { name })}</span>
        <Avatar name={name} initials={initials} color={color} size="sm" decorative />
      </button>
      <div
        id={panelId}
        popover="auto"
        className="fixed inset-auto end-4 top-14 m-0 min-w-56 rounded-xl border border-line bg-surface p-1 text-fg shadow-lg"
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
    </>
  );
}
