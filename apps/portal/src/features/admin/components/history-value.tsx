// One history entry's field, change and author as an administrator reads them (#17.14):
// the field's label, old → new with linked entities by name (a link while they exist), yes/no
// for flags, instants in the reader's language, the author's name; a record-valued field (the
// webhook) property by property, only those that changed, each by its label (#30.11).
import { Fragment, type ReactNode } from 'react';
import { historyChange, historyRecordChanges } from '@portal/core';
import type { HistoryRef, HistoryValue } from '@portal/core';
import type { AdminHistoryEntry } from '@portal/adapters/admin';
import { UiLink } from '@portal/ui';
import { entityKindOfRef, historyEnumLabel, historyFieldLabel, historyPropertyLabels } from '../lib/history-fields.ts';
import { adminLinks } from '../lib/links.ts';
import { useAdminT, useFormatDate, type AdminT } from '../lib/i18n.ts';

function RefName({ entity, t }: { readonly entity: HistoryRef; readonly t: AdminT }) {
  if (entity.exists) {
    return (
      <UiLink
        href={adminLinks.detail(entityKindOfRef[entity.kind], entity.id)}
        className="text-accent underline underline-offset-2"
      >
        {entity.label}
      </UiLink>
    );
  }
  return <span>{t('history.deletedEntity', { name: entity.label })}</span>;
}

const joined = (parts: readonly ReactNode[], separator: string): ReactNode =>
  parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 && separator}
      {part}
    </Fragment>
  ));

function propertyLabel(name: string, t: AdminT): string {
  const key = historyPropertyLabels[name];
  return key === undefined ? name : t(key);
}

/** How the values read: the console's texts and its date format. */
interface Reading {
  readonly t: AdminT;
  readonly date: (iso: string) => string;
}

function render(value: HistoryValue, field: string, reading: Reading): ReactNode {
  const { t } = reading;
  switch (value.type) {
    case 'empty':
      return <span className="text-fg-muted">{t('history.none')}</span>;
    case 'boolean':
      return t(value.value ? 'common.yes' : 'common.no');
    case 'number':
      return String(value.value);
    case 'dateTime':
      return <time dateTime={value.iso}>{reading.date(value.iso)}</time>;
    case 'text': {
      const key = historyEnumLabel(field, value.text);
      return key === undefined ? value.text : t(key);
    }
    case 'ref':
      return <RefName entity={value.ref} t={t} />;
    case 'list':
      if (value.items.some((item) => item.type === 'record')) {
        return (
          <ul className="flex flex-col gap-0.5">
            {value.items.map((item, i) => (
              <li key={i}>{render(item, field, reading)}</li>
            ))}
          </ul>
        );
      }
      return joined(
        value.items.map((item) => render(item, field, reading)),
        ', ',
      );
    case 'record': {
      const names = value.fields.map((f) => f.name);
      // A webhook header: "Name: value".
      if (names.length === 2 && names.includes('key') && names.includes('value')) {
        const text = (name: string) => {
          const f = value.fields.find((x) => x.name === name)?.value;
          return f?.type === 'text' ? f.text : '';
        };
        return `${text('key')}: ${text('value')}`;
      }
      // A link record: the linked entity, then the flags that are on and the other settings.
      const title = value.fields.find(
        (f) => f.value.type === 'ref' && (f.name === 'attributeId' || f.name === 'roleId'),
      );
      const rest = value.fields.filter(
        (f) =>
          f !== title &&
          !(f.value.type === 'boolean' && !f.value.value && title !== undefined) &&
          f.value.type !== 'empty',
      );
      const parts = rest.map((f) =>
        f.value.type === 'boolean' && title !== undefined ? (
          propertyLabel(f.name, t)
        ) : (
          <>
            {propertyLabel(f.name, t)}: {render(f.value, f.name, reading)}
          </>
        ),
      );
      if (title === undefined) return joined(parts, '; ');
      return (
        <>
          {render(title.value, title.name, reading)}
          {parts.length > 0 && <> ({joined(parts, ', ')})</>}
        </>
      );
    }
  }
}

/** The field's label (the internal name only for a field this console does not know). */
export function HistoryField({ entry }: { readonly entry: AdminHistoryEntry }) {
  const t = useAdminT();
  if (entry.field === null) return <span className="text-fg-muted">{t('history.none')}</span>;
  const key = historyFieldLabel(entry.tableName, entry.field);
  return <>{key === undefined ? entry.field : t(key)}</>;
}

/** old → new. */
function Changed({ before, after, t }: { readonly before: ReactNode; readonly after: ReactNode; readonly t: AdminT }) {
  return (
    <>
      <span data-part="before">{before}</span>
      <span role="img" aria-label={t('history.changedTo')}>
        {' '}
        →{' '}
      </span>
      <span data-part="after">{after}</span>
    </>
  );
}

/** old → new for a change, the value for a creation; a record (the webhook) one line per property that changed. */
export function HistoryChangeView({ entry }: { readonly entry: AdminHistoryEntry }) {
  const t = useAdminT();
  const formatDate = useFormatDate();
  if (entry.mode === 'DELETE') return <span className="text-fg-muted">{t('history.none')}</span>;
  const reading: Reading = { t, date: (iso) => formatDate(iso) };
  const change = historyChange(entry);
  const field = entry.field ?? '';
  const properties = historyRecordChanges(change);
  if (properties !== undefined)
    return (
      <ul className="flex flex-col gap-0.5 break-words">
        {properties.map(({ name, before, after }) => (
          <li key={name} data-property={name}>
            <span className="font-medium">{propertyLabel(name, t)}</span>:{' '}
            {before === undefined ? (
              render(after, name, reading)
            ) : (
              <Changed before={render(before, name, reading)} after={render(after, name, reading)} t={t} />
            )}
          </li>
        ))}
      </ul>
    );
  if (change.before === undefined) return <span className="break-words">{render(change.after, field, reading)}</span>;
  return (
    <span className="break-words">
      <Changed before={render(change.before, field, reading)} after={render(change.after, field, reading)} t={t} />
    </span>
  );
}

/** The author's name; "System" for changes without one. */
export function historyAuthor(entry: AdminHistoryEntry, t: AdminT): string {
  if (entry.updatedByName !== null && entry.updatedByName !== '') return entry.updatedByName;
  return entry.updatedBy === null ? t('history.system') : t('history.unknownUser');
}
