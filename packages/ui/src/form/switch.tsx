import type { Ref } from 'react';
import { cx } from '../lib/cx.ts';
import { FieldMessages, useFieldIds, type FieldBaseProps } from './field.tsx';

export interface SwitchProps extends Omit<FieldBaseProps, 'required'> {
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly disabled?: boolean | undefined;
  readonly name?: string;
  readonly ref?: Ref<HTMLButtonElement>;
}

/** An on/off switch (`role="switch"`), toggled by click, Space or Enter. */
export function Switch({ label, help, error, id, checked, onChange, disabled, name, ref }: SwitchProps) {
  const ids = useFieldIds({ id, help, error });
  return (
    <div className="flex flex-col">
      <div className="flex items-center gap-3">
        <button
          ref={ref}
          id={ids.controlId}
          type="button"
          role="switch"
          name={name}
          aria-checked={checked}
          aria-describedby={ids.describedBy}
          disabled={disabled}
          onClick={() => onChange(!checked)}
          className={cx(
            'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent motion-safe:transition-colors',
            'disabled:cursor-not-allowed disabled:opacity-60',
            checked ? 'bg-accent' : 'bg-line-strong',
          )}
        >
          <span
            aria-hidden="true"
            className={cx(
              'inline-block size-5 rounded-full bg-surface shadow motion-safe:transition-transform',
              checked ? 'translate-x-5 rtl:-translate-x-5' : 'translate-x-0',
            )}
          />
        </button>
        <label htmlFor={ids.controlId} className="text-sm text-fg">
          {label}
        </label>
      </div>
      <FieldMessages help={help} error={error} ids={ids} />
    </div>
  );
}
