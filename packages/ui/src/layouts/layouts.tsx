import type { ReactNode } from 'react';
import { Footer, type FooterProps } from '../footer/footer.tsx';
import { externalAppIconSize, type NavigationBarState } from '@portal/core';
import { NavigationBarHeader } from '../page-header/page-header.tsx';
import { SkipLink, TopBar, type BrandProps, type TopNavProps } from './top-bar.tsx';
import { pixelSizeClass } from '../lib/pixel-size.ts';

export interface DefaultLayoutProps {
  readonly brand: BrandProps;
  readonly nav: TopNavProps;
  /** The language switcher (lazy `LanguageMenu` from `@portal/ui/menu`). */
  readonly languageSwitcher?: ReactNode;
  /** The user menu (lazy `UserMenu` from `@portal/ui/menu`). */
  readonly userMenu?: ReactNode;
  readonly footer: FooterProps;
  /** The navigation bar state (core's): shown as the page header when it has a title. */
  readonly navigationBar?: NavigationBarState;
  readonly children?: ReactNode;
}

/** Top bar (My Apps, Admin Center, language, user menu), the page, the footer. */
export function DefaultLayout({
  brand,
  nav,
  languageSwitcher,
  userMenu,
  footer,
  navigationBar,
  children,
}: DefaultLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-canvas text-fg">
      <SkipLink />
      <TopBar brand={brand} nav={nav} languageSwitcher={languageSwitcher} userMenu={userMenu} />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none sm:px-6 sm:py-8"
      >
        <NavigationBarHeader navigationBar={navigationBar} />
        {children}
      </main>
      <Footer {...footer} />
    </div>
  );
}

export interface EmptyLayoutProps {
  readonly children?: ReactNode;
}

/** Nothing around the page (redirect pages, callbacks). */
export function EmptyLayout({ children }: EmptyLayoutProps) {
  return (
    <main id="main" className="min-h-dvh bg-canvas text-fg">
      {children}
    </main>
  );
}

/** No navbar and no footer: the page centred on the canvas (login, flows). */
export function NoNavbarLayout({ children }: EmptyLayoutProps) {
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center bg-canvas px-4 py-10 text-fg sm:justify-center">
      <div className="w-full max-w-lg">{children}</div>
    </main>
  );
}

export interface ExternalAppLayoutProps {
  /** The external application's branding (label and logo) from its client id. */
  readonly app: { readonly label: string; readonly logoUrl?: string };
  /** Logo size in px, 64 by default (spec §9). */
  readonly iconSize?: number;
  readonly languageSwitcher?: ReactNode;
  readonly footer?: FooterProps;
  readonly children?: ReactNode;
}

/** External-app mode: the app's logo and title; nav items and the user menu are hidden. */
export function ExternalAppLayout({
  app,
  iconSize = externalAppIconSize,
  languageSwitcher,
  footer,
  children,
}: ExternalAppLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-canvas text-fg">
      <SkipLink />
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            {app.logoUrl !== undefined && (
              <img
                src={app.logoUrl}
                alt=""
                width={iconSize}
                height={iconSize}
                className={`shrink-0 object-contain ${pixelSizeClass(iconSize)}`}
              />
            )}
            <p className="truncate text-xl font-semibold text-fg">{app.label}</p>
          </div>
          {languageSwitcher !== undefined && <div className="ms-auto">{languageSwitcher}</div>}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 focus:outline-none sm:px-6">
        {children}
      </main>
      {footer !== undefined && <Footer {...footer} />}
    </div>
  );
}
