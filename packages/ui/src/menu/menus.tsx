import { Menu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection, MenuSeparator } from '@headlessui/react';
import { themes, type Theme } from '@portal/core';
import { ArrowRightStartOnRectangleIcon, CheckIcon, Cog6ToothIcon } from '@heroicons/react/20/solid';
import { ChevronDownIcon } from '@heroicons/react/16/solid';
import { useUiText } from '../i18n/ui-text.tsx';
import { UiLink } from '../i18n/link.tsx';
import { Avatar, type AvatarColorToken } from '../avatar/avatar.tsx';
import { LanguageButtonFace, menuButtonClasses } from './language-button-face.tsx';

const itemClasses =
  'flex w-full items-center gap-2 rounded-md px-3 py-2 text-start text-sm text-fg data-focus:bg-surface-muted data-focus:outline-none';
const panelClasses =
  'z-40 min-w-56 rounded-xl border border-line bg-surface p-1 shadow-lg [--anchor-gap:--spacing(2)] focus:outline-none motion-safe:transition data-closed:opacity-0';

export interface UserMenuProps {
  readonly name: string;
  /** Core's `avatarInitials(name)` by default. */
  readonly initials?: string;
  /** Core's `avatarColor(name)` by default. */
  readonly color?: AvatarColorToken;
  readonly email?: string;
  readonly settingsHref: string;
  /** Where sign-out posts (a real form: it works before and without the page's script). */
  readonly signOutAction: string;
  /** When given, sign-out runs this instead of posting the form (the page's own sign-out). */
  readonly onSignOut?: (() => void) | undefined;
  /** The colour scheme chosen on this device; with `onThemeChange` the menu offers light, dark and the system's. */
  readonly theme?: Theme;
  readonly onThemeChange?: (theme: Theme) => void;
}

/** The user menu of the top bar: name, settings, colour scheme, sign out. Headless UI Menu: load lazily. */
export function UserMenu({
  name,
  initials,
  color,
  email,
  settingsHref,
  signOutAction,
  onSignOut,
  theme,
  onThemeChange,
}: UserMenuProps) {
  const t = useUiText();
  return (
    <Menu>
      <MenuButton className="flex items-center gap-1 rounded-full p-0.5 hover:bg-surface-muted">
        <Avatar name={name} initials={initials} color={color} size="sm" decorative />
        <span className="sr-only">{t('userMenu.open', { name })}</span>
        <ChevronDownIcon aria-hidden="true" className="size-4 text-fg-muted" />
      </MenuButton>
      <MenuItems transition anchor="bottom end" className={panelClasses}>
        <div className="px-3 py-2">
          <p className="truncate text-sm font-semibold text-fg">{name}</p>
          {email !== undefined && <p className="truncate text-xs text-fg-muted">{email}</p>}
        </div>
        <MenuSeparator className="my-1 h-px bg-line" />
        <MenuItem>
          <UiLink href={settingsHref} className={itemClasses}>
            <Cog6ToothIcon aria-hidden="true" className="size-4 text-fg-muted" />
            {t('userMenu.settings')}
          </UiLink>
        </MenuItem>
        {onThemeChange !== undefined && (
          <>
            <MenuSeparator className="my-1 h-px bg-line" />
            <MenuSection>
              <MenuHeading className="px-3 pt-1 pb-0.5 text-xs font-medium text-fg-muted">
                {t('userMenu.theme')}
              </MenuHeading>
              {themes.map((option) => (
                <MenuItem key={option}>
                  <button
                    type="button"
                    onClick={() => onThemeChange(option)}
                    className={itemClasses}
                    aria-current={option === (theme ?? 'system') ? 'true' : undefined}
                  >
                    <CheckIcon
                      aria-hidden="true"
                      className={option === (theme ?? 'system') ? 'size-4 text-accent' : 'size-4 invisible'}
                    />
                    {t(`userMenu.themes.${option}`)}
                  </button>
                </MenuItem>
              ))}
            </MenuSection>
            <MenuSeparator className="my-1 h-px bg-line" />
          </>
        )}
        <form
          method="post"
          action={signOutAction}
          onSubmit={
            onSignOut === undefined
              ? undefined
              : (event) => {
                  event.preventDefault();
                  onSignOut();
                }
          }
        >
          <MenuItem>
            <button type="submit" className={itemClasses}>
              <ArrowRightStartOnRectangleIcon aria-hidden="true" className="size-4 text-fg-muted" />
              {t('userMenu.signOut')}
            </button>
          </MenuItem>
        </form>
      </MenuItems>
    </Menu>
  );
}

export interface LanguageOption {
  /** Language code, e.g. `de`. */
  readonly code: string;
  /** The language's own name, e.g. "Deutsch" (not translated). */
  readonly title: string;
}

export interface LanguageMenuProps {
  readonly languages: readonly LanguageOption[];
  readonly current: string;
  readonly onChange: (code: string) => void;
}

/** The language switcher: the current language's code, a menu of every language in its own name. */
export function LanguageMenu({ languages, current, onChange }: LanguageMenuProps) {
  const currentTitle = languages.find((language) => language.code === current)?.title ?? current;
  return (
    <Menu>
      <MenuButton className={menuButtonClasses}>
        <LanguageButtonFace title={currentTitle} code={current} />
      </MenuButton>
      <MenuItems transition anchor="bottom end" className={panelClasses}>
        {languages.map((language) => (
          <MenuItem key={language.code}>
            <button
              type="button"
              lang={language.code}
              onClick={() => onChange(language.code)}
              className={itemClasses}
              aria-current={language.code === current ? 'true' : undefined}
            >
              <CheckIcon
                aria-hidden="true"
                className={language.code === current ? 'size-4 text-accent' : 'size-4 invisible'}
              />
              {language.title}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
