import type { Ref, SelectHTMLAttributes } from 'react';
import { cx } from '../lib/cx.ts';
import { Field, textControlProps, useFieldIds, type FieldBaseProps } from './field.tsx';

export interface SelectOption {
  readonly value: string;
  readonly label: string;
  readonly disabled?: boolean;
}

export interface SelectProps extends FieldBaseProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'required'> {
  readonly options: readonly SelectOption[];
  /** A first, empty option (e.g. "please choose"), already translated. */
  readonly placeholder?: string;
  readonly ref?: Ref<HTMLSelectElement>;
}

/** A native select (light, keyboard and screen-reader friendly on every platform). */
export function Select({ label, help, error, required, id, options, placeholder, className, ...select }: SelectProps) {
  const ids = useFieldIds({ id, help, error });
  return (
    <Field label={label} help={help} error={error} required={required} ids={ids}>
      <select {...textControlProps(ids, { error, required, className: cx('pe-8', className) })} {...select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
