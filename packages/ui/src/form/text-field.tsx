import type { InputHTMLAttributes, Ref } from 'react';
import { cx } from '../lib/cx.ts';
import { Field, borderFor, controlClasses, useFieldIds, type FieldBaseProps } from './field.tsx';

export interface TextFieldProps extends FieldBaseProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'required'> {
  readonly ref?: Ref<HTMLInputElement>;
}

/** A text input with label above, help, error with icon and required mark. */
export function TextField({ label, help, error, required, id, className, ...input }: TextFieldProps) {
  const ids = useFieldIds({ id, help, error });
  return (
    <Field label={label} help={help} error={error} required={required} ids={ids}>
      <input
        id={ids.controlId}
        className={cx(controlClasses, borderFor(error), className)}
        aria-invalid={error !== undefined || undefined}
        aria-describedby={ids.describedBy}
        required={required}
        {...input}
      />
    </Field>
  );
}
