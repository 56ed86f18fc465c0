// E-mail and password change run at the provider's own policies (spec §1), started by the
// portal server (issue #15): it keeps which policy a state belongs to, discards that policy's
// tokens on the return and signs in again silently at the sign-in policy (the provider's
// session is alive), so refresh tokens always belong to the sign-in policy.
import { buildQuery } from '@portal/core';
import type { Services } from '../../composition-root.ts';
import { links } from '../../routes.ts';

/** Leave for the provider's e-mail or password change; come back to `returnPath`. */
export function startPolicyChange(services: Services, which: 'email' | 'password', returnPath: string): void {
  services.ports.navigator.redirect(
    `${links.authLogin()}?${buildQuery([
      ['policy', which],
      ['returnPath', returnPath],
    ])}`,
  );
}
