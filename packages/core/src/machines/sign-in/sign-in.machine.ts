// Sign-in (spec §4, architecture §5): start → redirect to the provider; callback → take the
// record → judge the response → strip the address → exchange → store → signed in, back to the
// stored referrer. Every state but the store and the end is the claims refresh's too
// (auth-flow.machine.ts). Every error of spec §8 ends in the final state `failed` with its
// PortalError; the AADB2C90091 cancel ends in `cancelled` with where to go.

import { assign } from 'xstate';
import type { AuthStateData } from '../../domain/auth.ts';
import { safeReturnPath } from '../../domain/return-path.ts';
import { authFlowMachine, authFlowPorts, storingThen } from './auth-flow.machine.ts';
import type { AuthPorts } from './sign-in.actors.ts';

export const signInMachine = authFlowMachine('signIn', {
  storing: storingThen('signedIn'),
  signedIn: {
    type: 'final',
    entry: assign({
      returnPath: ({ context }) => safeReturnPath((context.record as AuthStateData).extraData.referrer),
    }),
  },
});

/** The sign-in machine wired to ports. */
export function provideSignIn(ports: AuthPorts) {
  return signInMachine.provide(authFlowPorts(ports));
}
