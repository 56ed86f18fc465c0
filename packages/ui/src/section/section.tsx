import { useId, type ReactNode } from 'react';
import { cx } from '../lib/cx.ts';

/** The heading's size: `xl` a page's own parts (settings tabs, home), `lg` a console page's parts, `inherit` the surrounding text's (a dialog's parts). */
export type SectionHeadingSize = 'xl' | 'lg' | 'inherit';

export interface SectionProps {
  /** The heading's text; it is also the section's accessible name. */
  readonly title: string;
  /** `h2` (default) or `h3`. */
  readonly level?: 2 | 3;
  readonly size?: SectionHeadingSize;
  /** A line under the heading. */
  readonly description?: string;
  /** On the heading's end side (e.g. a button). */
  readonly actions?: ReactNode;
  /** `nav` for a section of links. */
  readonly as?: 'section' | 'nav';
  /** The section's own layout, e.g. `flex flex-col gap-3`. */
  readonly className?: string;
  /** The content; as a function it gets the heading's id (for a list labelled by it). */
  readonly children?: ReactNode | ((headingId: string) => ReactNode);
}

const headingClasses: Readonly<Record<SectionHeadingSize, string>> = {
  xl: 'text-xl font-semibold text-fg',
  lg: 'text-lg font-semibold text-fg',
  inherit: 'font-semibold',
};

/** A section named by its heading (`aria-labelledby` the heading's own id), with an optional description and actions beside it. */
export function Section({
  title,
  level = 2,
  size = 'lg',
  description,
  actions,
  as: Element = 'section',
  className,
  children,
}: SectionProps) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  const heading = (
    <Heading id={id} className={headingClasses[size]}>
      {title}
    </Heading>
  );
  const head =
    description === undefined ? (
      heading
    ) : (
      <div>
        {heading}
        <p className="mt-1 text-sm text-fg-muted">{description}</p>
      </div>
    );
  return (
    <Element aria-labelledby={id} className={className}>
      {actions === undefined ? (
        head
      ) : (
        <div
          className={cx(
            'flex flex-wrap justify-between gap-2',
            description === undefined ? 'items-center' : 'items-start',
          )}
        >
          {head}
          {actions}
        </div>
      )}
      {typeof children === 'function' ? children(id) : children}
    </Element>
  );
}
