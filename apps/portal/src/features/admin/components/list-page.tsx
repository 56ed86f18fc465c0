// The frame of a global list page (navigation bar title, the create button, the list) and the
// list pages of the entity kinds themselves: each is a spec (its columns and the name of a row),
// rendered by `EntityListPage` as one `ListView` with export, bulk delete and row links.
import { use, useMemo, type ComponentType, type ReactNode } from 'react';
import { PlusIcon } from '@heroicons/react/20/solid';
import { UiLink, buttonClasses, type DataTableColumn } from '@portal/ui';
import type { AdminApi, AdminPage, ExportParams, ListParams } from '@portal/adapters/admin';
import { useNavigationBar } from '../../../app/contexts.tsx';
import { usePageTitle } from '../../../app/page-title.tsx';
import { useAdmin } from '../admin-context.tsx';
import { adminLinks, type EntityKind } from '../lib/links.ts';
import { listRoutes } from '../lib/list-routes.ts';
import { preloadPageOf } from '../routes.ts';
import { useAdminT, type AdminKey, type AdminT } from '../lib/i18n.ts';
import { useBulkDelete } from './bulk.tsx';
import { ListView, RowNavigate } from './list-view.tsx';

/** A link styled as a button above a list (create, import). */
export function ListAction({
  href,
  icon: Icon,
  variant,
  children,
}: {
  readonly href: string;
  readonly icon: ComponentType<{ readonly 'aria-hidden': 'true'; readonly className: string }>;
  readonly variant: 'primary' | 'secondary';
  readonly children: ReactNode;
}) {
  return (
    <div className="flex justify-end">
      <UiLink href={href} className={buttonClasses(variant)}>
        <Icon aria-hidden="true" className="size-4" />
        {children}
      </UiLink>
    </div>
  );
}

function ListPage({
  kind,
  title,
  subTitle,
  children,
  creatable = true,
}: {
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
        <ListAction href={adminLinks.create(kind)} icon={PlusIcon} variant="primary">
          {t('list.create')}
        </ListAction>
      )}
      {children}
    </div>
  );
}

const rowLinkClasses = 'font-medium text-accent hover:underline';

/** The first cell of a row: a link to the detail page (its chunk preloads on pointer or focus). */
export function RowLink({ href, children }: { readonly href: string; readonly children: ReactNode }) {
  const navigate = use(RowNavigate);
  const intent = () => preloadPageOf(href);
  if (navigate === undefined) {
    return (
      <UiLink href={href} onPointerEnter={intent} onFocus={intent} className={rowLinkClasses}>
        {children}
      </UiLink>
    );
  }
  return (
    <a
      href={href}
      onPointerEnter={intent}
      onFocus={intent}
      onClick={(event) => {
        // As the router's link: a modified or non-primary click keeps the browser's behaviour.
        if (
          event.ctrlKey ||
          event.metaKey ||
          event.altKey ||
          event.shiftKey ||
          event.button !== 0 ||
          event.defaultPrevented
        )
          return;
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

/** A key or id in a cell. */
export function codeCell(value: string): ReactNode {
  return <code className="text-xs">{value}</code>;
}

/** A long text (an address, a URL) that may break anywhere. */
export function breakCell(value: string): ReactNode {
  return <span className="break-all">{value}</span>;
}

type RowOf<K extends EntityKind> = Awaited<ReturnType<AdminApi[K]['list']>>['items'][number];

/** The fields of a kind that have a translated label (`{kind}.fields.{field}`): a column's key and header. */
type FieldOf<K extends EntityKind> = AdminKey extends infer A
  ? A extends `${K}.fields.${infer F}`
    ? F
    : never
  : never;

interface ListColumn<K extends EntityKind> {
  readonly field: FieldOf<K>;
  readonly sortable?: boolean;
  readonly align?: 'end';
  /** The cell (stateless, no hook); the first column's is the link to the row's detail page. */
  readonly cell: (row: RowOf<K>) => ReactNode;
}

/** A global list page as data: its kind, a row's name (bulk delete) and its columns. */
export interface EntityList<K extends EntityKind, X> {
  readonly kind: K;
  readonly nameOf: (row: RowOf<K>) => string;
  /** Built once per language and `extra` (what the page's own hooks gave, e.g. labels of linked ids). */
  readonly columns: (t: AdminT, extra: X) => readonly ListColumn<K>[];
  /** Users are created by signing in, not here. */
  readonly creatable?: boolean;
}

interface ListApi<Row> {
  list: (params: ListParams) => Promise<AdminPage<Row>>;
  removeMany: (ids: readonly string[]) => Promise<number>;
  exportUrl: (params: ExportParams) => string;
}

type ExtraProps<X> = undefined extends X ? { readonly extra?: X } : { readonly extra: X };

/** A global list page: the frame, then the kind's list with its first page from the route, export, bulk delete and row links. */
export function EntityListPage<K extends EntityKind, X = undefined>({
  list,
  extra,
}: { readonly list: EntityList<K, X> } & ExtraProps<X>) {
  const t = useAdminT();
  const { api } = useAdmin();
  const { kind } = list;
  const entity = api[kind] as unknown as ListApi<RowOf<K> & { readonly id: string }>;
  const bulk = useBulkDelete(kind, list.nameOf, entity.removeMany);
  const columns = useMemo(
    () =>
      list.columns(t, extra as X).map((column, index): DataTableColumn<RowOf<K> & { readonly id: string }> => ({
        key: column.field,
        header: t(`${kind}.fields.${column.field}` as AdminKey),
        ...(column.sortable === true ? { sortable: true } : {}),
        ...(column.align === undefined ? {} : { align: column.align }),
        render:
          index === 0
            ? (row) => <RowLink href={adminLinks.detail(kind, row.id)}>{column.cell(row)}</RowLink>
            : column.cell,
      })),
    [t, extra, list, kind],
  );
  const title = t(`${kind}.title` as AdminKey);
  return (
    <ListPage kind={kind} title={title} subTitle={t(`${kind}.subTitle` as AdminKey)} creatable={list.creatable ?? true}>
      <ListView<RowOf<K> & { readonly id: string }>
        caption={title}
        load={entity.list}
        rowKey={(row) => row.id}
        listId={kind}
        exportHref={entity.exportUrl}
        defaultSort={listRoutes[kind].defaultSort}
        columns={columns}
        {...(bulk === undefined ? {} : { bulk })}
      />
    </ListPage>
  );
}

/** A list spec, its kind inferred (the rows typed by it). */
export const entityList = <K extends EntityKind, X = undefined>(list: EntityList<K, X>): EntityList<K, X> => list;
