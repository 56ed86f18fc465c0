import type { ComponentType, ReactNode } from 'react';

/** A notice on the home page (a pending request, a notification): a bordered row led by its icon in the warning colour. */
export function NoticeItem({
  icon: Icon,
  layout,
  children,
}: {
  readonly icon: ComponentType<{ readonly className?: string; readonly 'aria-hidden'?: 'true' }>;
  /** The row's gaps and wrapping, e.g. `gap-2`. */
  readonly layout: string;
  readonly children?: ReactNode;
}) {
  return (
    <li className={`flex items-center rounded-lg border border-line bg-surface px-4 py-3 text-sm text-fg ${layout}`}>
      <Icon aria-hidden="true" className="size-5 shrink-0 text-warning" />
      {children}
    </li>
  );
}
