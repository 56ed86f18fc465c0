import { createContext, useContext, type ReactNode } from 'react';
import { LockClosedIcon } from '@heroicons/react/20/solid';
import { useUiText } from '../i18n/ui-text.tsx';
import { useFieldIds } from './field.tsx';

export interface ReadOnlyFieldProps {
  readonly label: string;
  /** The value shown; an empty value shows a dash. */
  readonly value: string;
  readonly id?: string;
}

/** True inside a `ReadOnlyGroup`: the group says once what every field would say. */
const InReadOnlyGroup = createContext(false);

/**
 * A field the user may see but not edit: a lock icon and the accessible description
 * "Dieses Feld kann nicht bearbeitet werden" (spec §5). Alone it shows that text under the
 * field; inside a `ReadOnlyGroup` the text stays the field's description for screen readers
 * but is not shown again under every field.
 */
export function ReadOnlyField({ label, value, id }: ReadOnlyFieldProps) {
  const t = useUiText();
  const grouped = useContext(InReadOnlyGroup);
  const ids = useFieldIds({ id, help: 'readOnly' });
  return (
    <div className="flex min-w-0 flex-col">
      <label htmlFor={ids.controlId} className="mb-1.5 text-sm font-medium text-fg">
        {label}
      </label>
      <div className="relative">
        <input
          id={ids.controlId}
          readOnly
          value={value === '' ? '–' : value}
          aria-describedby={ids.helpId}
          className="block w-full min-w-0 cursor-default rounded-lg border border-line bg-surface-muted py-2 ps-3 pe-9 text-base text-fg sm:text-sm focus-visible:outline-offset-0"
        />
        <LockClosedIcon
          aria-hidden="true"
          className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-fg-muted"
        />
      </div>
      <p id={ids.helpId} className={grouped ? 'sr-only' : 'mt-1.5 text-sm text-fg-muted'}>
        {t('validations.notEditable')}
      </p>
    </div>
  );
}

export interface ReadOnlyGroupProps {
  /** The fields (read-only ones and others); lay them out inside (e.g. a grid). */
  readonly children?: ReactNode;
}

/**
 * Several read-only fields together: one note with the lock icon ("Felder mit Schloss-Symbol
 * können nicht bearbeitet werden") instead of the same sentence under every field (#17.19).
 */
export function ReadOnlyGroup({ children }: ReadOnlyGroupProps) {
  const t = useUiText();
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <p className="flex items-center gap-1.5 text-sm text-fg-muted">
        <LockClosedIcon aria-hidden="true" className="size-4 shrink-0" />
        <span>{t('form.readOnlyGroup')}</span>
      </p>
      <InReadOnlyGroup.Provider value>{children}</InReadOnlyGroup.Provider>
    </div>
  );
}
