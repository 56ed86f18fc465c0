// `GET /Admin/Applications`, wrapped once (#18.1): the applications the caller administers, as
// the contract's `AdminApplication` (core's `AdministrableApplication`). The shell's admin-center
// check reads every page (portal-api.ts), the console one page (admin-api.ts, which also checks
// the answer with the generated validator).

import type { Query, Schema } from '@portal/contract';
import type { ApiClient } from './client.ts';
import { unwrap } from './client.ts';

type AdministrableQuery = Readonly<Query<'listAdminApplications'>>;

/** One page (default: the first 100 rows); an empty search is not sent. */
export function administrableApplications(
  client: ApiClient,
  params: AdministrableQuery = {},
): Promise<Schema<'AdminApplicationList'>> {
  const search = params.search === undefined || params.search === '' ? {} : { search: params.search };
  return unwrap(
    client.GET('/Admin/Applications', {
      params: { query: { page: params.page ?? 1, pageSize: params.pageSize ?? 100, ...search } },
    }),
  );
}
