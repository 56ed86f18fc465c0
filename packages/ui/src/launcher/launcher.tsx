import { useId, useRef, useState } from 'react';
import { MagnifyingGlassIcon, Squares2X2Icon } from '@heroicons/react/24/outline';
import { externalAppIconSize } from '@portal/core';
import { useUiText } from '../i18n/ui-text.tsx';
import { UiLink } from '../i18n/link.tsx';
import { buttonClasses } from '../button/button.tsx';
import { Skeleton } from '../skeleton/skeleton.tsx';
import { AppTile, type AppTileData } from './app-tile.tsx';

export interface LauncherProps {
  readonly apps: readonly AppTileData[];
  /** Shows tile skeletons (the caller shows them only after the fetch delay). */
  readonly loading?: boolean;
  /** Where a user without applications can request access; no link without it. */
  readonly requestAccessHref?: string;
  readonly iconSize?: number;
  /** Controlled search text; uncontrolled when omitted. */
  readonly query?: string;
  readonly onQueryChange?: (query: string) => void;
}

function matches(app: AppTileData, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  return needle === '' || app.label.toLocaleLowerCase().includes(needle) || (app.description ?? '').toLocaleLowerCase().includes(needle);
}

/** The user's applications as a grid of tiles, a search field above, friendly empty states. */
export function Launcher({ apps, loading = false, requestAccessHref, iconSize = externalAppIconSize, query, onQueryChange }: LauncherProps) {
  const t = useUiText();
  const searchId = useId();
  const hintId = useId();
  const list = useRef<HTMLUListElement>(null);
  const [ownQuery, setOwnQuery] = useState('');
  const text = query ?? ownQuery;
  const shown = apps.filter((app) => matches(app, text));
  /** The one application the search leaves: Enter opens it. */
  const only = text.trim() !== '' && shown.length === 1 ? shown[0] : undefined;
  const noApps = !loading && apps.length === 0;
  // Columns follow the launcher's own width, not the window's: in the narrower external-app
  // layout a tile keeps room for its label (#17.20).
  return (
    <div className="@container flex flex-col gap-6">
      {!noApps && (
        <div className="relative max-w-md">
          <label htmlFor={searchId} className="sr-only">{t('launcher.search')}</label>
          <MagnifyingGlassIcon aria-hidden="true" className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-fg-muted" />
          <input
            id={searchId}
            type="search"
            value={text}
            placeholder={t('launcher.search')}
            onChange={(event) => {
              setOwnQuery(event.target.value);
              onQueryChange?.(event.target.value);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' || only === undefined) return;
              event.preventDefault();
              // The tile's own link opens it (client navigation or the application's address).
              list.current?.querySelector('a')?.click();
            }}
            aria-describedby={only === undefined ? undefined : hintId}
            className="block w-full rounded-lg border border-line-strong bg-surface py-2 ps-10 pe-3 text-base text-fg placeholder:text-fg-muted sm:text-sm focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-focus"
          />
          {only !== undefined && <p id={hintId} className="mt-1 text-xs text-fg-muted">{t('launcher.enterOpens', { label: only.label })}</p>}
        </div>
      )}
      {loading ? (
        <ul aria-busy="true" aria-label={t('common.loading')} className="grid grid-cols-1 gap-4 @xl:grid-cols-2 @4xl:grid-cols-3">
          {[0, 1, 2, 3, 4, 5].map((index) => (
            <li key={index} className="flex items-center gap-4 rounded-xl border border-line bg-surface p-4">
              <Skeleton shape="block" className="size-16 shrink-0" />
              <span className="flex flex-1 flex-col gap-2">
                <Skeleton className="w-2/3" />
                <Skeleton className="h-3 w-full" />
              </span>
            </li>
          ))}
        </ul>
      ) : noApps ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-line-strong bg-surface px-6 py-12 text-center">
          <Squares2X2Icon aria-hidden="true" className="size-12 text-fg-muted" />
          <h2 className="text-xl font-semibold text-fg">{t('launcher.emptyTitle')}</h2>
          <p className="max-w-md text-sm text-fg-muted">{t('launcher.emptyText')}</p>
          {requestAccessHref !== undefined && (
            <UiLink href={requestAccessHref} className={buttonClasses('primary')}>{t('launcher.requestAccess')}</UiLink>
          )}
        </div>
      ) : shown.length === 0 ? (
        <p role="status" className="rounded-xl bg-surface-muted px-4 py-8 text-center text-sm text-fg-muted">{t('launcher.noMatch', { query: text.trim() })}</p>
      ) : (
        <ul ref={list} aria-label={t('launcher.list')} className="grid grid-cols-1 gap-4 @xl:grid-cols-2 @4xl:grid-cols-3">
          {shown.map((app) => (
            <li key={app.id} className="min-w-0"><AppTile app={app} iconSize={iconSize} /></li>
          ))}
        </ul>
      )}
    </div>
  );
}
