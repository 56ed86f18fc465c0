// The first request of each list page, declared without the page's code: the route asks for
// it while the page chunk loads (performance.md: fetch a route's data in parallel with its
// code), into the one query cache (`app/server-data.ts`), where the list view finds it instead
// of asking again.
import type { AdminApi, AdminPage, ListParams, MailStatus, SortOrder } from '@portal/adapters/admin';
import type { AccessRequestStatus } from '@portal/core';
import { hashKey } from '@tanstack/react-query';
import { prefetchServerData, queryClient, type QueryKey } from '../../../app/server-data.ts';
import { initialList, listParams } from './list.ts';

/** Every status of the contract's `AccessRequestStatus`, or 'ALL' (no filter). */
export type AccessRequestStatusFilter = AccessRequestStatus | 'ALL';

/** The access requests of one application, by status ('ALL': no filter). */
export function loadAccessRequests(api: AdminApi, application: string, status: AccessRequestStatusFilter) {
  return (params: ListParams) =>
    api.listAccessRequests(application, { ...params, ...(status === 'ALL' ? {} : { status }) });
}

/** The mails' states (the contract's `MailStatus`), or 'ALL' (no filter). */
export type MailStatusFilter = MailStatus | 'ALL';
export const mailStatusFilters = ['ALL', 'PENDING', 'SENT', 'FAILED'] as const satisfies readonly MailStatusFilter[];

/** The API's mails (#29), newest first, by state ('ALL': no filter). */
export function loadMails(api: AdminApi, status: MailStatusFilter) {
  return ({ page, pageSize }: ListParams) => api.listMails({ page, pageSize, ...(status === 'ALL' ? {} : { status }) });
}

export interface ListRoute {
  readonly defaultSort: string;
  readonly defaultOrder?: SortOrder;
  /** The list view's `scope` on this route. */
  scope: (application: string) => string;
  /** The list call as the page makes it first. */
  load: (api: AdminApi, application: string) => (params: ListParams) => Promise<AdminPage<unknown>>;
}

const global = (
  defaultSort: string,
  load: (api: AdminApi) => (params: ListParams) => Promise<AdminPage<unknown>>,
): ListRoute => ({ defaultSort, scope: () => '', load: (api) => load(api) });

/** How each list page of the route table (`firstPage`, same key) asks for its first page. */
export const listRoutes = {
  users: global('fullName', (api) => api.users.list),
  applications: global('label', (api) => api.applications.list),
  attributes: global('key', (api) => api.attributes.list),
  permissions: global('key', (api) => api.permissions.list),
  roles: global('label', (api) => api.roles.list),
  accountAccesses: global('label', (api) => api.accountAccesses.list),
  customFlows: global('label', (api) => api.customFlows.list),
  appUsers: {
    defaultSort: 'fullName',
    scope: (application) => application,
    load: (api, application) => (params) => api.listApplicationUsers(application, params),
  },
  mails: {
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    scope: () => 'ALL',
    load: (api) => loadMails(api, 'ALL'),
  },
  accessRequests: {
    defaultSort: 'requestedAt',
    defaultOrder: 'desc',
    scope: (application) => `${application}|OPEN`,
    load: (api, application) => loadAccessRequests(api, application, 'OPEN'),
  },
} as const satisfies Record<string, ListRoute>;

/** Where a list's pages are kept in the one query cache (`app/server-data.ts`). */
export const listQueryRoot = ['admin', 'list'] as const;

/** The key of one page of a list (`list`: its key in `listRoutes`, or the list view's own id). */
export function listQueryKey(list: string, scope: string, reloadKey: number, params: ListParams): QueryKey {
  return [...listQueryRoot, list, scope, reloadKey, params];
}

/** The first page of the list page `list` (its key in the route table): its key and its call. */
function firstPageOf(list: string, route: ListRoute, api: AdminApi, application: string) {
  const params = listParams(initialList(route.defaultSort, route.defaultOrder));
  return {
    key: listQueryKey(list, route.scope(application), 0, params),
    load: () => route.load(api, application)(params),
  };
}

/** The list page `list` is about to be shown (a click on its link): ask for its first page now, unless it is kept or under way. */
export function startFirstPage(list: string, route: ListRoute, api: AdminApi, application = ''): void {
  const first = firstPageOf(list, route, api, application);
  prefetchServerData(first.key, first.load);
}

/**
 * A console route is shown: the lists kept from earlier pages are out of date (a page shows
 * what the server has now, as it did before there was a cache); the route's own first page,
 * asked for by the click that led here, is kept and, if not asked for yet, asked for now.
 */
export function enterListRoute(first?: {
  readonly list: string;
  readonly route: ListRoute;
  readonly api: AdminApi;
  readonly application?: string;
}): void {
  const page =
    first === undefined ? undefined : firstPageOf(first.list, first.route, first.api, first.application ?? '');
  const keep = page === undefined ? undefined : hashKey(page.key);
  void queryClient.invalidateQueries({
    queryKey: listQueryRoot,
    refetchType: 'none',
    predicate: (query) => query.queryHash !== keep,
  });
  if (page !== undefined) prefetchServerData(page.key, page.load);
}
