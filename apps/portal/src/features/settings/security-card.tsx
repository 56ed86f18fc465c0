import type { ComponentType, ReactNode } from 'react';

/** A card of the security tab: its heading with an icon, what it is about, then what it offers. */
export function SecurityCard({
  icon: Icon,
  heading,
  headingId,
  text,
  children,
}: {
  readonly icon: ComponentType<{ readonly className?: string; readonly 'aria-hidden'?: 'true' }>;
  readonly heading: string;
  readonly headingId?: string;
  readonly text: string;
  readonly children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-5">
      <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold text-fg">
        <Icon aria-hidden="true" className="size-5 text-fg-muted" />
        {heading}
      </h3>
      <p className="text-sm text-fg-muted">{text}</p>
      {children}
    </div>
  );
}
