// Permission rules of spec §2 and §6 that only pages ask (the console's, the settings', the
// catalogue's), as pure functions (conventions, habit 8). Apart from the shell's rules in
// `permissions.ts`, so the portal's first route does not carry them (ADR 0007).

import type { Application, ApplicationId, ApplicationPermissions } from '../domain/entities.ts';
import type { SignedInUser } from '../domain/user.ts';
import type { AdminPermission } from './permissions.ts';

/** The global read permissions by name, each of which opens a page of the console. */
export const adminPermissions = {
  allUsersRead: 'all_users.read',
  applicationsRead: 'applications.read',
  attributesRead: 'attributes.read',
  permissionsRead: 'permissions.read',
  rolesRead: 'roles.read',
  accountAccessesRead: 'accountaccesses.read',
  customFlowsRead: 'customflows.read',
} as const satisfies Readonly<Record<string, AdminPermission>>;

/** `/admin/{application}`: allowed only for an application in the user's administrable list (else 403). */
export function canAdministerApplication(
  user: SignedInUser | undefined,
  administrableApplications: readonly Pick<Application, 'id'>[],
  applicationId: ApplicationId,
): boolean {
  return user !== undefined && administrableApplications.some((app) => app.id === applicationId);
}

/** The page status of `/admin/{application}`: 200 when allowed, 401 signed out, 403 otherwise. */
export function adminApplicationStatus(
  user: SignedInUser | undefined,
  administrableApplications: readonly Pick<Application, 'id'>[],
  applicationId: ApplicationId,
): 200 | 401 | 403 {
  if (user === undefined) return 401;
  return canAdministerApplication(user, administrableApplications, applicationId) ? 200 : 403;
}

/** The access-requests menu appears only with the application's manageAccessRequests permission. */
export function canManageAccessRequests(
  application: { readonly permissions?: ApplicationPermissions } | undefined,
): boolean {
  return application?.permissions?.manageAccessRequests === true;
}

/** Internal accounts cannot change their e-mail address. */
export function canChangeEmail(user: SignedInUser | undefined): boolean {
  return user !== undefined && !user.hkData.internal;
}

/** Internal accounts cannot change their password. */
export function canChangePassword(user: SignedInUser | undefined): boolean {
  return user !== undefined && !user.hkData.internal;
}

/** Internal applications cannot be requested. */
export function canRequestAccess(application: Pick<Application, 'internal'>): boolean {
  return !application.internal;
}
