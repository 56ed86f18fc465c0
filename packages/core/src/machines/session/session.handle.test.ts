import { describe, expect, it, vi } from 'vitest';
import { createSessionHandle } from './session.handle.ts';
import type { SessionEngine, SessionHandle } from './session.handle.ts';
import { startSessionEngine } from './session.machine.ts';
import { signInWith } from './session.test-helpers.ts';
import type { LoadedSession } from './session.types.ts';
import { createDeferred, createTestPorts, flushPromises, testAuthConfig } from '../../testing/index.ts';
import type { TestPorts } from '../../testing/index.ts';
import { refreshLeadMs } from '../../domain/constants.ts';

/** A handle whose machine is the real one, loaded when the handle asks (counted). */
function handleWith(ports: TestPorts) {
  const started: (LoadedSession | undefined)[] = [];
  const handle = createSessionHandle(ports, {
    startEngine: (restored) => {
      started.push(restored);
      return startSessionEngine(ports, testAuthConfig, restored);
    },
  });
  return { handle, started };
}

const settled = (handle: SessionHandle) => new Promise<void>((resolve) => {
  if (handle.view().status !== 'loading') resolve();
  const stop = handle.subscribe(() => {
    if (handle.view().status === 'loading') return;
    stop();
    resolve();
  });
});

describe('session handle: before the machine runs', () => {
  it('no stored session → signed out, no token, and the machine is not loaded', async () => {
    const ports = createTestPorts();
    const { handle, started } = handleWith(ports);
    expect(handle.view()).toEqual({ status: 'loading', isSignedIn: false, initials: '' });
    await settled(handle);
    expect(handle.view()).toEqual({ status: 'signedOut', isSignedIn: false, initials: '' });
    expect(await handle.getAccessToken()).toBeUndefined();
    expect(started).toHaveLength(0);
  });

  it('a stored session → signed in with its user, and its access token without the machine', async () => {
    const ports = createTestPorts();
    const { session } = await signInWith(ports);
    const { handle, started } = handleWith(ports);
    await settled(handle);
    expect(handle.view()).toMatchObject({ status: 'signedIn', isSignedIn: true, initials: 'DD', user: { fullName: 'Dana Dealer' } });
    expect(await handle.getAccessToken()).toBe(session.accessToken);
    expect(started).toHaveLength(0);
    expect(ports.identityProvider.calls.refresh).toHaveLength(0);
  });

  it('a broken or unreadable stored session counts as none', async () => {
    const ports = createTestPorts();
    ports.sessionStore.read = async () => { throw new Error('cookies blocked'); };
    const { handle } = handleWith(ports);
    await settled(handle);
    expect(handle.view().status).toBe('signedOut');
  });

  it('a stored session that is due → refreshing with its user, and the machine refreshes it at once', async () => {
    const ports = createTestPorts();
    const { session } = await signInWith(ports);
    ports.clock.advance(3600_000);
    const { handle, started } = handleWith(ports);
    await settled(handle);
    expect(handle.view()).toMatchObject({ status: 'refreshing', isSignedIn: true, user: { fullName: 'Dana Dealer' } });
    const token = await handle.getAccessToken();
    expect(token).not.toBe(session.accessToken);
    expect(started).toHaveLength(1);
    expect(ports.identityProvider.calls.refresh).toHaveLength(1);
    expect(handle.view().status).toBe('signedIn');
  });
});

describe('session handle: the machine takes over', () => {
  it('start(): the view stays the same object (no re-render, no "loading" flash), then follows the machine', async () => {
    const ports = createTestPorts();
    const { session } = await signInWith(ports);
    const { handle, started } = handleWith(ports);
    await settled(handle);
    const before = handle.view();
    const seen: string[] = [];
    handle.subscribe(() => seen.push(handle.view().status));
    await handle.start();
    await handle.start();
    expect(started).toEqual([{ session, user: before.user }]);
    expect(handle.view()).toBe(before);
    expect(seen).toEqual([]);
    // The machine's refresh timer now runs.
    ports.clock.advance(3600_000 - refreshLeadMs);
    expect(seen).toEqual(['refreshing']);
    await vi.waitFor(() => expect(handle.view().status).toBe('signedIn'));
    expect(await handle.getAccessToken()).not.toBe(session.accessToken);
  });

  it('an event starts the machine and reaches it (sign-in on the callback, then sign-out)', async () => {
    const ports = createTestPorts();
    const { handle } = handleWith(ports);
    await settled(handle);
    const loaded = await signInWith(ports);
    handle.send({ type: 'SIGNED_IN', session: loaded.session, user: loaded.user });
    await vi.waitFor(() => expect(handle.view().status).toBe('signedIn'));
    expect(await handle.getAccessToken()).toBe(loaded.session.accessToken);
    handle.send({ type: 'SIGN_OUT' });
    await vi.waitFor(() => expect(handle.view().status).toBe('signedOut'));
    expect(ports.navigator.log.at(-1)?.kind).toBe('redirect');
    expect(await handle.getAccessToken()).toBeUndefined();
    expect(await ports.sessionStore.read()).toBeUndefined();
  });

  it('a 401 starts the machine: one refresh for all callers', async () => {
    const ports = createTestPorts();
    const { session } = await signInWith(ports);
    const { handle, started } = handleWith(ports);
    await settled(handle);
    const tokens = await Promise.all([handle.refreshAfterUnauthorized(session.accessToken), handle.refreshAfterUnauthorized(session.accessToken)]);
    expect(started).toHaveLength(1);
    expect(ports.identityProvider.calls.refresh).toHaveLength(1);
    expect(tokens[0]).toBe(tokens[1]);
    expect(tokens[0]).not.toBe(session.accessToken);
  });

  it('events sent while the machine loads arrive in order', async () => {
    const ports = createTestPorts();
    const loaded = await signInWith(ports);
    const gate = createDeferred<void>();
    const received: string[] = [];
    const engine: SessionEngine = { view: () => ({ status: 'signedOut', isSignedIn: false, initials: '' }), subscribe: () => () => undefined, send: (event) => received.push(event.type), tokens: { getAccessToken: async () => undefined, refreshAfterUnauthorized: async () => undefined } };
    const handle = createSessionHandle(ports, { startEngine: async () => { await gate.promise; return engine; } });
    handle.send({ type: 'SIGNED_IN', session: loaded.session, user: loaded.user });
    handle.send({ type: 'SIGN_OUT' });
    await flushPromises();
    expect(received).toEqual([]);
    gate.resolve();
    await vi.waitFor(() => expect(received).toEqual(['SIGNED_IN', 'SIGN_OUT']));
  });

  it('the machine fails to load: the error is reported, and the next need tries again', async () => {
    const ports = createTestPorts();
    await signInWith(ports);
    const errors: unknown[] = [];
    let attempts = 0;
    const handle = createSessionHandle(ports, {
      startEngine: (restored) => {
        attempts += 1;
        return attempts === 1 ? Promise.reject(new Error('chunk failed')) : startSessionEngine(ports, testAuthConfig, restored);
      },
      onError: (error) => errors.push(error),
    });
    handle.send({ type: 'SIGN_OUT' });
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(handle.view().status).toBe('signedIn');
    await handle.start();
    handle.send({ type: 'SIGN_OUT' });
    await vi.waitFor(() => expect(handle.view().status).toBe('signedOut'));
    expect(attempts).toBe(2);
  });

  it('unsubscribed listeners are not called', async () => {
    const ports = createTestPorts();
    const { handle } = handleWith(ports);
    const listener = vi.fn();
    handle.subscribe(listener)();
    await settled(handle);
    expect(listener).not.toHaveBeenCalled();
  });
});
