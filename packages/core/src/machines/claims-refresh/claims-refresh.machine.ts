// Claims refresh (spec §4): the sign-in's flow (auth-flow.machine.ts) against the refresh policy,
// returning to /flows/auth-refresh; after the store it waits `sleep` ms (refresh data) and leaves
// for `redirectUri` (typically the application the app access gate opened).

import { authFlowMachine, authFlowPorts, storingThen } from '../sign-in/auth-flow.machine.ts';
import type { AuthPorts } from '../sign-in/sign-in.actors.ts';

export const claimsRefreshMachine = authFlowMachine('claimsRefresh', {
  storing: storingThen('sleeping'),
  sleeping: {
    after: {
      refreshSleep: {
        target: 'refreshed',
        actions: { type: 'redirect', params: ({ context }) => ({ url: context.refresh.redirectUri }) },
      },
    },
  },
  refreshed: { type: 'final' },
});

/** The claims-refresh machine wired to ports. Create its actor with `{ clock: ports.clock }`. */
export function provideClaimsRefresh(ports: AuthPorts) {
  return claimsRefreshMachine.provide(authFlowPorts(ports));
}
