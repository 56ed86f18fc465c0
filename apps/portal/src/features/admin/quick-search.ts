// The console's entities found by name for the quick launcher (#20.1): for an administrator,
// the applications they administer and, with each global read permission (core's rules, as
// the sidebar and the route table decide), users, roles, attributes and permissions — each
// through its list call's server-side `search`, a few per kind, linked to its detail page.
// Loaded with the quick launcher's dialog (app/quick-launcher.tsx), never in the first route.
import { createAdminApi, type AdminApi } from '@portal/adapters/admin';
import type { ApiClient } from '@portal/adapters';
import { adminPermissions, hasPermission, type AdminPermission, type SignedInUser } from '@portal/core';
import { adminLinks } from './lib/links.ts';

export type ConsoleEntityKind = 'application' | 'user' | 'role' | 'attribute' | 'permission';

/** One entity found: `href` is its console page. */
interface ConsoleHit {
  readonly kind: ConsoleEntityKind;
  readonly href: string;
  readonly label: string;
  readonly description?: string;
}

export interface ConsoleSearchResult {
  readonly hits: readonly ConsoleHit[];
  /** At least one kind's call failed (the others' hits are there). */
  readonly failed: boolean;
}

export type ConsoleSearch = (query: string) => Promise<ConsoleSearchResult>;

interface Source {
  /** The global read permission the kind needs; none: the administered applications (the API answers only those). */
  readonly permission?: AdminPermission;
  find(api: AdminApi, search: string): Promise<readonly Omit<ConsoleHit, 'kind'>[]>;
}

const page = (search: string, sort: string) => ({ page: 1, pageSize: 10, search, sort, order: 'asc' }) as const;
const described = (text: string | null | undefined) =>
  text === null || text === undefined || text === '' ? {} : { description: text };

type Listed = 'users' | 'roles' | 'attributes' | 'permissions';
type RowOf<K extends Listed> = Awaited<ReturnType<AdminApi[K]['list']>>['items'][number];

/** A global kind, found through its list call's search (sorted by `sort`), each hit to its detail page with its label and description. */
function listed<K extends Listed>(
  kind: K,
  permission: AdminPermission,
  sort: string,
  text: (row: RowOf<K>) => readonly [string, string | null | undefined],
): Source {
  return {
    permission,
    find: async (api, search) => {
      const list = api[kind].list as (
        params: ReturnType<typeof page>,
      ) => Promise<{ readonly items: readonly (RowOf<K> & { readonly id: string })[] }>;
      return (await list(page(search, sort))).items.map((row) => {
        const [label, description] = text(row);
        return { href: adminLinks.detail(kind, row.id), label, ...described(description) };
      });
    },
  };
}

/** In the order they are listed. */
const sources: Readonly<Record<ConsoleEntityKind, Source>> = {
  application: {
    find: async (api, search) =>
      (await api.listAdministrableApplications({ page: 1, pageSize: 10, search })).items.map((app) => ({
        href: adminLinks.application(app.id),
        label: app.label,
      })),
  },
  user: listed('users', adminPermissions.allUsersRead, 'fullName', (user) => [user.fullName, user.email]),
  role: listed('roles', adminPermissions.rolesRead, 'label', (role) => [role.label, role.key]),
  attribute: listed('attributes', adminPermissions.attributesRead, 'key', (attribute) => [
    attribute.label,
    attribute.key,
  ]),
  permission: listed('permissions', adminPermissions.permissionsRead, 'key', (permission) => [
    permission.key,
    permission.description,
  ]),
};

/** The kinds this administrator may search: the administered applications, and each global kind with its read permission. */
export function consoleSearchKinds(user: SignedInUser | undefined): readonly ConsoleEntityKind[] {
  if (user === undefined) return [];
  return (Object.keys(sources) as ConsoleEntityKind[]).filter((kind) => {
    const permission = sources[kind].permission;
    return permission === undefined || hasPermission(user, permission);
  });
}

/** Searches each kind at once; at most `perKind` hits of each, in the kinds' order; a failed call leaves the others. */
export async function searchConsole(
  api: AdminApi,
  kinds: readonly ConsoleEntityKind[],
  query: string,
  perKind = 3,
): Promise<ConsoleSearchResult> {
  const search = query.trim();
  if (search === '' || kinds.length === 0) return { hits: [], failed: false };
  const answers = await Promise.allSettled(kinds.map((kind) => sources[kind].find(api, search)));
  const hits = answers.flatMap((answer, index) =>
    answer.status === 'fulfilled'
      ? answer.value.slice(0, perKind).map((hit) => ({ kind: kinds[index] as ConsoleEntityKind, ...hit }))
      : [],
  );
  return { hits, failed: answers.some((answer) => answer.status === 'rejected') };
}

/** The search of this administrator over the portal's API client. */
export function createConsoleSearch(client: ApiClient, baseUrl: string, user: SignedInUser | undefined): ConsoleSearch {
  const api = createAdminApi(client, { baseUrl });
  const kinds = consoleSearchKinds(user);
  return (query) => searchConsole(api, kinds, query);
}
