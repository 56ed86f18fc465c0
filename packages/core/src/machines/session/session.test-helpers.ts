// Test helper (not product code): a real sign-in against the fake provider.

import { createActor, toPromise } from 'xstate';
import { provideSignIn } from '../sign-in/sign-in.machine.ts';
import { queryOf, testAuthConfig } from '../../testing/fakes.ts';
import type { TestPorts } from '../../testing/fakes.ts';
import type { LoadedSession } from './session.types.ts';

export async function signInWith(ports: TestPorts): Promise<LoadedSession> {
  const starter = createActor(provideSignIn(ports), { input: { config: testAuthConfig } });
  starter.start();
  starter.send({ type: 'START' });
  const started = await toPromise(starter);
  const state = started.status === 'redirected' ? (queryOf(started.url).state ?? '') : '';
  const actor = createActor(provideSignIn(ports), { input: { config: testAuthConfig } });
  actor.start();
  actor.send({ type: 'CALLBACK', url: ports.identityProvider.callbackUrlFor(state) });
  const output = await toPromise(actor);
  if (output.status !== 'signedIn') throw new Error(`sign-in failed: ${JSON.stringify(output)}`);
  return { session: output.session, user: output.user };
}
