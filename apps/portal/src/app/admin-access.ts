// Admin center access (spec §6): a visible admin nav item, or at least one administered
// application (asked once per user, in the background).
import { useEffect, useState } from 'react';
import { canAccessAdminCenter, visibleAdminNavItems, type Application, type SignedInUser } from '@portal/core';
import { useServices } from './contexts.tsx';

const cache = new Map<string, Promise<readonly Application[]>>();

export function useAdminAccess(user: SignedInUser | undefined): boolean {
  const { api } = useServices();
  const byNav = user !== undefined && visibleAdminNavItems(user).length > 0;
  const [apps, setApps] = useState<readonly Application[]>([]);
  useEffect(() => {
    if (user === undefined || byNav) return undefined;
    let live = true;
    let pending = cache.get(user.id);
    if (pending === undefined) {
      pending = api.listAdministrableApplications().catch(() => []);
      cache.set(user.id, pending);
    }
    pending.then((list) => { if (live) setApps(list); }, () => undefined);
    return () => { live = false; };
  }, [api, user, byNav]);
  return byNav || canAccessAdminCenter(user, apps);
}
