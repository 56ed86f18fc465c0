import { cx } from '../lib/cx.ts';

export interface SkeletonProps {
  /** Tailwind size classes, e.g. `h-4 w-32`. */
  readonly className?: string;
  readonly shape?: 'line' | 'circle' | 'block';
}

/** A grey placeholder for content that is loading (pulses unless reduced motion is preferred). */
export function Skeleton({ className, shape = 'line' }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        'block bg-surface-muted motion-safe:animate-pulse',
        shape === 'circle' ? 'rounded-full' : shape === 'block' ? 'rounded-xl' : 'h-4 rounded-md',
        className,
      )}
    />
  );
}
