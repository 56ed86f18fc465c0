// The first request of each list page, declared without the page's code: the route asks for
// it while the page chunk loads (performance.md: fetch a route's data in parallel with its
// code), and the list view takes that request over instead of asking again. One slot: only
// the request of the route being shown is kept.
import type { AdminApi, AdminPage, ListParams, SortOrder } from '@portal/adapters/admin';
import { initialList, listParams } from './list.ts';

export type AccessRequestStatusFilter = 'OPEN' | 'ACCEPTED' | 'DENIED' | 'ALL';

/** The access requests of one application, by status ('ALL': no filter). */
export function loadAccessRequests(api: AdminApi, application: string, status: AccessRequestStatusFilter) {
  return (params: ListParams) => api.listAccessRequests(application, { ...params, ...(status === 'ALL' ? {} : { status }) });
}

export interface ListRoute {
  readonly defaultSort: string;
  readonly defaultOrder?: SortOrder;
  /** The list view's `scope` on this route. */
  scope(application: string): string;
  /** The list call as the page makes it first. */
  load(api: AdminApi, application: string): (params: ListParams) => Promise<AdminPage<unknown>>;
}

const global = (defaultSort: string, load: (api: AdminApi) => (params: ListParams) => Promise<AdminPage<unknown>>): ListRoute =>
  ({ defaultSort, scope: () => '', load: (api) => load(api) });

/** How each list page of the route table (`firstPage`, same key) asks for its first page. */
export const listRoutes = {
  users: global('fullName', (api) => api.users.list),
  applications: global('label', (api) => api.applications.list),
  attributes: global('key', (api) => api.attributes.list),
  permissions: global('key', (api) => api.permissions.list),
  roles: global('label', (api) => api.roles.list),
  accountAccesses: global('label', (api) => api.accountAccesses.list),
  customFlows: global('label', (api) => api.customFlows.list),
  appUsers: { defaultSort: 'fullName', scope: (application) => application, load: (api, application) => (params) => api.listApplicationUsers(application, params) },
  accessRequests: {
    defaultSort: 'requestedAt',
    defaultOrder: 'desc',
    scope: (application) => `${application}|OPEN`,
    load: (api, application) => loadAccessRequests(api, application, 'OPEN'),
  },
} as const satisfies Record<string, ListRoute>;

/** The key under which a list view finds a request started for it. */
export function listRequestKey(list: string, scope: string, reloadKey: number, params: ListParams): string {
  return `${list}|${scope}|${reloadKey}|${JSON.stringify(params)}`;
}

let ahead: { readonly key: string; readonly request: Promise<unknown> } | undefined;

/** The list page `list` (its key in the route table) is being shown: ask for its first page now (once per key). */
export function startFirstPage(list: string, route: ListRoute, api: AdminApi, application = ''): void {
  const params = listParams(initialList(route.defaultSort, route.defaultOrder));
  const key = listRequestKey(list, route.scope(application), 0, params);
  if (ahead?.key === key) return;
  const request = route.load(api, application)(params);
  request.catch(() => undefined); // the list view that takes it shows the failure
  ahead = { key, request };
}

/** A route without a list: drop a request nobody took. */
export function forgetFirstPage(): void {
  ahead = undefined;
}

/** The request started for this key, once (then it is gone). */
export function takeFirstPage(key: string): Promise<unknown> | undefined {
  if (ahead?.key !== key) return undefined;
  const { request } = ahead;
  ahead = undefined;
  return request;
}
