// The favourites in reorder mode (#20.1), loaded when the user first asks for it: drag a row
// to its place, or move it with its buttons (or Alt + arrow keys on them); every move is announced.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ArrowDownIcon, ArrowUpIcon, Bars3Icon, Squares2X2Icon } from '@heroicons/react/24/outline';
import { useUiText } from '../i18n/ui-text.tsx';
import { buttonClasses } from '../button/button-classes.ts';
import { cx } from '../lib/cx.ts';
import type { AppTileData } from './app-tile.tsx';

export interface FavouritesOrderProps {
  /** The favourites, first to last. */
  readonly apps: readonly AppTileData[];
  /** The id of the section's heading, which names the list. */
  readonly labelledBy?: string;
  /** Move one favourite to a place (0 = first). */
  readonly onMove: (id: string, to: number) => void;
  readonly onDone: () => void;
}

type Direction = 'earlier' | 'later';

const moveButton =
  'rounded-md p-1.5 text-fg-muted hover:text-accent aria-disabled:cursor-not-allowed aria-disabled:opacity-40';

export function FavouritesOrder({ apps, labelledBy, onMove, onDone }: FavouritesOrderProps) {
  const t = useUiText();
  const hintId = useId();
  const [said, setSaid] = useState('');
  const [dragged, setDragged] = useState<string>();
  /** The row being dragged, read by the events that follow before React renders again. */
  const dragging = useRef<string>(undefined);
  /** The button to focus again after a move (moving a row in the DOM takes the focus away). */
  const [refocus, setRefocus] = useState<{ readonly id: string; readonly direction: Direction }>();
  const [root, setRoot] = useState<HTMLElement | null>(null);

  // Opened from a button that is now gone: the hint takes the focus (and is read out first).
  useEffect(() => {
    root?.querySelector<HTMLElement>('[data-order-hint]')?.focus();
  }, [root]);

  useEffect(() => {
    if (refocus === undefined) return;
    root?.querySelector<HTMLElement>(`[data-move="${CSS.escape(`${refocus.direction}:${refocus.id}`)}"]`)?.focus();
    setRefocus(undefined);
  }, [refocus, root, apps]);

  const move = (id: string, to: number, direction?: Direction) => {
    const from = apps.findIndex((app) => app.id === id);
    const target = Math.min(Math.max(to, 0), apps.length - 1);
    const app = apps[from];
    if (app === undefined || from === target) return;
    onMove(id, target);
    setSaid(t('launcher.moved', { label: app.label, position: target + 1, count: apps.length }));
    if (direction !== undefined) setRefocus({ id, direction });
  };

  const keys = (event: KeyboardEvent, id: string, index: number) => {
    if (!event.altKey) return;
    const step =
      event.key === 'ArrowUp' || event.key === 'ArrowLeft'
        ? -1
        : event.key === 'ArrowDown' || event.key === 'ArrowRight'
          ? 1
          : 0;
    if (step === 0) return;
    // Alt + arrow would otherwise go back or forward in the history.
    event.preventDefault();
    move(id, index + step, step < 0 ? 'earlier' : 'later');
  };

  return (
    <div ref={setRoot} className="flex flex-col gap-3">
      <p id={hintId} data-order-hint tabIndex={-1} className="text-sm text-fg-muted focus:outline-none">
        {t('launcher.reorderHint')}
      </p>
      <ol aria-labelledby={labelledBy} aria-describedby={hintId} className="flex max-w-xl flex-col gap-2">
        {apps.map((app, index) => (
          <li
            key={app.id}
            draggable
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', app.id);
              dragging.current = app.id;
              setDragged(app.id);
            }}
            onDragOver={(event) => {
              if (dragging.current !== undefined) event.preventDefault();
            }}
            onDrop={(event) => {
              event.preventDefault();
              if (dragging.current !== undefined) move(dragging.current, index);
              dragging.current = undefined;
              setDragged(undefined);
            }}
            onDragEnd={() => {
              dragging.current = undefined;
              setDragged(undefined);
            }}
            className={cx(
              'flex cursor-grab items-center gap-3 rounded-lg border border-line bg-surface p-2 text-fg shadow-sm',
              dragged === app.id && 'opacity-50',
            )}
          >
            <Bars3Icon aria-hidden="true" className="size-5 shrink-0 text-fg-muted" />
            {app.logoUrl === undefined ? (
              <Squares2X2Icon aria-hidden="true" className="size-8 shrink-0 text-fg-muted" />
            ) : (
              <img src={app.logoUrl} alt="" width={32} height={32} className="size-8 shrink-0 object-contain" />
            )}
            <span className="min-w-0 flex-1 truncate font-medium">{app.label}</span>
            <button
              type="button"
              data-move={`earlier:${app.id}`}
              aria-label={t('launcher.moveEarlier', { label: app.label })}
              aria-disabled={index === 0}
              onClick={() => move(app.id, index - 1, 'earlier')}
              onKeyDown={(event) => keys(event, app.id, index)}
              className={moveButton}
            >
              <ArrowUpIcon aria-hidden="true" className="size-5" />
            </button>
            <button
              type="button"
              data-move={`later:${app.id}`}
              aria-label={t('launcher.moveLater', { label: app.label })}
              aria-disabled={index === apps.length - 1}
              onClick={() => move(app.id, index + 1, 'later')}
              onKeyDown={(event) => keys(event, app.id, index)}
              className={moveButton}
            >
              <ArrowDownIcon aria-hidden="true" className="size-5" />
            </button>
          </li>
        ))}
      </ol>
      <p aria-live="polite" className="sr-only">
        {said}
      </p>
      <div>
        <button type="button" className={buttonClasses('primary', 'sm')} onClick={onDone}>
          {t('launcher.reorderDone')}
        </button>
      </div>
    </div>
  );
}
