// The example of CONTEXT.md ("Driving a machine in isolation"), kept true by running it.
import { expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { provideSignIn } from './sign-in.machine.ts';
import { createTestPorts, queryOf, testAuthConfig } from '../../testing/index.ts';

it('drives the sign-in in isolation as CONTEXT.md shows', async () => {
  const ports = createTestPorts();
  const start = createActor(provideSignIn(ports), { input: { config: testAuthConfig } }).start();
  start.send({ type: 'START', returnPath: '/admin' });
  const started = await toPromise(start);
  const state = started.status === 'redirected' ? (queryOf(started.url).state ?? '') : '';
  const url = ports.identityProvider.callbackUrlFor(state);
  const callback = createActor(provideSignIn(ports), { input: { config: testAuthConfig } }).start();
  callback.send({ type: 'CALLBACK', url });
  expect(await toPromise(callback)).toMatchObject({ status: 'signedIn', returnPath: '/admin' });
});
