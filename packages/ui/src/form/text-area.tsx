import type { Ref, TextareaHTMLAttributes } from 'react';
import { Field, textControlProps, useFieldIds, type FieldBaseProps } from './field.tsx';

export interface TextAreaProps
  extends FieldBaseProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'required'> {
  readonly ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line text input with label above, help, error with icon and required mark (as TextField). */
export function TextArea({ label, help, error, required, id, className, rows = 4, ...textarea }: TextAreaProps) {
  const ids = useFieldIds({ id, help, error });
  return (
    <Field label={label} help={help} error={error} required={required} ids={ids}>
      <textarea {...textControlProps(ids, { error, required, className })} rows={rows} {...textarea} />
    </Field>
  );
}
