import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { MagnifyingGlassIcon, Squares2X2Icon, StarIcon } from '@heroicons/react/24/outline';
import { StarIcon as PinnedStarIcon } from '@heroicons/react/24/solid';
import { externalAppIconSize, itemsInOrder, moveFavourite, toggleFavourite } from '@portal/core';
import { useUiText } from '../i18n/ui-text.tsx';
import { UiLink } from '../i18n/link.tsx';
import { buttonClasses } from '../button/button-classes.ts';
import { TileSkeleton } from '../skeleton/skeleton.tsx';
import { Section } from '../section/section.tsx';
import { createModuleLoader } from '../lib/module-loader.ts';
import { AppTile, type AppTileData } from './app-tile.tsx';
import { matchesSearch } from '../lib/matches-search.ts';
import { IconSymbols, SymbolIcon, type IconComponent } from '../lib/icon-symbols.tsx';

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
  /** The pinned applications' ids, first to last: shown first, under "Favoriten". */
  readonly favouriteIds?: readonly string[];
  /** With it, every tile has a pin toggle and the favourites can be reordered (by drag or keyboard). */
  readonly onFavouritesChange?: (ids: readonly string[]) => void;
  /** The recently used applications' ids, newest first: a "Zuletzt verwendet" row above the tiles. */
  readonly recentIds?: readonly string[];
  /** Called when a tile (or a recently used link) is opened. */
  readonly onOpen?: (id: string) => void;
}

/** The reorder view (drag and keyboard) loads when the user first asks for it. */
const orderView = createModuleLoader(() => import('./favourites-order.tsx'));

interface TilesProps {
  readonly apps: readonly AppTileData[];
  readonly iconSize: number;
  readonly favouriteIds: readonly string[];
  readonly onPin: ((id: string) => void) | undefined;
  readonly onOpen: ((id: string) => void) | undefined;
  readonly label?: string;
  readonly labelledBy?: string;
  readonly listRef?: RefObject<HTMLUListElement | null>;
  /** The ids of the icons the launcher draws once (`IconSymbols`): those the tiles repeat. */
  readonly symbols: TileSymbols;
}

interface TileSymbols {
  readonly placeholder?: string;
  readonly star?: string;
  readonly pinned?: string;
}

function Tiles({ apps, iconSize, favouriteIds, onPin, onOpen, label, labelledBy, listRef, symbols }: TilesProps) {
  const t = useUiText();
  return (
    <ul
      ref={listRef}
      aria-label={label}
      aria-labelledby={labelledBy}
      className="grid grid-cols-1 gap-4 @xl:grid-cols-2 @4xl:grid-cols-3"
    >
      {apps.map((app) => {
        const pinned = favouriteIds.includes(app.id);
        return (
          <li key={app.id} className="relative min-w-0">
            <AppTile
              app={app}
              iconSize={iconSize}
              onOpen={onOpen}
              placeholderSymbol={symbols.placeholder}
              {...(onPin === undefined ? {} : { className: 'pe-12' })}
            />
            {onPin !== undefined && (
              <button
                type="button"
                data-pin={app.id}
                aria-pressed={pinned}
                aria-label={t('launcher.pin', { label: app.label })}
                onClick={() => onPin(app.id)}
                className="absolute end-2 top-2 rounded-md p-1.5 text-fg-muted hover:text-accent"
              >
                {pinned ? (
                  symbols.pinned === undefined ? (
                    <PinnedStarIcon aria-hidden="true" className="size-5 text-warning" />
                  ) : (
                    <SymbolIcon id={symbols.pinned} className="size-5 text-warning" />
                  )
                ) : symbols.star === undefined ? (
                  <StarIcon aria-hidden="true" className="size-5" />
                ) : (
                  <SymbolIcon id={symbols.star} className="size-5" />
                )}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The recently used applications as one row of small links, newest first. */
function RecentRow({
  apps,
  onOpen,
  labelledBy,
}: {
  readonly apps: readonly AppTileData[];
  readonly onOpen: ((id: string) => void) | undefined;
  readonly labelledBy: string;
}) {
  return (
    <ul aria-labelledby={labelledBy} className="flex flex-wrap gap-2">
      {apps.map((app) => (
        <li key={app.id} className="min-w-0">
          <UiLink
            href={app.href}
            {...(onOpen === undefined ? {} : { onClick: () => onOpen(app.id) })}
            className="flex max-w-60 items-center gap-2 rounded-lg border border-line bg-surface py-1.5 ps-1.5 pe-3 text-sm font-medium text-fg shadow-sm hover:border-accent hover:text-accent"
          >
            {app.logoUrl === undefined ? (
              <Squares2X2Icon aria-hidden="true" className="size-6 shrink-0 text-fg-muted" />
            ) : (
              <img
                src={app.logoUrl}
                alt=""
                width={24}
                height={24}
                loading="lazy"
                decoding="async"
                className="size-6 shrink-0 object-contain"
              />
            )}
            <span className="truncate">{app.label}</span>
          </UiLink>
        </li>
      ))}
    </ul>
  );
}

/** The user's applications as a grid of tiles, a search field above, friendly empty states. */
export function Launcher({
  apps,
  loading = false,
  requestAccessHref,
  iconSize = externalAppIconSize,
  query,
  onQueryChange,
  favouriteIds = [],
  onFavouritesChange,
  recentIds = [],
  onOpen,
}: LauncherProps) {
  const t = useUiText();
  const searchId = useId();
  const hintId = useId();
  const root = useRef<HTMLDivElement>(null);
  const reorderButton = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [ownQuery, setOwnQuery] = useState('');
  const [reordering, setReordering] = useState(false);
  /** The pin toggle to focus again once its tile has moved to the other section. */
  const [refocus, setRefocus] = useState<string>();
  const text = query ?? ownQuery;
  const favourites = itemsInOrder(apps, favouriteIds);
  const others = apps.filter((app) => !favouriteIds.includes(app.id));
  const shown = [...favourites, ...others].filter((app) => matchesSearch(app, text));
  const recent = itemsInOrder(apps, recentIds);
  const browsing = text.trim() === '';
  const OrderView = reordering && favourites.length > 1 ? orderView.loaded()?.FavouritesOrder : undefined;
  const pin =
    onFavouritesChange === undefined
      ? undefined
      : (id: string) => {
          onFavouritesChange(toggleFavourite(favouriteIds, id));
          setRefocus(id);
        };
  useEffect(() => {
    if (refocus === undefined) return;
    root.current?.querySelector<HTMLElement>(`[data-pin="${CSS.escape(refocus)}"]`)?.focus();
    setRefocus(undefined);
  }, [refocus, favouriteIds]);
  // An icon more than one tile shows is drawn once (#28.15): the tiles of every list below use it.
  const symbolPrefix = `hk-icon${useId().replace(/[^\w-]/g, '')}`;
  const repeated: (readonly [keyof TileSymbols, IconComponent, number])[] = [
    ['placeholder', Squares2X2Icon, apps.filter((app) => app.logoUrl === undefined).length],
    ['star', StarIcon, pin === undefined ? 0 : apps.filter((app) => !favouriteIds.includes(app.id)).length],
    ['pinned', PinnedStarIcon, pin === undefined ? 0 : apps.filter((app) => favouriteIds.includes(app.id)).length],
  ];
  const drawnOnce = loading ? [] : repeated.filter(([, , count]) => count > 1);
  const symbols: TileSymbols = Object.fromEntries(drawnOnce.map(([name]) => [name, `${symbolPrefix}-${name}`]));
  const tiles = { iconSize, favouriteIds, onPin: pin, onOpen, symbols };
  /** The one application the search leaves: Enter opens it. */
  const only = text.trim() !== '' && shown.length === 1 ? shown[0] : undefined;
  const noApps = !loading && apps.length === 0;
  const favouritesSection = (
    <Section
      title={t('launcher.favourites')}
      className="flex flex-col gap-3"
      actions={
        onFavouritesChange !== undefined &&
        favourites.length > 1 &&
        !reordering && (
          <button
            ref={reorderButton}
            type="button"
            className={buttonClasses('secondary', 'sm')}
            onClick={() => {
              void orderView.load().then(
                () => setReordering(true),
                () => undefined,
              );
            }}
          >
            {t('launcher.reorder')}
          </button>
        )
      }
    >
      {(favouritesId) =>
        OrderView !== undefined && onFavouritesChange !== undefined ? (
          <OrderView
            apps={favourites}
            labelledBy={favouritesId}
            onMove={(id, to) => onFavouritesChange(moveFavourite(favouriteIds, id, to))}
            onDone={() => {
              setReordering(false);
              // The button that opened the reorder view shows again and takes the focus back.
              setTimeout(() => reorderButton.current?.focus());
            }}
          />
        ) : (
          <Tiles apps={favourites} labelledBy={favouritesId} {...tiles} />
        )
      }
    </Section>
  );
  // Columns follow the launcher's own width, not the window's: in the narrower external-app
  // layout a tile keeps room for its label (#17.20).
  return (
    <div ref={root} className="@container flex flex-col gap-6">
      <IconSymbols icons={drawnOnce.map(([name, icon]) => [`${symbolPrefix}-${name}`, icon] as const)} />
      {!noApps && (
        <div className="relative max-w-md">
          <label htmlFor={searchId} className="sr-only">
            {t('launcher.search')}
          </label>
          <MagnifyingGlassIcon
            aria-hidden="true"
            className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-fg-muted"
          />
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
            className="block w-full rounded-lg border border-line-strong bg-surface py-2 ps-10 pe-3 text-base text-fg placeholder:text-fg-muted sm:text-sm focus-visible:outline-offset-0"
          />
          {only !== undefined && (
            <p id={hintId} className="mt-1 text-xs text-fg-muted">
              {t('launcher.enterOpens', { label: only.label })}
            </p>
          )}
        </div>
      )}
      {loading ? (
        <ul
          aria-busy="true"
          aria-label={t('common.loading')}
          className="grid grid-cols-1 gap-4 @xl:grid-cols-2 @4xl:grid-cols-3"
        >
          {[0, 1, 2, 3, 4, 5].map((index) => (
            <TileSkeleton key={index} />
          ))}
        </ul>
      ) : noApps ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-line-strong bg-surface px-6 py-12 text-center">
          <Squares2X2Icon aria-hidden="true" className="size-12 text-fg-muted" />
          <h2 className="text-xl font-semibold text-fg">{t('launcher.emptyTitle')}</h2>
          <p className="max-w-md text-sm text-fg-muted">{t('launcher.emptyText')}</p>
          {requestAccessHref !== undefined && (
            <UiLink href={requestAccessHref} className={buttonClasses('primary')}>
              {t('launcher.requestAccess')}
            </UiLink>
          )}
        </div>
      ) : shown.length === 0 ? (
        <p role="status" className="rounded-xl bg-surface-muted px-4 py-8 text-center text-sm text-fg-muted">
          {t('launcher.noMatch', { query: text.trim() })}
        </p>
      ) : browsing && (favourites.length > 0 || recent.length > 0) ? (
        <>
          {favourites.length > 0 && favouritesSection}
          {recent.length > 0 && (
            <Section title={t('launcher.recent')} className="flex flex-col gap-3">
              {(recentId) => <RecentRow apps={recent} onOpen={onOpen} labelledBy={recentId} />}
            </Section>
          )}
          {favourites.length === 0 ? (
            <Tiles apps={shown} label={t('launcher.list')} {...tiles} />
          ) : (
            others.length > 0 && (
              <Section title={t('launcher.others')} className="flex flex-col gap-3">
                {(othersId) => <Tiles apps={others} labelledBy={othersId} {...tiles} />}
              </Section>
            )
          )}
        </>
      ) : (
        <Tiles apps={shown} label={t('launcher.list')} listRef={list} {...tiles} />
      )}
    </div>
  );
}
