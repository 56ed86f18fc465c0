// A button's look, apart from the Button component: links that look like a button (the error
// page's way home, in the portal's first route) need only the classes (ADR 0007).
import { cx } from '../lib/cx.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-on-accent hover:bg-accent-hover border border-transparent',
  secondary: 'bg-surface text-fg border border-line-strong hover:bg-surface-muted',
  ghost: 'bg-transparent text-fg border border-transparent hover:bg-surface-muted',
  danger: 'bg-danger text-on-danger hover:bg-danger-hover border border-transparent',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm gap-1.5',
  md: 'h-10 px-4 text-sm gap-2',
};

/** The classes of a button, for links that look like one. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): string {
  return cx(
    'inline-flex items-center justify-center rounded-lg font-medium whitespace-nowrap',
    'motion-safe:transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60',
    variants[variant],
    sizes[size],
  );
}
