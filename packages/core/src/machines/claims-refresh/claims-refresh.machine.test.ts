import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { claimsRefreshMachine, provideClaimsRefresh } from './claims-refresh.machine.ts';
import { safeRefreshData } from '../sign-in/auth-flow.ts';
import { createTestPorts, flushPromises, queryOf, testAuthConfig } from '../../testing/index.ts';
import type { TestPorts } from '../../testing/index.ts';

function actorFor(ports: TestPorts, signedIn?: boolean) {
  const actor = createActor(provideClaimsRefresh(ports), {
    input: signedIn === undefined ? { config: testAuthConfig } : { config: testAuthConfig, signedIn },
    clock: ports.clock,
  });
  actor.start();
  return actor;
}

async function start(ports: TestPorts, redirectUri = 'http://localhost:4002/', sleep = 1500) {
  const actor = actorFor(ports);
  actor.send({ type: 'START', refresh: { redirectUri, sleep } });
  const output = await toPromise(actor);
  if (output.status !== 'redirected') throw new Error('no redirect');
  return queryOf(output.url);
}

describe('claims refresh', () => {
  it('runs against the refresh policy, returns to /flows/auth-refresh, keeps the refresh data in the record', async () => {
    const ports = createTestPorts();
    const query = await start(ports);
    expect(ports.identityProvider.calls.authorize[0]).toMatchObject({
      policy: 'b2c_1a_refresh',
      redirectUri: 'http://localhost:5173/flows/auth-refresh',
    });
    expect(query.redirect_uri).toBe('http://localhost:5173/flows/auth-refresh');
    const states = ports.authStateStore.states();
    expect(states).toEqual([query.state]);
  });

  it('after the exchange waits `sleep` ms, then leaves for redirectUri', async () => {
    const ports = createTestPorts();
    const { state } = await start(ports, 'http://localhost:4002/?from=portal', 1500);
    const url = ports.identityProvider.callbackUrlFor(state ?? '');
    const actor = actorFor(ports);
    actor.send({ type: 'CALLBACK', url });
    await flushPromises(50);
    expect(actor.getSnapshot().value).toBe('sleeping');
    expect(ports.identityProvider.calls.exchange[0]?.policy).toBe('b2c_1a_refresh');
    expect(ports.sessionStore.current()?.accessToken).toBeDefined();
    ports.clock.advance(1499);
    expect(actor.getSnapshot().value).toBe('sleeping');
    ports.clock.advance(1);
    expect(actor.getSnapshot().value).toBe('refreshed');
    expect(ports.navigator.log.at(-1)).toEqual({ kind: 'redirect', url: 'http://localhost:4002/?from=portal' });
    expect(await toPromise(actor)).toMatchObject({
      status: 'refreshed',
      redirectUri: 'http://localhost:4002/?from=portal',
    });
  });

  it('refuses unsafe redirect targets and bounds the wait', () => {
    expect(safeRefreshData({ redirectUri: 'javascript:alert(1)', sleep: 10 })).toEqual({ redirectUri: '/', sleep: 10 });
    expect(safeRefreshData({ redirectUri: '//evil.test', sleep: -5 })).toEqual({ redirectUri: '/', sleep: 0 });
    expect(safeRefreshData({ redirectUri: '/settings', sleep: 10_000_000 })).toEqual({
      redirectUri: '/settings',
      sleep: 60_000,
    });
    expect(safeRefreshData({ redirectUri: '/settings', sleep: Number.NaN })).toEqual({
      redirectUri: '/settings',
      sleep: 0,
    });
    expect(safeRefreshData(undefined)).toEqual({ redirectUri: '/', sleep: 0 });
  });

  it('cancel while signed in → the same page without the query', async () => {
    const ports = createTestPorts();
    const { state } = await start(ports);
    const actor = actorFor(ports);
    actor.send({
      type: 'CALLBACK',
      url: ports.identityProvider.errorCallbackUrlFor(state ?? '', 'access_denied', 'AADB2C90091: cancelled'),
    });
    expect(await toPromise(actor)).toEqual({ status: 'cancelled', redirectTo: '/flows/auth-refresh' });
  });

  it('cancel while signed out → the stored referrer', async () => {
    const ports = createTestPorts();
    const { state } = await start(ports);
    const actor = actorFor(ports, false);
    actor.send({
      type: 'CALLBACK',
      url: ports.identityProvider.errorCallbackUrlFor(state ?? '', 'access_denied', 'AADB2C90091: cancelled'),
    });
    expect(await toPromise(actor)).toEqual({ status: 'cancelled', redirectTo: '/' });
  });

  it('errors end in failed with their code', async () => {
    const ports = createTestPorts();
    const actor = actorFor(ports);
    actor.send({ type: 'CALLBACK', url: 'http://localhost:5173/flows/auth-refresh?code=c&state=AAAAAAAAAAAAAAAA' });
    expect(await toPromise(actor)).toEqual({
      status: 'failed',
      error: { kind: 'auth', status: 500, code: 'auth.missingTemporaryCookie' },
    });
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    const idle = actorFor(ports);
    expect(idle.getSnapshot().value).toBe('idle');
  });

  it('the unprovided machine refuses to run', async () => {
    const actor = createActor(claimsRefreshMachine, { input: { config: testAuthConfig } });
    actor.start();
    actor.send({ type: 'START', refresh: { redirectUri: '/', sleep: 0 } });
    expect(await toPromise(actor)).toMatchObject({ status: 'failed' });
  });
});
