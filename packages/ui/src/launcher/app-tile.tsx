import { Squares2X2Icon } from '@heroicons/react/24/outline';
import { externalAppIconSize } from '@portal/core';
import { cx } from '../lib/cx.ts';
import { UiLink } from '../i18n/link.tsx';
import { pixelSizeClass } from '../lib/pixel-size.ts';
import { SymbolIcon } from '../lib/icon-symbols.tsx';

export interface AppTileData {
  readonly id: string;
  readonly label: string;
  readonly description?: string;
  readonly logoUrl?: string;
  /** Where the tile leads (usually the app gate `/flows/auth?…`). */
  readonly href: string;
  /** A short state under the label, already translated ("Endet in 3 Tagen", #19). */
  readonly badge?: string;
}

export interface AppTileProps {
  readonly app: AppTileData;
  /** Logo size in px (64 by default, spec §9). */
  readonly iconSize?: number;
  readonly className?: string;
  /** Called when the tile is opened (before the link navigates). */
  readonly onOpen?: ((id: string) => void) | undefined;
  /** The id of the placeholder icon's symbol when the list draws it once (`IconSymbols`); else drawn here. */
  readonly placeholderSymbol?: string | undefined;
}

/** A launcher tile: the application's logo, label (up to two lines, never cut mid-word at one) and a one-line description. */
export function AppTile({ app, iconSize = externalAppIconSize, className, onOpen, placeholderSymbol }: AppTileProps) {
  return (
    <UiLink
      href={app.href}
      {...(onOpen === undefined ? {} : { onClick: () => onOpen(app.id) })}
      className={cx(
        'group flex h-full min-w-0 items-center gap-4 rounded-xl border border-line bg-surface p-4 shadow-sm',
        'hover:border-accent hover:shadow-md motion-safe:transition',
        className,
      )}
    >
      <span className={`flex shrink-0 items-center justify-center ${pixelSizeClass(iconSize)}`}>
        {app.logoUrl === undefined ? (
          placeholderSymbol === undefined ? (
            <Squares2X2Icon aria-hidden="true" className="size-3/4 text-fg-muted" />
          ) : (
            <SymbolIcon id={placeholderSymbol} className="size-3/4 text-fg-muted" />
          )
        ) : (
          <img
            src={app.logoUrl}
            alt=""
            width={iconSize}
            height={iconSize}
            loading="lazy"
            decoding="async"
            className="size-full object-contain"
          />
        )}
      </span>
      <span className="min-w-0">
        <span className="line-clamp-2 text-base font-semibold break-words text-fg group-hover:text-accent">
          {app.label}
        </span>
        {app.description !== undefined && (
          <span className="block truncate text-sm text-fg-muted">{app.description}</span>
        )}
        {app.badge !== undefined && (
          <span className="mt-1 inline-block rounded-full bg-warning-soft px-2 text-xs font-medium text-on-warning-soft">
            {app.badge}
          </span>
        )}
      </span>
    </UiLink>
  );
}
