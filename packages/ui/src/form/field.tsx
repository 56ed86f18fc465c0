import { useId, type ReactNode } from 'react';
import { ExclamationCircleIcon } from '@heroicons/react/20/solid';
import { useUiText } from '../i18n/ui-text.tsx';
import { cx } from '../lib/cx.ts';

// Help, error, required and id may be given as `undefined` (none, not required, a generated
// id): each field passes them on to Field, FieldMessages and useFieldIds as it got them, and a
// form passes a field's current error, which is often none (React's element props are typed so).
export interface FieldBaseProps {
  /** The visible label, above the control. */
  readonly label: string;
  /** Help text under the control. */
  readonly help?: string | undefined;
  /** An error message (already translated): shown under the control in danger colour. */
  readonly error?: string | undefined;
  readonly required?: boolean | undefined;
  readonly id?: string | undefined;
}

export interface FieldIds {
  readonly controlId: string;
  readonly helpId: string | undefined;
  readonly errorId: string | undefined;
  readonly describedBy: string | undefined;
}

/** The ids that tie a control to its label, help and error. */
export function useFieldIds({ id, help, error }: Pick<FieldBaseProps, 'id' | 'help' | 'error'>): FieldIds {
  const generated = useId();
  const controlId = id ?? generated;
  const helpId = help === undefined ? undefined : `${controlId}-help`;
  const errorId = error === undefined ? undefined : `${controlId}-error`;
  const describedBy = [errorId, helpId].filter((part) => part !== undefined).join(' ');
  return { controlId, helpId, errorId, describedBy: describedBy === '' ? undefined : describedBy };
}

/** The required mark after a label: a star for sighted users, "required" for screen readers. */
export function RequiredMark() {
  const t = useUiText();
  return (
    <>
      <span aria-hidden="true" className="ms-0.5 text-danger">
        *
      </span>
      <span className="sr-only">{` (${t('form.required')})`}</span>
    </>
  );
}

/** Help and error texts under a control. */
export function FieldMessages({
  help,
  error,
  ids,
}: {
  readonly help?: string | undefined;
  readonly error?: string | undefined;
  readonly ids: FieldIds;
}) {
  return (
    <>
      {error !== undefined && (
        <p id={ids.errorId} className="mt-1.5 flex items-start gap-1 text-sm text-danger">
          <ExclamationCircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      )}
      {help !== undefined && (
        <p id={ids.helpId} className="mt-1.5 text-sm text-fg-muted">
          {help}
        </p>
      )}
    </>
  );
}

/**
 * Label above, control, then error and help: the frame of every form field. `live`: the
 * messages are announced as they change (a control that refuses entries itself, e.g. TagInput).
 */
export function Field({
  label,
  help,
  error,
  required,
  ids,
  live = false,
  children,
}: FieldBaseProps & { readonly ids: FieldIds; readonly live?: boolean; readonly children: ReactNode }) {
  const messages = <FieldMessages help={help} error={error} ids={ids} />;
  return (
    <div className="flex min-w-0 flex-col">
      <label htmlFor={ids.controlId} className="mb-1.5 text-sm font-medium text-fg">
        {label}
        {required === true && <RequiredMark />}
      </label>
      {children}
      {live ? <div aria-live="polite">{messages}</div> : messages}
    </div>
  );
}

const controlClasses =
  'block w-full min-w-0 rounded-lg border bg-surface px-3 py-2 text-base text-fg sm:text-sm ' +
  'focus-visible:outline-offset-0 ' +
  'disabled:cursor-not-allowed disabled:bg-surface-muted disabled:text-fg-muted';

/** What ties a control to its field: its id, the invalid state, the help and error it is described by. */
export function fieldControlProps(ids: FieldIds, error: string | undefined) {
  return { id: ids.controlId, 'aria-invalid': error !== undefined || undefined, 'aria-describedby': ids.describedBy };
}

/**
 * A text control's (input, textarea, select) attributes in a Field: those of `fieldControlProps`,
 * the control's classes with the border of its state, the required flag. The caller's own
 * attributes are spread after these.
 */
export function textControlProps(
  ids: FieldIds,
  {
    error,
    required,
    className,
  }: Pick<FieldBaseProps, 'error' | 'required'> & { readonly className?: string | undefined },
) {
  return {
    ...fieldControlProps(ids, error),
    className: cx(controlClasses, error === undefined ? 'border-line-strong' : 'border-danger', className),
    required,
  };
}
