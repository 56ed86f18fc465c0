// Server-searched pickers for linked entities (10 rows per search; never a whole list).
import { useCallback, type ComponentProps } from 'react';
import type { AdminPage } from '@portal/adapters/admin';
import { Button } from '@portal/ui';
import { useAdmin, useLabels, type LookupKind } from '../admin-context.tsx';
import { useAdminT } from '../lib/i18n.ts';
import { Section } from './form-kit.tsx';
import { ChipList, RefPicker, type PickOption } from './ref-picker.tsx';

export type PickerSearch = (text: string) => Promise<AdminPage<PickOption>>;

export function usePickerSearch(kind: LookupKind): PickerSearch {
  const { api, remember } = useAdmin();
  const search = useCallback(
    async (text: string): Promise<AdminPage<PickOption>> => {
      const params = { page: 1, pageSize: 10, ...(text.trim() === '' ? {} : { search: text.trim() }) } as const;
      if (kind === 'permissions') {
        const page = await api.permissions.list(params);
        return {
          total: page.total,
          items: page.items.map((p) => ({
            id: p.id,
            label: p.key,
            ...(p.description === '' ? {} : { hint: p.description }),
          })),
        };
      }
      if (kind === 'applications') {
        const page = await api.applications.list(params);
        return { total: page.total, items: page.items.map((a) => ({ id: a.id, label: a.label, hint: a.id })) };
      }
      const page = await api[kind].list(params);
      return {
        total: page.total,
        items: page.items.map((item) => ({
          id: item.id,
          label: item.label === '' ? item.key : item.label,
          hint: item.key,
        })),
      };
    },
    [api, kind],
  );
  return useCallback(
    async (text: string) => {
      const page = await search(text);
      remember(page.items);
      return page;
    },
    [search, remember],
  );
}

/** One optional linked entity: its name, a picker to choose another, and a remove button. */
export function SingleRef({
  label,
  value,
  labels,
  search,
  onChange,
  disabled,
}: {
  readonly label: string;
  readonly value: string | null;
  readonly labels: ReadonlyMap<string, string>;
  readonly search: PickerSearch;
  readonly onChange: (id: string | null, option?: PickOption) => void;
  readonly disabled?: boolean;
}) {
  const t = useAdminT();
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <span className="text-sm font-medium text-fg">{label}</span>
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-md border border-line bg-surface-muted px-3 py-1.5 text-sm text-fg">
          {value === null ? t('picker.nothing') : (labels.get(value) ?? value)}
        </span>
        {value !== null && disabled !== true && (
          <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
            {t('picker.clear')}
          </Button>
        )}
      </div>
      {disabled !== true && (
        <RefPicker
          label={t('picker.choose', { field: label })}
          search={search}
          onPick={(option) => onChange(option.id, option)}
          excludeIds={value === null ? [] : [value]}
        />
      )}
    </div>
  );
}

/** Linked entities of one kind by id: their names (removable) and, when writable, a picker to add one. */
export function RefList({
  kind,
  label,
  emptyText,
  addLabel,
  ids,
  writable,
  onChange,
}: {
  readonly kind: LookupKind;
  readonly label: string;
  readonly emptyText: string;
  readonly addLabel: string;
  readonly ids: readonly string[];
  readonly writable: boolean;
  readonly onChange: (ids: readonly string[]) => void;
}) {
  const labels = useLabels(kind);
  const search = usePickerSearch(kind);
  return (
    <>
      <ChipList
        label={label}
        items={ids}
        labels={labels}
        emptyText={emptyText}
        disabled={!writable}
        onRemove={(removed) => onChange(ids.filter((id) => id !== removed))}
      />
      {writable && (
        <RefPicker
          label={addLabel}
          search={search}
          excludeIds={ids}
          onPick={(option) => onChange([...ids, option.id])}
        />
      )}
    </>
  );
}

/** A section of linked entities of one kind by id (`RefList`, named by the section's title). */
export function RefsSection({
  title,
  description,
  ...list
}: Omit<ComponentProps<typeof RefList>, 'label'> & { readonly title: string; readonly description: string }) {
  return (
    <Section title={title} description={description}>
      <RefList label={title} {...list} />
    </Section>
  );
}
