import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { CheckIcon, ChevronUpDownIcon } from '@heroicons/react/20/solid';
import { useUiText } from '../i18n/ui-text.tsx';
import { UiLink } from '../i18n/link.tsx';

export interface ApplicationLink {
  readonly id: string;
  readonly label: string;
  /** `/admin/{application}` */
  readonly href: string;
}

export interface ApplicationMenuProps {
  readonly applications: readonly ApplicationLink[];
  readonly currentId?: string;
  /** Called after an application was chosen (e.g. to close the mobile sidebar). */
  readonly onNavigate?: () => void;
}

/** The sidebar's application dropdown: switches to another administrable application. */
export function ApplicationMenu({ applications, currentId, onNavigate }: ApplicationMenuProps) {
  const t = useUiText();
  const current = applications.find((app) => app.id === currentId);
  return (
    <Menu>
      <MenuButton className="flex w-full items-center justify-between gap-2 rounded-lg border border-line-strong bg-surface px-3 py-2 text-start text-sm text-fg hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-focus">
        <span className="min-w-0">
          <span className="block text-xs text-fg-muted">{t('nav.application')}</span>
          <span className="block truncate font-medium">{current?.label ?? t('nav.chooseApplication')}</span>
        </span>
        <ChevronUpDownIcon aria-hidden="true" className="size-5 shrink-0 text-fg-muted" />
      </MenuButton>
      <MenuItems
        transition
        anchor="bottom start"
        className="z-40 max-h-80 w-(--button-width) min-w-56 overflow-y-auto rounded-xl border border-line bg-surface p-1 shadow-lg [--anchor-gap:--spacing(1)] focus:outline-none motion-safe:transition data-closed:opacity-0"
      >
        {applications.map((app) => (
          <MenuItem key={app.id}>
            <UiLink
              href={app.href}
              onClick={onNavigate}
              aria-current={app.id === currentId ? 'page' : undefined}
              className="flex items-center gap-2 rounded-md px-3 py-2 text-sm text-fg data-focus:bg-surface-muted"
            >
              <CheckIcon aria-hidden="true" className={app.id === currentId ? 'size-4 shrink-0 text-accent' : 'invisible size-4 shrink-0'} />
              <span className="truncate">{app.label}</span>
            </UiLink>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
