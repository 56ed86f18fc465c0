// A picker of linked entities searched on the server (200 ms after typing), and the chosen entries as removable chips.
import { useEffect, useId, useRef, useState } from 'react';
import { PlusIcon, XMarkIcon } from '@heroicons/react/20/solid';
import { Button, Chip } from '@portal/ui';
import type { AdminPage } from '@portal/adapters/admin';
import { useAdminT } from '../lib/i18n.ts';
import { useDebounced } from './list-view.tsx';

export interface PickOption {
  readonly id: string;
  readonly label: string;
  readonly hint?: string;
}

/** A picker searched on the server (200 ms after typing): choose one entry to add. */
export function RefPicker({
  label,
  search,
  excludeIds = [],
  onPick,
  disabled,
}: {
  readonly label: string;
  readonly search: (text: string) => Promise<AdminPage<PickOption>>;
  readonly excludeIds?: readonly string[];
  readonly onPick: (option: PickOption) => void;
  readonly disabled?: boolean;
}) {
  const t = useAdminT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const query = useDebounced(draft);
  const [options, setOptions] = useState<readonly PickOption[]>([]);
  const [failed, setFailed] = useState(false);
  // The add button that opened the picker is gone: focus moves to the picker's search, not to the page.
  const searchField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) searchField.current?.focus();
  }, [open]);
  useEffect(() => {
    if (!open) return undefined;
    let live = true;
    search(query).then(
      (page) => {
        if (live) {
          setOptions(page.items);
          setFailed(false);
        }
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [open, query, search]);
  const shown = options.filter((option) => !excludeIds.includes(option.id));
  if (!open) {
    return (
      <div>
        <Button variant="secondary" size="sm" icon={<PlusIcon />} onClick={() => setOpen(true)} disabled={disabled}>
          {label}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-line bg-surface-muted p-3">
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <input
          ref={searchField}
          id={id}
          type="search"
          value={draft}
          placeholder={t('picker.search')}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
            if (event.key === 'Enter') event.preventDefault();
          }}
          className="block w-full rounded-lg border border-line-strong bg-surface px-3 py-1.5 text-sm text-fg"
        />
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setOpen(false)}
          aria-label={t('picker.close')}
          icon={<XMarkIcon />}
        />
      </div>
      {failed ? (
        <p role="alert" className="text-sm text-danger">
          {t('list.error')}
        </p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('picker.none')}</p>
      ) : (
        <ul aria-label={label} className="flex max-h-56 flex-col gap-1 overflow-y-auto">
          {shown.map((option) => (
            <li key={option.id}>
              <button
                type="button"
                onClick={() => {
                  onPick(option);
                  setOpen(false);
                  setDraft('');
                }}
                className="flex w-full flex-col items-start rounded-md px-2 py-1.5 text-start text-sm text-fg hover:bg-surface"
              >
                <span className="font-medium">{option.label}</span>
                {option.hint !== undefined && <span className="text-xs text-fg-muted">{option.hint}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Chosen entries as removable chips. */
export function ChipList({
  items,
  labels,
  onRemove,
  label,
  emptyText,
  disabled,
}: {
  readonly items: readonly string[];
  readonly labels: ReadonlyMap<string, string>;
  readonly onRemove: (id: string) => void;
  readonly label: string;
  readonly emptyText: string;
  readonly disabled?: boolean;
}) {
  const t = useAdminT();
  if (items.length === 0) return <p className="text-sm text-fg-muted">{emptyText}</p>;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {items.map((id) => {
        const name = labels.get(id) ?? id;
        return (
          <Chip
            key={id}
            label={name}
            {...(disabled === true ? {} : { onRemove: () => onRemove(id), removeLabel: t('picker.remove', { name }) })}
          />
        );
      })}
    </ul>
  );
}
