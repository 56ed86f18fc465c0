// What the layouts put around a page: brand, nav, language switcher, user menu, footer.
// Menus (Headless UI) are loaded on first use or when the browser is idle, never with the
// first route.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  Avatar,
  LanguageButtonFace,
  UserMenuFallback,
  menuButtonClasses,
  openMenuButton,
  DefaultLayout,
  ExternalAppLayout,
  NoNavbarLayout,
  EmptyLayout,
  type FooterProps,
  type BrandProps,
  type TopNavProps,
} from '@portal/ui';
import { avatarColor, avatarInitials } from '@portal/core';
import { useNavigationBarState, useServices } from './contexts.tsx';
import { useSession } from './session.ts';
import { useTheme } from './theme.ts';
import { useExternalApp } from './external-app.tsx';
import { useAdminAccess } from './admin-access.ts';
import { useLanguage } from './language.tsx';
import { languages } from '../i18n/languages.ts';
import { links } from '../routes.ts';
import { resolveAssetUrl } from './assets.ts';
import type { LayoutKind } from '../routes.ts';

const loadMenus = () => import('@portal/ui/menu');
const LanguageMenu = lazy(() => loadMenus().then((m) => ({ default: m.LanguageMenu })));
const UserMenu = lazy(() => loadMenus().then((m) => ({ default: m.UserMenu })));

let menusWanted = false;
const menuListeners = new Set<() => void>();
/** Load the menus now (first use) and re-render the placeholders as real menus. */
function wantMenus(): void {
  if (menusWanted) return;
  menusWanted = true;
  loadMenus().then(
    () => {
      for (const listener of menuListeners) listener();
    },
    () => undefined,
  );
}
function useMenusWanted(): boolean {
  const [wanted, setWanted] = useState(menusWanted);
  useEffect(() => {
    const listener = () => setWanted(true);
    menuListeners.add(listener);
    if (menusWanted) setWanted(true);
    return () => {
      menuListeners.delete(listener);
    };
  }, []);
  return wanted;
}

/**
 * Until the menu chunk is there, a button that looks the same and loads it when touched. With a
 * `popover` (the id of a popover of the browser's own), the button opens that before the page's
 * script runs and without it (#28.12); once the script runs, the real menu instead.
 */
function MenuPlaceholder({
  children,
  openAfterLoad,
  popover,
}: {
  readonly children: ReactNode;
  readonly openAfterLoad: string;
  readonly popover?: string;
}) {
  const ask = () => {
    pendingOpen = openAfterLoad;
    wantMenus();
  };
  return (
    <button
      type="button"
      aria-haspopup="menu"
      popoverTarget={popover}
      className={menuButtonClasses}
      onPointerEnter={wantMenus}
      onFocus={wantMenus}
      // Asked from the press on: the menu may arrive and take this button's place before the
      // release, and a click then never comes (the press and the release on two elements).
      onPointerDown={ask}
      onClick={(event) => {
        event.preventDefault();
        ask();
      }}
    >
      {children}
    </button>
  );
}

/** Which menu to open once it has loaded (the user clicked the placeholder). */
let pendingOpen: string | undefined;
function OpenWhenMounted({ id }: { readonly id: string }) {
  useEffect(() => {
    if (pendingOpen !== id) return;
    pendingOpen = undefined;
    const button = document.querySelector<HTMLElement>(`[data-menu="${id}"] button`);
    if (button !== null) openMenuButton(button);
  }, [id]);
  return null;
}

function LanguageSwitcher() {
  const { t: tc } = useTranslation('common');
  const { language, setLanguage } = useLanguage();
  const wanted = useMenusWanted();
  const options = languages.map((code) => ({ code, title: tc(`languages.${code}`) }));
  const currentTitle = options.find((o) => o.code === language)?.title ?? language;
  const placeholder = (
    <MenuPlaceholder openAfterLoad="language">
      <LanguageButtonFace title={currentTitle} code={language} />
    </MenuPlaceholder>
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <div data-menu="language" className="contents">
        <LanguageMenu languages={options} current={language} onChange={(code) => setLanguage(code)} />
        <OpenWhenMounted id="language" />
      </div>
    </Suspense>
  );
}

const userMenuPanelId = 'user-menu-fallback';

function UserMenuButton() {
  const { t } = useTranslation('ui');
  const session = useSession();
  const wanted = useMenusWanted();
  const [, navigate] = useLocation();
  const { theme, setTheme } = useTheme();
  const user = session.user;
  if (user === undefined) return null;
  const name = user.fullName === '' ? (user.email ?? '') : user.fullName;
  // Before the script runs (and without it) a popover of the browser's own with a real
  // sign-out form; once it runs, the real menu on first use (#28.12).
  const placeholder = (
    <>
      <MenuPlaceholder openAfterLoad="user" popover={userMenuPanelId}>
        <span className="sr-only">{t('userMenu.open', { name })}</span>
        <Avatar name={name} initials={avatarInitials(name)} color={avatarColor(name)} size="sm" decorative />
      </MenuPlaceholder>
      <UserMenuFallback id={userMenuPanelId} settingsHref={links.settings()} signOutAction={links.authLogout()} />
    </>
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <div data-menu="user" className="contents">
        <UserMenu
          name={name}
          initials={avatarInitials(name)}
          color={avatarColor(name)}
          {...(user.email === undefined ? {} : { email: user.email })}
          settingsHref={links.settings()}
          signOutAction={links.authLogout()}
          onSignOut={() => navigate(links.authLogout())}
          theme={theme}
          onThemeChange={setTheme}
        />
        <OpenWhenMounted id="user" />
      </div>
    </Suspense>
  );
}

export interface Chrome {
  readonly brand: BrandProps;
  readonly nav: TopNavProps;
  readonly footer: FooterProps;
  readonly languageSwitcher: ReactNode;
  readonly userMenu: ReactNode;
}

/** The pieces of the default layout, for the portal's pages and the admin console. */
export function useChrome(current?: TopNavProps['current']): Chrome {
  const { config } = useServices();
  const { t } = useTranslation('common');
  const session = useSession();
  const admin = useAdminAccess(session.user);
  return {
    brand: { name: config.brandName, homeHref: links.home() },
    nav: {
      myAppsHref: links.home(),
      ...(admin ? { adminHref: links.admin() } : {}),
      ...(current === undefined ? {} : { current }),
    },
    footer: {
      year: new Date().getFullYear(),
      companyName: t('footer.company'),
      development: config.environment === 'development',
      privacyHref: 'https://www.hk-kuechen.example/datenschutz',
      imprintHref: 'https://www.hk-kuechen.example/impressum',
    },
    languageSwitcher: <LanguageSwitcher />,
    userMenu: session.isSignedIn ? <UserMenuButton /> : null,
  };
}

/** Wraps a page in its layout; external-app mode replaces the default and no-navbar ones. */
export function PageLayout({
  kind,
  current,
  children,
}: {
  readonly kind: LayoutKind;
  readonly current?: TopNavProps['current'];
  readonly children: ReactNode;
}) {
  const chrome = useChrome(current);
  const external = useExternalApp();
  const navigationBar = useNavigationBarState();
  const { config } = useServices();
  if (kind === 'empty') return <EmptyLayout>{children}</EmptyLayout>;
  if (kind === 'admin') return <>{children}</>;
  if (external.status === 'active') {
    const logoUrl = resolveAssetUrl(external.branding.logoUrl, config.apiUrl);
    return (
      <ExternalAppLayout
        app={{ label: external.branding.label, ...(logoUrl === undefined ? {} : { logoUrl }) }}
        languageSwitcher={chrome.languageSwitcher}
        footer={chrome.footer}
      >
        {children}
      </ExternalAppLayout>
    );
  }
  if (kind === 'noNavbar') return <NoNavbarLayout>{children}</NoNavbarLayout>;
  return (
    <DefaultLayout {...chrome} navigationBar={navigationBar}>
      {children}
    </DefaultLayout>
  );
}
