// Typed links of the admin console (spec §2 routes).
const e = encodeURIComponent;

export type EntityKind = 'applications' | 'attributes' | 'permissions' | 'roles' | 'accountAccesses' | 'customFlows' | 'users';

const segments: Readonly<Record<EntityKind, string>> = {
  applications: 'applications',
  attributes: 'attributes',
  permissions: 'permissions',
  roles: 'roles',
  accountAccesses: 'account-accesses',
  customFlows: 'custom-flows',
  users: 'users',
};

/** The id of a detail route that creates a new entity. */
export const newId = 'new';

export const adminLinks = {
  overview: () => '/admin',
  list: (kind: EntityKind) => `/admin/${segments[kind]}`,
  detail: (kind: EntityKind, id: string) => `/admin/${segments[kind]}/${e(id)}`,
  create: (kind: EntityKind) => `/admin/${segments[kind]}/${newId}`,
  application: (application: string) => `/admin/${e(application)}`,
  applicationUsers: (application: string) => `/admin/${e(application)}/users`,
  applicationUser: (application: string, id: string) => `/admin/${e(application)}/users/${e(id)}`,
  accessRequests: (application: string) => `/admin/${e(application)}/access-requests`,
  accessRequest: (application: string, id: string) => `/admin/${e(application)}/access-requests/${e(id)}`,
} as const;

/** Route segments under /admin that are global pages, never an application id. */
export const globalSegments: readonly string[] = Object.values(segments);

/** The entity kind whose global list lives at `/admin/{segment}`. */
export function entityKindOfSegment(segment: string): EntityKind | undefined {
  return (Object.keys(segments) as EntityKind[]).find((kind) => segments[kind] === segment);
}

/** The application of a per-application path (`/admin/{application}/…`), if any. */
export function applicationOfPath(path: string): string | undefined {
  const match = /^\/admin\/([^/]+)/.exec(path);
  if (match === null) return undefined;
  const segment = decodeURIComponent(match[1] ?? '');
  return globalSegments.includes(segment) ? undefined : segment;
}

/**
 * Pages that need the width use the admin full-width variant (spec §2): the application
 * detail, with its tables of attributes, roles, groups and webhook deliveries.
 */
export function needsFullWidth(path: string): boolean {
  return /^\/admin\/applications\/[^/]+\/?$/.test(path);
}
