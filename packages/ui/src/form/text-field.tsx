import type { InputHTMLAttributes, Ref } from 'react';
import { Field, textControlProps, useFieldIds, type FieldBaseProps } from './field.tsx';

export interface TextFieldProps extends FieldBaseProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'required'> {
  readonly ref?: Ref<HTMLInputElement>;
}

/** A text input with label above, help, error with icon and required mark. */
export function TextField({ label, help, error, required, id, className, ...input }: TextFieldProps) {
  const ids = useFieldIds({ id, help, error });
  return (
    <Field label={label} help={help} error={error} required={required} ids={ids}>
      <input {...textControlProps(ids, { error, required, className })} {...input} />
    </Field>
  );
}
