import type { ReactNode, Ref } from 'react';
import { cx } from '../lib/cx.ts';
import { useUiText } from '../i18n/ui-text.tsx';
import { UiLink } from '../i18n/link.tsx';
import { pixelSizeClass } from '../lib/pixel-size.ts';

export interface BrandProps {
  /** Product or brand name shown next to the logo. */
  readonly name: string;
  readonly logoUrl?: string;
  readonly homeHref?: string;
  /** Logo size in px (32 in the top bar; external apps use 64 by default). */
  readonly logoSize?: number;
}

export interface TopNavProps {
  readonly myAppsHref: string;
  /** Admin Center link: shown only when given (the user has admin center access). */
  readonly adminHref?: string;
  /** Which top link is the current page. */
  readonly current?: 'myApps' | 'admin';
}

export interface TopBarProps {
  readonly brand: BrandProps;
  /** Omitted in external-app mode: the nav items are hidden. */
  readonly nav?: TopNavProps;
  readonly languageSwitcher?: ReactNode;
  /** Omitted in external-app mode: the user menu is hidden. */
  readonly userMenu?: ReactNode;
  /** Extra controls at the start (e.g. the admin sidebar toggle). */
  readonly start?: ReactNode;
  /** The header element (the admin layout opens its drawer right under it). */
  readonly ref?: Ref<HTMLElement>;
}

/** A link that skips the navigation, first in the tab order. */
export function SkipLink() {
  const t = useUiText();
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-surface focus:px-3 focus:py-2 focus:text-sm focus:text-fg focus:shadow-lg"
    >
      {t('nav.skipToContent')}
    </a>
  );
}

/** The brand: logo and name, linking home. */
export function Brand({ name, logoUrl, homeHref = '/', logoSize = 32 }: BrandProps) {
  return (
    <UiLink href={homeHref} className="flex min-w-0 items-center gap-2 rounded-md">
      {logoUrl !== undefined && (
        <img
          src={logoUrl}
          alt=""
          width={logoSize}
          height={logoSize}
          className={`shrink-0 object-contain ${pixelSizeClass(logoSize)}`}
        />
      )}
      <span className="truncate text-base font-semibold text-fg">{name}</span>
    </UiLink>
  );
}

/** A top link, marked when it is the current page. */
function NavLink({
  href,
  current,
  label,
}: {
  readonly href: string;
  readonly current: boolean;
  readonly label: string;
}) {
  return (
    <li>
      <UiLink
        href={href}
        aria-current={current ? 'page' : undefined}
        className={cx(
          'rounded-md px-3 py-2 text-sm font-medium',
          current ? 'bg-accent-soft text-on-accent-soft' : 'text-fg-muted hover:bg-surface-muted hover:text-fg',
        )}
      >
        {label}
      </UiLink>
    </li>
  );
}

/** My Apps and Admin Center: the same links in the wide bar and in the narrow row below it. */
function NavLinks({ nav }: { readonly nav: NonNullable<TopBarProps['nav']> }) {
  const t = useUiText();
  return (
    <ul className="flex items-center gap-1">
      <NavLink href={nav.myAppsHref} current={nav.current === 'myApps'} label={t('nav.myApps')} />
      {nav.adminHref !== undefined && (
        <NavLink href={nav.adminHref} current={nav.current === 'admin'} label={t('nav.adminCenter')} />
      )}
    </ul>
  );
}

/** The top bar: brand, My Apps and Admin Center links, language switcher, user menu. */
export function TopBar({ brand, nav, languageSwitcher, userMenu, start, ref }: TopBarProps) {
  const t = useUiText();
  return (
    <header ref={ref} className="sticky top-0 z-30 border-b border-line bg-surface">
      <div className="mx-auto flex min-h-14 max-w-screen-2xl items-center gap-2 px-4 py-2 sm:gap-4 sm:px-6">
        {start}
        <Brand {...brand} />
        {nav !== undefined && (
          <nav aria-label={t('nav.main')} className="ms-2 hidden sm:block">
            <NavLinks nav={nav} />
          </nav>
        )}
        <div className="ms-auto flex items-center gap-2">
          {languageSwitcher}
          {userMenu}
        </div>
      </div>
      {nav !== undefined && (
        <nav aria-label={t('nav.main')} className="border-t border-line px-2 py-1 sm:hidden">
          <NavLinks nav={nav} />
        </nav>
      )}
    </header>
  );
}
