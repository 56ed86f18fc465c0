import type { InputHTMLAttributes, Ref } from 'react';
import { cx } from '../lib/cx.ts';
import { FieldMessages, RequiredMark, fieldControlProps, useFieldIds, type FieldBaseProps } from './field.tsx';

export interface CheckboxProps
  extends FieldBaseProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'required' | 'type'> {
  readonly ref?: Ref<HTMLInputElement>;
}

/** A checkbox with its label beside it, help and error under it. */
export function Checkbox({ label, help, error, required, id, className, ...input }: CheckboxProps) {
  const ids = useFieldIds({ id, help, error });
  return (
    <div className="flex flex-col">
      <div className="flex items-start gap-2">
        <input
          {...fieldControlProps(ids, error)}
          type="checkbox"
          className={cx('mt-0.5 size-4 shrink-0 accent-accent disabled:cursor-not-allowed', className)}
          required={required}
          {...input}
        />
        <label htmlFor={ids.controlId} className="text-sm text-fg">
          {label}
          {required === true && <RequiredMark />}
        </label>
      </div>
      <div className="ps-6">
        <FieldMessages help={help} error={error} ids={ids} />
      </div>
    </div>
  );
}
