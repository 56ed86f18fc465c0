// A checklist of grantable entries (roles, account accesses of one application), searched on
// the server; chosen entries stay listed while another search shows other rows.
import { Fragment, useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import type { AdminPage, EntityRef } from '@portal/adapters/admin';
import { useAdmin } from '../admin-context.tsx';
import { useAdminT } from '../lib/i18n.ts';
import { useDebounced } from './list-view.tsx';

export function SelectionChecklist({
  label,
  search,
  selected,
  onChange,
  error,
  known = [],
  disabled,
}: {
  readonly label: string;
  readonly search: (text: string) => Promise<AdminPage<EntityRef>>;
  readonly selected: readonly string[];
  readonly onChange: (ids: readonly string[]) => void;
  /** The field's current error (already translated), none when `undefined`, as ui's fields take it. */
  readonly error?: string | undefined;
  /** Entries already known by name (e.g. the user's current roles). */
  readonly known?: readonly EntityRef[];
  readonly disabled?: boolean;
}) {
  const t = useAdminT();
  const id = useId();
  const [draft, setDraft] = useState('');
  const query = useDebounced(draft);
  const [page, setPage] = useState<AdminPage<EntityRef> | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [names, setNames] = useState<ReadonlyMap<string, EntityRef>>(
    () => new Map(known.map((item) => [item.id, item])),
  );
  useEffect(() => {
    let live = true;
    search(query).then(
      (answer) => {
        if (!live) return;
        setPage(answer);
        setFailed(false);
        setNames((current) => {
          const next = new Map(current);
          for (const item of answer.items) next.set(item.id, item);
          return next;
        });
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [query, search]);
  const shown = page?.items ?? [];
  const extra = selected
    .filter((sel) => !shown.some((item) => item.id === sel))
    .map((sel) => names.get(sel) ?? { id: sel, key: sel, label: sel });
  const rows = [...extra, ...shown];
  const toggle = (itemId: string, on: boolean) =>
    onChange(on ? [...selected, itemId] : selected.filter((x) => x !== itemId));
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error === undefined ? undefined : `${id}-error`}
      aria-invalid={error !== undefined || undefined}
    >
      <legend className="mb-1 text-sm font-medium text-fg">{label}</legend>
      <label htmlFor={`${id}-search`} className="sr-only">
        {t('picker.searchIn', { field: label })}
      </label>
      <input
        id={`${id}-search`}
        type="search"
        value={draft}
        disabled={disabled}
        placeholder={t('picker.search')}
        onChange={(event) => setDraft(event.target.value)}
        className="block w-full max-w-sm rounded-lg border border-line-strong bg-surface px-3 py-1.5 text-sm text-fg"
      />
      {failed && (
        <p role="alert" className="text-sm text-danger">
          {t('list.error')}
        </p>
      )}
      {!failed && rows.length === 0 && page !== undefined && (
        <p className="text-sm text-fg-muted">{t('picker.none')}</p>
      )}
      <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto">
        {rows.map((item) => (
          <li key={item.id} className="flex items-center gap-2 text-sm text-fg">
            <input
              id={`${id}-${item.id}`}
              type="checkbox"
              disabled={disabled}
              checked={selected.includes(item.id)}
              onChange={(event) => toggle(item.id, event.target.checked)}
              className="size-4 accent-accent"
            />
            <label htmlFor={`${id}-${item.id}`}>{item.label === '' ? item.key : item.label}</label>
          </li>
        ))}
      </ul>
      {page !== undefined && page.total > shown.length && (
        <p className="text-xs text-fg-muted">{t('picker.more', { shown: shown.length, total: page.total })}</p>
      )}
      {error !== undefined && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The server searches of an application's grantable roles and account accesses, for `SelectionChecklist`. */
export function useApplicationSelections(application: string): {
  readonly roles: (text: string) => Promise<AdminPage<EntityRef>>;
  readonly accountAccesses: (text: string) => Promise<AdminPage<EntityRef>>;
} {
  const { api } = useAdmin();
  const params = (text: string) =>
    ({ page: 1, pageSize: 25, ...(text.trim() === '' ? {} : { search: text.trim() }) }) as const;
  const roles = useCallback((text: string) => api.selectRoles(application, params(text)), [api, application]);
  const accountAccesses = useCallback(
    (text: string) => api.selectAccountAccesses(application, params(text)),
    [api, application],
  );
  return { roles, accountAccesses };
}

/** The roles and the account accesses of an application chosen for a user. */
export interface AccessChoice {
  readonly roleIds: readonly string[];
  readonly accountAccessIds: readonly string[];
}
type ChoiceField = keyof AccessChoice;

const choiceLists = [
  { field: 'roleIds', search: 'roles', label: 'users.fields.roles' },
  { field: 'accountAccessIds', search: 'accountAccesses', label: 'users.fields.accountAccesses' },
] as const;

/**
 * The application's roles and account accesses as two checklists (accepting requests, a user's access):
 * `known` names what is already chosen, `errors` each list's error, `afterRoles` stands between the two.
 */
export function AccessChecklists({
  application,
  choice,
  onChange,
  known = {},
  errors = {},
  disabled = false,
  afterRoles,
}: {
  readonly application: string;
  readonly choice: AccessChoice;
  readonly onChange: (field: ChoiceField, ids: readonly string[]) => void;
  readonly known?: { readonly [F in ChoiceField]?: readonly EntityRef[] };
  readonly errors?: { readonly [F in ChoiceField]?: string | undefined };
  readonly disabled?: boolean;
  readonly afterRoles?: ReactNode;
}) {
  const t = useAdminT();
  const searches = useApplicationSelections(application);
  return choiceLists.map(({ field, search, label }) => (
    <Fragment key={field}>
      <SelectionChecklist
        label={t(label)}
        search={searches[search]}
        selected={choice[field]}
        known={known[field] ?? []}
        disabled={disabled}
        error={errors[field]}
        onChange={(ids) => onChange(field, ids)}
      />
      {field === 'roleIds' && afterRoles}
    </Fragment>
  ));
}
