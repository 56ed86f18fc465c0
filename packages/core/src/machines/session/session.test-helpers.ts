// Test helper (not product code): a real sign-in against the fake provider, the session kept
// in the fake store (as the portal server keeps the sign-in's output).

import { runAuthFlow } from '../sign-in/auth-flow.machine.ts';
import { queryOf, testAuthConfig } from '../../testing/fakes.ts';
import type { TestPorts } from '../../testing/fakes.ts';
import type { LoadedSession } from './session.types.ts';

export async function signInWith(ports: TestPorts): Promise<LoadedSession> {
  const input = { config: testAuthConfig, signedIn: false };
  const started = await runAuthFlow(ports, input, { type: 'START', flow: 'signIn' });
  const state = started.status === 'redirect' ? (queryOf(started.url).state ?? '') : '';
  const output = await runAuthFlow(ports, input, {
    type: 'CALLBACK',
    url: ports.identityProvider.callbackUrlFor(state),
  });
  if (output.status !== 'signedIn') throw new Error(`sign-in failed: ${JSON.stringify(output)}`);
  await ports.sessionStore.write(output.session);
  return { session: output.session, user: output.user };
}
