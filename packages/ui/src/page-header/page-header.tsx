import type { ReactNode } from 'react';
import type { NavigationBarState } from '@portal/core';
import { ArrowLeftIcon } from '@heroicons/react/20/solid';
import { useUiText } from '../i18n/ui-text.tsx';
import { UiLink } from '../i18n/link.tsx';

/** The navigation bar state of spec §2 (core's `NavigationBarState`) with its title. */
export interface PageHeaderProps {
  readonly title: string;
  readonly subTitle?: string;
  /** Path of the back link ("Zurück"). */
  readonly backLink?: string;
  /** Actions on the end side (e.g. a primary "create" button). */
  readonly actions?: ReactNode;
}

/** The page header of admin pages: back link, title, subtitle and actions. */
export function PageHeader({ title, subTitle, backLink, actions }: PageHeaderProps) {
  const t = useUiText();
  return (
    <header className="flex flex-col gap-2 border-b border-line pb-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        {backLink !== undefined && (
          <UiLink
            href={backLink}
            className="mb-1 inline-flex items-center gap-1 rounded-sm text-sm text-fg-muted hover:text-fg"
          >
            <ArrowLeftIcon aria-hidden="true" className="size-4 rtl:rotate-180" />
            {t('nav.back')}
          </UiLink>
        )}
        <h1 className="truncate text-2xl font-semibold text-fg">{title}</h1>
        {subTitle !== undefined && <p className="mt-1 text-sm text-fg-muted">{subTitle}</p>}
      </div>
      {actions !== undefined && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
    </header>
  );
}

/** A layout's page header: the navigation bar state's (spec §2), when it has a title. */
export function NavigationBarHeader({ navigationBar }: { readonly navigationBar: NavigationBarState | undefined }) {
  return navigationBar?.title === undefined ? null : (
    <div className="mb-6">
      <PageHeader {...navigationBar} title={navigationBar.title} />
    </div>
  );
}
