// The identity provider's portal links, in a module of their own: the admin console's
// application page imports them without pulling the OIDC code (oauth4webapi, jose) along.

import { directoryApplicationUrl } from '@portal/core';

/**
 * The identity provider's portal overview of an application (Azure portal, app
 * registrations; core's `directoryApplicationUrl`), optionally in a given tenant.
 */
export function providerPortalOverviewUrl(applicationId: string, tenant?: string): string {
  const url = directoryApplicationUrl(applicationId);
  return tenant === undefined || tenant === '' ? url : url.replace('/#view/', `/#@${encodeURIComponent(tenant)}/view/`);
}
