import { LockClosedIcon } from '@heroicons/react/20/solid';
import { useUiText } from '../i18n/ui-text.tsx';
import { useFieldIds } from './field.tsx';

export interface ReadOnlyFieldProps {
  readonly label: string;
  /** The value shown; an empty value shows a dash. */
  readonly value: string;
  readonly id?: string;
}

/** A field the user may see but not edit ("Dieses Feld kann nicht bearbeitet werden"). */
export function ReadOnlyField({ label, value, id }: ReadOnlyFieldProps) {
  const t = useUiText();
  const ids = useFieldIds({ id, help: 'readOnly' });
  return (
    <div className="flex min-w-0 flex-col">
      <label htmlFor={ids.controlId} className="mb-1.5 text-sm font-medium text-fg">{label}</label>
      <div className="relative">
        <input
          id={ids.controlId}
          readOnly
          value={value === '' ? '–' : value}
          aria-describedby={ids.helpId}
          className="block w-full min-w-0 cursor-default rounded-lg border border-line bg-surface-muted py-2 ps-3 pe-9 text-base text-fg sm:text-sm focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-focus"
        />
        <LockClosedIcon aria-hidden="true" className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-fg-muted" />
      </div>
      <p id={ids.helpId} className="mt-1.5 text-sm text-fg-muted">{t('validations.notEditable')}</p>
    </div>
  );
}
