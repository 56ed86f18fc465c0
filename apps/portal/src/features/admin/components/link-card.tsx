// The cards of the console's start pages (the overview, an application's start): each a list item
// that links to a page, with the page's icon where it has one, its title and a line about it.
import type { ComponentType, SVGProps } from 'react';
import { UiLink } from '@portal/ui';

const cardClasses =
  'flex h-full items-start gap-3 rounded-xl border border-line bg-surface p-4 text-fg shadow-sm hover:border-accent';

/** A card in a list of cards: a link to `href` with its title and, where given, its icon and a line of text. */
export function LinkCard({
  href,
  icon: Icon,
  title,
  text,
}: {
  readonly href: string;
  readonly icon?: ComponentType<SVGProps<SVGSVGElement>>;
  readonly title: string;
  readonly text?: string | undefined;
}) {
  return (
    <li>
      <UiLink href={href} className={cardClasses}>
        {Icon !== undefined && <Icon aria-hidden="true" className="size-6 shrink-0 text-accent" />}
        <span className="flex flex-col gap-1">
          <span className="font-medium">{title}</span>
          {text !== undefined && <span className="text-sm text-fg-muted">{text}</span>}
        </span>
      </UiLink>
    </li>
  );
}
