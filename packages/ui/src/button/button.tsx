import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from '../lib/cx.ts';
import { useUiText } from '../i18n/ui-text.tsx';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button-classes.ts';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: ButtonVariant;
  readonly size?: ButtonSize;
  /** Shows progress, disables the button and announces "saving" to screen readers. */
  readonly busy?: boolean;
  /** An icon before the text (decorative: the text or `aria-label` names the button). */
  readonly icon?: ReactNode;
  readonly ref?: Ref<HTMLButtonElement>;
}

/** A button: primary (one per view, right-aligned in forms), secondary, ghost, danger. */
export function Button({
  variant = 'primary',
  size = 'md',
  busy = false,
  icon,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  const t = useUiText();
  return (
    <button
      type={type}
      className={cx(buttonClasses(variant, size), className)}
      disabled={disabled === true || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? (
        <span
          aria-hidden="true"
          className="size-4 rounded-full border-2 border-current border-t-transparent motion-safe:animate-spin"
        />
      ) : (
        icon !== undefined && (
          <span aria-hidden="true" className="inline-flex size-4 shrink-0 [&>svg]:size-4">
            {icon}
          </span>
        )
      )}
      {children}
      {busy && <span className="sr-only">{t('form.saving')}</span>}
    </button>
  );
}
