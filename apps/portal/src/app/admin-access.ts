// Admin center access (spec §6): a visible admin nav item, or at least one administered
// application. The nav items come from the token's permissions (known at once); the
// administered applications are not in the token's claims (hkData has attributes,
// permissions and internal only), so they are asked once per user, in the background and
// only after the first route is ready: the call must not compete with the first view. The
// answer is kept in the one query cache (`administered.ts`, loaded then, ADR 0015).
import { useEffect, useState } from 'react';
import {
  canAccessAdminCenter,
  visibleAdminNavItems,
  type AdministrableApplication,
  type SignedInUser,
} from '@portal/core';
import { useServices } from './contexts.tsx';
import { firstRoute, type ReadySignal } from './ready.ts';

export function useAdminAccess(user: SignedInUser | undefined, ready: ReadySignal = firstRoute): boolean {
  const { api } = useServices();
  const byNav = user !== undefined && visibleAdminNavItems(user).length > 0;
  const [apps, setApps] = useState<
    { readonly userId: string; readonly list: readonly AdministrableApplication[] } | undefined
  >();
  useEffect(() => {
    if (user === undefined || byNav) return undefined;
    let live = true;
    ready.whenReady(() => {
      if (!live) return;
      import('./administered.ts')
        .then(({ administeredBy }) => administeredBy(api, user.id))
        .then(
          (list) => {
            if (live) setApps({ userId: user.id, list });
          },
          () => undefined,
        );
    });
    return () => {
      live = false;
    };
  }, [api, user, byNav, ready]);
  return byNav || canAccessAdminCenter(user, apps !== undefined && apps.userId === user?.id ? apps.list : []);
}
