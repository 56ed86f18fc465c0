// Typed links of the admin console (spec §2 routes), built from the console's route table.
import { adminHref, type AdminPageKey } from '../routes.ts';

export type EntityKind =
  'applications' | 'attributes' | 'permissions' | 'roles' | 'accountAccesses' | 'customFlows' | 'users';

/** The detail page of each entity kind (its list page has the kind's name). */
const detailPage = {
  applications: 'application',
  attributes: 'attribute',
  permissions: 'permission',
  roles: 'role',
  accountAccesses: 'accountAccess',
  customFlows: 'customFlow',
  users: 'user',
} as const satisfies Record<EntityKind, AdminPageKey>;

/** The id of a detail route that creates a new entity. */
export const newId = 'new';

export const adminLinks = {
  overview: () => adminHref('overview', {}),
  list: (kind: EntityKind) => adminHref(kind, {}),
  detail: (kind: EntityKind, id: string) => adminHref(detailPage[kind], { id }),
  create: (kind: EntityKind) => adminHref(detailPage[kind], { id: newId }),
  application: (application: string) => adminHref('appStart', { application }),
  applicationUsers: (application: string) => adminHref('appUsers', { application }),
  applicationUser: (application: string, id: string) => adminHref('appUser', { application, id }),
  applicationUsersImport: (application: string) => adminHref('appUsersImport', { application }),
  accessRequests: (application: string) => adminHref('accessRequests', { application }),
  accessRequest: (application: string, id: string) => adminHref('accessRequest', { application, id }),
} as const;
