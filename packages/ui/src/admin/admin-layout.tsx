import { useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode, type SVGProps } from 'react';
import {
  AdjustmentsHorizontalIcon,
  ArrowsRightLeftIcon,
  Bars3Icon,
  EnvelopeIcon,
  HomeIcon,
  IdentificationIcon,
  InboxArrowDownIcon,
  KeyIcon,
  RectangleGroupIcon,
  ShieldCheckIcon,
  Squares2X2Icon,
  TagIcon,
  UsersIcon,
  XMarkIcon,
} from '@heroicons/react/24/outline';
import { adminNavItems, type AdminNavItem, type AdminNavKey } from '@portal/core';
import { cx } from '../lib/cx.ts';
import { useUiText } from '../i18n/ui-text.tsx';
import { UiLink } from '../i18n/link.tsx';
import { Footer, type FooterProps } from '../footer/footer.tsx';
import type { NavigationBarState } from '@portal/core';
import { NavigationBarHeader } from '../page-header/page-header.tsx';
import { SkipLink, TopBar, type BrandProps, type TopNavProps } from '../layouts/top-bar.tsx';
import { ApplicationMenu, type ApplicationLink } from './application-menu.tsx';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const icons: Record<AdminNavKey, Icon> = {
  users: UsersIcon,
  applications: RectangleGroupIcon,
  attributes: TagIcon,
  permissions: KeyIcon,
  roles: ShieldCheckIcon,
  accountAccesses: IdentificationIcon,
  customFlows: ArrowsRightLeftIcon,
  mails: EnvelopeIcon,
};

export interface CurrentApplication {
  readonly id: string;
  readonly label: string;
  /** `/admin/{application}/users` */
  readonly usersHref: string;
  /** `/admin/{application}/access-requests`: only with the manageAccessRequests permission. */
  readonly accessRequestsHref?: string;
  /** The application's accessRequestsAmount, shown as a badge. */
  readonly accessRequestsAmount?: number;
}

export interface AdminSidebarProps {
  /** `/admin` */
  readonly homeHref: string;
  /** `/` */
  readonly myAppsHref: string;
  /** The current path, to mark the current item. */
  readonly currentPath: string;
  /** Administrable applications for the dropdown (hidden when empty). */
  readonly applications: readonly ApplicationLink[];
  /** The application open now; none (`undefined`) on the console's pages outside an application. */
  readonly currentApplication?: CurrentApplication | undefined;
  /** The signed-in user's permissions (hkData.permissions). */
  readonly permissions: readonly string[];
  /** The global items with their permissions; core's `adminNavItems` (spec §2) by default. */
  readonly adminItems?: readonly AdminNavItem[];
}

const itemClasses = (current: boolean) =>
  cx(
    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium',
    current ? 'bg-accent-soft text-on-accent-soft' : 'text-fg hover:bg-surface-muted',
  );

function isCurrent(currentPath: string, href: string, exact: boolean): boolean {
  return exact ? currentPath === href : currentPath === href || currentPath.startsWith(`${href}/`);
}

interface SidebarItem {
  readonly key: string;
  readonly href: string;
  readonly label: string;
  readonly icon: Icon;
  readonly exact?: boolean;
  /** A count (e.g. open requests), shown when above zero; `undefined` when not known. */
  readonly badge?: number | undefined;
  readonly badgeLabel?: string;
}

interface SidebarPlace {
  readonly currentPath: string;
  readonly onNavigate: () => void;
}

function SidebarLink({
  href,
  label,
  icon: ItemIcon,
  currentPath,
  exact = false,
  badge,
  badgeLabel,
  onNavigate,
}: Omit<SidebarItem, 'key'> & SidebarPlace) {
  const current = isCurrent(currentPath, href, exact);
  return (
    <li>
      <UiLink
        href={href}
        onClick={onNavigate}
        aria-current={current ? 'page' : undefined}
        className={itemClasses(current)}
      >
        <ItemIcon aria-hidden="true" className="size-5 shrink-0" />
        <span className="min-w-0 flex-1 truncate">{label}</span>
        {badge !== undefined && badge > 0 && (
          <span className="rounded-full bg-danger px-2 py-0.5 text-xs font-semibold text-on-danger tabular-nums">
            <span aria-hidden="true">{badge}</span>
            <span className="sr-only">{badgeLabel}</span>
          </span>
        )}
      </UiLink>
    </li>
  );
}

/** A list of sidebar links, the current path's marked. */
function SidebarLinks({ items, ...place }: { readonly items: readonly SidebarItem[] } & SidebarPlace) {
  return (
    <ul className="flex flex-col gap-1">
      {items.map(({ key, ...item }) => (
        <SidebarLink key={key} {...item} {...place} />
      ))}
    </ul>
  );
}

/** The admin sidebar: home, my apps, the application dropdown and its items, the global items the user may see. */
export function AdminSidebar({
  homeHref,
  myAppsHref,
  currentPath,
  applications,
  currentApplication,
  permissions,
  adminItems = adminNavItems,
  onNavigate = () => undefined,
}: AdminSidebarProps & { readonly onNavigate?: () => void }) {
  const t = useUiText();
  const place = { currentPath, onNavigate };
  const globalItems = adminItems
    .filter((item) => permissions.includes(item.permission))
    .map((item) => ({ key: item.key, href: item.path, label: t(`nav.${item.key}`), icon: icons[item.key] }));
  const applicationItems = (application: CurrentApplication): SidebarItem[] => [
    { key: 'users', href: application.usersHref, label: t('nav.users'), icon: UsersIcon },
    ...(application.accessRequestsHref === undefined
      ? []
      : [
          {
            key: 'accessRequests',
            href: application.accessRequestsHref,
            label: t('nav.accessRequests'),
            icon: InboxArrowDownIcon,
            badge: application.accessRequestsAmount,
            badgeLabel: t('nav.openAccessRequests', { count: application.accessRequestsAmount ?? 0 }),
          },
        ]),
  ];
  return (
    <nav aria-label={t('nav.admin')} className="flex flex-col gap-6 p-4">
      <SidebarLinks
        {...place}
        items={[
          { key: 'home', href: homeHref, label: t('nav.home'), icon: HomeIcon, exact: true },
          { key: 'myApps', href: myAppsHref, label: t('nav.myApps'), icon: Squares2X2Icon, exact: true },
        ]}
      />
      {applications.length > 0 && (
        <div className="flex flex-col gap-2">
          <ApplicationMenu applications={applications} currentId={currentApplication?.id} onNavigate={onNavigate} />
          {currentApplication !== undefined && <SidebarLinks {...place} items={applicationItems(currentApplication)} />}
        </div>
      )}
      {globalItems.length > 0 && (
        <div className="flex flex-col gap-1">
          <h2 className="flex items-center gap-2 px-3 text-xs font-semibold uppercase tracking-wide text-fg-muted">
            <AdjustmentsHorizontalIcon aria-hidden="true" className="size-4" />
            {t('nav.globalAdmin')}
          </h2>
          <SidebarLinks {...place} items={globalItems} />
        </div>
      )}
    </nav>
  );
}

export interface AdminLayoutProps {
  readonly brand: BrandProps;
  readonly nav: TopNavProps;
  readonly languageSwitcher?: ReactNode;
  readonly userMenu?: ReactNode;
  readonly sidebar: AdminSidebarProps;
  readonly footer: FooterProps;
  readonly navigationBar?: NavigationBarState;
  /**
   * The admin full-width variant (spec §2) for a page that needs the width (wide tables, the
   * application detail): the sidebar is a toggled panel at every width, as under 1024 px.
   */
  readonly fullWidth?: boolean;
  readonly children?: ReactNode;
}

/**
 * The admin console: top bar, a left sidebar (a toggled panel under 1024 px, or at every
 * width in the full-width variant), the page header from the navigation bar state, the page,
 * the footer.
 */
export function AdminLayout({
  brand,
  nav,
  languageSwitcher,
  userMenu,
  sidebar,
  footer,
  navigationBar,
  fullWidth = false,
  children,
}: AdminLayoutProps) {
  const t = useUiText();
  const [open, setOpen] = useState(false);
  const header = useRef<HTMLElement>(null);
  const toggleButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);
  // The drawer opens right under the top bar, however tall it is (on a phone its links wrap to a
  // second row): its first item is never under the bar (#30.11).
  const [top, setTop] = useState<number>();
  useLayoutEffect(() => {
    const bar = header.current;
    if (!open || bar === null) return undefined;
    const measure = () => setTop(bar.getBoundingClientRect().bottom);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(bar);
    window.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer?.disconnect();
      window.removeEventListener('scroll', measure);
    };
  }, [open]);
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Closed from inside: the focus goes back to the button that opened it, not to the page body.
      const inside = drawer.current?.contains(document.activeElement) === true;
      setOpen(false);
      if (inside) toggleButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const toggle = (
    <button
      ref={toggleButton}
      type="button"
      aria-expanded={open}
      aria-controls="admin-sidebar"
      aria-label={t(open ? 'nav.closeMenu' : 'nav.openMenu')}
      onClick={() => setOpen((value) => !value)}
      className={cx('-ms-1 rounded-md p-1.5 text-fg hover:bg-surface-muted', !fullWidth && 'lg:hidden')}
    >
      {open ? <XMarkIcon aria-hidden="true" className="size-6" /> : <Bars3Icon aria-hidden="true" className="size-6" />}
    </button>
  );
  return (
    <div className="flex min-h-dvh flex-col bg-canvas text-fg">
      <SkipLink />
      <TopBar
        ref={header}
        brand={brand}
        nav={nav}
        languageSwitcher={languageSwitcher}
        userMenu={userMenu}
        start={toggle}
      />
      <div className="flex w-full flex-1">
        <aside
          id="admin-sidebar"
          ref={drawer}
          style={open && top !== undefined ? { top } : undefined}
          className={cx(
            'w-72 shrink-0 border-e border-line bg-surface',
            !fullWidth && 'lg:block',
            open
              ? cx(
                  'fixed start-0 bottom-0 top-14 z-20 block max-w-full overflow-y-auto shadow-xl',
                  !fullWidth && 'lg:static lg:shadow-none',
                )
              : 'hidden',
          )}
        >
          <AdminSidebar {...sidebar} onNavigate={() => setOpen(false)} />
        </aside>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8">
          <NavigationBarHeader navigationBar={navigationBar} />
          {children}
        </main>
      </div>
      <Footer {...footer} />
    </div>
  );
}
