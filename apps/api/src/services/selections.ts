// The pickers' lists of one application's grantable entries (roles, account-access groups):
// one page ordered by label, searched in label and key, with the total that matches. Used by
// the administrators' selections and by the user's access-request choices.
import { sql } from 'kysely';
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import type { components } from '@portal/contract';
import type { DB } from '../db/schema.ts';
import { pageAndTotal } from '../http/list.ts';

type Db = Kysely<DB> | Transaction<DB>;
type SelectionList = components['schemas']['SelectionList'];

export interface SelectionPage {
  /** The search text as a LIKE pattern (lower case), or undefined for all. */
  readonly like: string | undefined;
  readonly limit: number;
  readonly offset: number;
}

/** One page of `entries` ordered by label, searched in label and key, and the number that match. */
async function pageOf<D, T extends keyof D>(
  db: Db,
  entries: SelectQueryBuilder<D, T, SelectionList['items'][number]>,
  page: SelectionPage,
): Promise<SelectionList> {
  const base = db
    .selectFrom(entries.as('e'))
    .$if(page.like !== undefined, (q) => q.where(sql<string>`lower(e.label || ' ' || e.key)`, 'like', page.like ?? ''));
  const [items, total] = await pageAndTotal(
    base.select(['e.id', 'e.key', 'e.label']).orderBy('e.label').orderBy('e.id'),
    base,
    { pageSize: page.limit, offset: page.offset },
  );
  return { items, total };
}

/** Account-access groups linked to the application; `requestableOnly`: those a request may name (#19). */
export async function accountAccessSelection(
  db: Db,
  applicationId: string,
  page: SelectionPage,
  filter: { readonly requestableOnly?: boolean } = {},
): Promise<SelectionList> {
  return pageOf(
    db,
    db
      .selectFrom('application_account_accesses as aa')
      .innerJoin('account_accesses as x', 'x.id', 'aa.account_access_id')
      .where('aa.application_id', '=', applicationId)
      .$if(filter.requestableOnly === true, (q) => q.where('aa.requestable', '=', true))
      .select(['x.id', 'x.key', 'x.label']),
    page,
  );
}

/**
 * Roles linked to the application. `visibleOnly`: only those users may see (an access
 * request's choices); `permissionKeys`: only roles without a permission or with one of these
 * (an administrator without applications.write); neither: all linked roles.
 */
export async function roleSelection(
  db: Db,
  applicationId: string,
  page: SelectionPage,
  filter: { readonly visibleOnly?: boolean; readonly permissionKeys?: readonly string[] } = {},
): Promise<SelectionList> {
  const keys = filter.permissionKeys;
  return pageOf(
    db,
    db
      .selectFrom('application_roles as ar')
      .innerJoin('roles as r', 'r.id', 'ar.role_id')
      .leftJoin('permissions as p', 'p.id', 'ar.permission_id')
      .where('ar.application_id', '=', applicationId)
      .$if(filter.visibleOnly === true, (q) => q.where('ar.visible', '=', true))
      .$if(keys !== undefined, (q) =>
        q.where((eb) =>
          keys?.length
            ? eb.or([eb('ar.permission_id', 'is', null), eb('p.key', 'in', [...keys])])
            : eb('ar.permission_id', 'is', null),
        ),
      )
      .select(['r.id', 'r.key', 'r.label']),
    page,
  );
}
