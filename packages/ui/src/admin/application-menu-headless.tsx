// The application dropdown's Headless UI part (Menu brings floating-ui, ~30 KB gzip): loaded
// by `application-menu.tsx` on first pointer or focus, never with the admin layout.
import { useLayoutEffect, useRef } from 'react';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { CheckIcon } from '@heroicons/react/20/solid';
import { UiLink } from '../i18n/link.tsx';
import { openMenuButton } from '../lib/open-menu-button.ts';
import {
  ApplicationMenuLabel,
  applicationMenuButtonClasses,
  type ApplicationMenuProps,
} from './application-menu-label.tsx';

export interface HeadlessApplicationMenuProps extends ApplicationMenuProps {
  /** The placeholder had focus: keep it on the real button. */
  readonly focusOnMount?: boolean;
  /** The placeholder was clicked before this code arrived: open now. */
  readonly openOnMount?: boolean;
}

export function HeadlessApplicationMenu({
  applications,
  currentId,
  onNavigate,
  focusOnMount = false,
  openOnMount = false,
}: HeadlessApplicationMenuProps) {
  const button = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useLayoutEffect(() => {
    if (opened.current) return;
    opened.current = true;
    const element = button.current;
    if (element === null || (!focusOnMount && !openOnMount)) return;
    if (openOnMount) openMenuButton(element);
    else element.focus();
  }, [focusOnMount, openOnMount]);
  const current = applications.find((app) => app.id === currentId);
  return (
    <Menu>
      <MenuButton ref={button} className={applicationMenuButtonClasses}>
        <ApplicationMenuLabel current={current} />
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
              <CheckIcon
                aria-hidden="true"
                className={app.id === currentId ? 'size-4 shrink-0 text-accent' : 'invisible size-4 shrink-0'}
              />
              <span className="truncate">{app.label}</span>
            </UiLink>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
