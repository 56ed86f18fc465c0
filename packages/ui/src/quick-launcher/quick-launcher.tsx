// The quick launcher (#20.1): a dialog that finds applications and pages by name, used by
// keyboard alone (type, arrows choose, Enter opens, Escape closes). Loaded on first use
// (it is part of '@portal/ui/dialog'). The caller may add what it found elsewhere for the
// search (`found`, e.g. the console's entities searched on the server) and a short `note`.
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Squares2X2Icon, Cog6ToothIcon, MagnifyingGlassIcon } from '@heroicons/react/24/outline';
import { useUiText } from '../i18n/ui-text.tsx';
import { cx } from '../lib/cx.ts';
import { Dialog } from '../dialog/dialog.tsx';
import { matchesSearch } from '../lib/matches-search.ts';

export interface QuickLauncherItem {
  readonly id: string;
  /** 'entity': something found by the caller's search (a user, a role, …), named by `kindLabel`. */
  readonly kind: 'app' | 'page' | 'entity';
  readonly label: string;
  /** An application's description, or the section a page belongs to. */
  readonly description?: string;
  readonly logoUrl?: string;
  /** What the item is, shown beside it (default: 'App' or 'Seite'). */
  readonly kindLabel?: string;
}

export interface QuickLauncherProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** Applications first, then pages; the search keeps this order. */
  readonly items: readonly QuickLauncherItem[];
  /** Open the chosen item (the caller navigates and closes). */
  readonly onOpen: (item: QuickLauncherItem) => void;
  /** At most this many matches of `items` are listed. */
  readonly limit?: number;
  /** Told of every change of the search text (e.g. to search elsewhere). */
  readonly onSearch?: (query: string) => void;
  /** What the caller found for the current search: listed after the matches as given (not filtered again). */
  readonly found?: readonly QuickLauncherItem[];
  /** The caller is still searching: said instead of "no match" while nothing is listed. */
  readonly searching?: boolean;
  /** A short note under the results (e.g. that a part of the search failed), in a polite live region. */
  readonly note?: string;
}

export function QuickLauncher({
  open,
  onClose,
  items,
  onOpen,
  limit = 8,
  onSearch,
  found = [],
  searching = false,
  note,
}: QuickLauncherProps) {
  const t = useUiText();
  // One prefix for the ids that tie the search field to its hint, list and options.
  const ids = useId();
  const listId = `${ids}list`;
  const hintId = `${ids}hint`;
  const optionId = (index: number) => `${ids}option-${index}`;
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const shown = [...items.filter((item) => matchesSearch(item, query)).slice(0, limit), ...found];
  const current = Math.min(active, shown.length - 1);
  const chosen = shown[current];
  const activeId = chosen === undefined ? undefined : optionId(current);
  useEffect(() => {
    // The chosen option stays in view when the arrows move past the list's visible part.
    if (activeId !== undefined) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const keys = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step !== 0 && shown.length > 0) {
      event.preventDefault();
      setActive((current + step + shown.length) % shown.length);
    } else if (event.key === 'Enter' && chosen !== undefined) {
      event.preventDefault();
      onOpen(chosen);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title={t('quickLauncher.title')} size="lg">
      <input
        type="text"
        role="combobox"
        data-autofocus
        aria-label={t('quickLauncher.search')}
        aria-expanded={shown.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-describedby={hintId}
        {...(activeId === undefined ? {} : { 'aria-activedescendant': activeId })}
        placeholder={t('quickLauncher.search')}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          onSearch?.(event.target.value);
        }}
        onKeyDown={keys}
        className="block w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-base text-fg placeholder:text-fg-muted focus-visible:outline-offset-0 sm:text-sm"
      />
      <p id={hintId} className="mt-1 text-xs text-fg-muted">
        {t('quickLauncher.hint')}
      </p>
      {shown.length === 0 ? (
        <p role="status" className="mt-3 rounded-lg bg-surface-muted px-3 py-6 text-center text-sm text-fg-muted">
          {searching ? t('quickLauncher.searching') : t('quickLauncher.noMatch', { query: query.trim() })}
        </p>
      ) : (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('quickLauncher.results')}
          className="mt-3 flex max-h-80 flex-col gap-1 overflow-y-auto"
        >
          {shown.map((item, index) => (
            // The input keeps the focus (aria-activedescendant); a pointer picks an option directly.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the combobox input handles the keys of every option
            <li
              key={`${item.kind}:${item.id}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === current}
              onClick={() => onOpen(item)}
              onMouseMove={() => setActive(index)}
              className={cx(
                'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-fg',
                index === current && 'bg-surface-muted ring-2 ring-focus',
              )}
            >
              {item.kind === 'page' ? (
                <Cog6ToothIcon aria-hidden="true" className="size-6 shrink-0 text-fg-muted" />
              ) : item.kind === 'entity' ? (
                <MagnifyingGlassIcon aria-hidden="true" className="size-6 shrink-0 text-fg-muted" />
              ) : item.logoUrl === undefined ? (
                <Squares2X2Icon aria-hidden="true" className="size-6 shrink-0 text-fg-muted" />
              ) : (
                <img src={item.logoUrl} alt="" width={24} height={24} className="size-6 shrink-0 object-contain" />
              )}
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{item.label}</span>
                {item.description !== undefined && item.description !== '' && (
                  <span className="block truncate text-sm text-fg-muted">{item.description}</span>
                )}
              </span>
              <span className="shrink-0 text-xs text-fg-muted">
                {item.kindLabel ?? t(item.kind === 'app' ? 'quickLauncher.app' : 'quickLauncher.page')}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p aria-live="polite" className={cx('text-sm text-fg-muted', note !== undefined && note !== '' && 'mt-2')}>
        {note}
      </p>
    </Dialog>
  );
}
