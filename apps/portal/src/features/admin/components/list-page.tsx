// The frame of a global list page: navigation bar title, the create button, the list.
import type { ReactNode } from 'react';
import { PlusIcon } from '@heroicons/react/20/solid';
import { UiLink, buttonClasses } from '@portal/ui';
import { useNavigationBar } from '../../../app/contexts.tsx';
import { usePageTitle } from '../../../app/page-title.ts';
import { useAdmin } from '../admin-context.tsx';
import { adminLinks, type EntityKind } from '../lib/links.ts';
import { preloadPageOf } from '../lib/preload.ts';
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

/** The first cell of a row: a link to the detail page (its chunk preloads on pointer or focus). */
export function RowLink({ href, children }: { readonly href: string; readonly children: ReactNode }) {
  return (
    <UiLink href={href} onPointerEnter={() => preloadPageOf(href)} onFocus={() => preloadPageOf(href)} className="font-medium text-accent hover:underline focus-visible:outline-2 focus-visible:outline-focus">
      {children}
    </UiLink>
  );
}

/** 'Ja' / 'Nein' for a table cell: text from the list's `t`, no hook per cell (a page flip mounts 50 rows). */
export function yesNo(t: AdminT, value: boolean): string {
  return value ? t('common.yes') : t('common.no');
}
