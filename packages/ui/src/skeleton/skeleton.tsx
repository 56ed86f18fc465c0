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

/** A launcher tile while the applications load: the logo's block and two lines (the launcher's and the catalogue's lists). */
export function TileSkeleton() {
  return (
    <li className="flex items-center gap-4 rounded-xl border border-line bg-surface p-4">
      <Skeleton shape="block" className="size-16 shrink-0" />
      <span className="flex flex-1 flex-col gap-2">
        <Skeleton className="w-2/3" />
        <Skeleton className="h-3 w-full" />
      </span>
    </li>
  );
}
