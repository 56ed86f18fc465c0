// The frame of a global list page: navigation bar title, the create button, the list.
import { createContext, use, type ReactNode } from 'react';
import { PlusIcon } from '@heroicons/react/20/solid';
import { UiLink, buttonClasses } from '@portal/ui';
import { useNavigationBar } from '../../../app/contexts.tsx';
import { usePageTitle } from '../../../app/page-title.tsx';
import { useAdmin } from '../admin-context.tsx';
import { adminLinks, type EntityKind } from '../lib/links.ts';
import { preloadPageOf } from '../routes.ts';
import { useAdminT, type AdminT } from '../lib/i18n.ts';

export function ListPage({ kind, title, subTitle, children, creatable = true }: {
  readonly kind: EntityKind;
  readonly title: string;
  readonly subTitle?: string;
  readonly children: ReactNode;
  readonly creatable?: boolean;
}) {
  const t = useAdminT();
  const { canWrite } = useAdmin();
  useNavigationBar({ title, ...(subTitle === undefined ? {} : { subTitle }), backLink: adminLinks.overview() });
  usePageTitle(title);
  return (
    <div className="flex flex-col gap-4">
      {creatable && canWrite(kind) && (
        <div className="flex justify-end">
          <UiLink href={adminLinks.create(kind)} className={buttonClasses('primary')}>
            <PlusIcon aria-hidden="true" className="size-4" />
            {t('list.create')}
          </UiLink>
        </div>
      )}
      {children}
    </div>
  );
}

/** The list view's navigate: row links use it instead of a router link each (one location subscription per list, not per row). */
export const RowNavigate = createContext<((href: string) => void) | undefined>(undefined);

const rowLinkClasses = 'font-medium text-accent hover:underline focus-visible:outline-2 focus-visible:outline-focus';

/** The first cell of a row: a link to the detail page (its chunk preloads on pointer or focus). */
export function RowLink({ href, children }: { readonly href: string; readonly children: ReactNode }) {
  const navigate = use(RowNavigate);
  const intent = () => preloadPageOf(href);
  if (navigate === undefined) {
    return <UiLink href={href} onPointerEnter={intent} onFocus={intent} className={rowLinkClasses}>{children}</UiLink>;
  }
  return (
    <a
      href={href}
      onPointerEnter={intent}
      onFocus={intent}
      onClick={(event) => {
        // As the router's link: a modified or non-primary click keeps the browser's behaviour.
        if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey || event.button !== 0 || event.defaultPrevented) return;
        event.preventDefault();
        navigate(href);
      }}
      className={rowLinkClasses}
    >
      {children}
    </a>
  );
}

/** 'Ja' / 'Nein' for a table cell: text from the list's `t`, no hook per cell (a page flip mounts 50 rows). */
export function yesNo(t: AdminT, value: boolean): string {
  return value ? t('common.yes') : t('common.no');
}
