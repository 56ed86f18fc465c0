// The round trip through the provider, run as the portal server runs it: one machine per
// request, its output the answer.
import { describe, expect, it } from 'vitest';
import { runAuthFlow } from './auth-flow.machine.ts';
import { createTestPorts, queryOf, testAuthConfig } from '../../testing/index.ts';
import type { TestPorts } from '../../testing/index.ts';
import type { AuthConfig } from '../../domain/auth.ts';
import type { AuthFlowEvent, AuthFlowOutput } from './sign-in.types.ts';

import type { AuthFlowInput } from './sign-in.types.ts';

const signedOut: AuthFlowInput = { config: testAuthConfig, signedIn: false };
const signedIn: AuthFlowInput = { config: testAuthConfig, signedIn: true };

async function start(
  ports: TestPorts,
  event: Omit<Extract<AuthFlowEvent, { type: 'START' }>, 'type'>,
  input = signedOut,
) {
  const output = await runAuthFlow(ports, input, { type: 'START', ...event });
  if (output.status !== 'redirect') throw new Error(`no redirect: ${JSON.stringify(output)}`);
  return { url: output.url, query: queryOf(output.url), state: queryOf(output.url).state ?? '' };
}

const callback = (ports: TestPorts, url: string, input = signedOut): Promise<AuthFlowOutput> =>
  runAuthFlow(ports, input, { type: 'CALLBACK', url });

describe('the round trip through the provider', () => {
  it('a sign-in starts with state, PKCE S256, a nonce and the language, and keeps the referrer in the record', async () => {
    const ports = createTestPorts();
    const { query, state } = await start(
      ports,
      { flow: 'signIn', returnPath: '/settings' },
      {
        ...signedOut,
        language: 'fr',
      },
    );
    expect(state).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(query).toMatchObject({
      client_id: 'hk-portal',
      redirect_uri: 'http://localhost:5173/auth/login',
      response_type: 'code',
      code_challenge_method: 'S256',
      ui_locales: 'fr',
    });
    expect(query.prompt).toBeUndefined();
    expect(ports.identityProvider.calls.authorize[0]?.policy).toBe('b2c_1a_signin');
    const output = await callback(ports, ports.identityProvider.callbackUrlFor(state));
    // The user is named by the userIds port (the fake's `<subject>@<issuer>`), as the API names them.
    expect(output).toMatchObject({
      status: 'signedIn',
      returnPath: '/settings',
      user: { id: `user-1@${ports.identityProvider.issuer}`, issuer: ports.identityProvider.issuer },
    });
    if (output.status !== 'signedIn') return;
    expect(output.session.policy).toBe('b2c_1a_signin');
    // The record is used once: the same answer again finds none.
    expect(await callback(ports, ports.identityProvider.callbackUrlFor(state))).toEqual({
      status: 'failed',
      error: { kind: 'auth', status: 500, code: 'auth.missingTemporaryCookie' },
    });
  });

  it('a claims refresh runs at the refresh policy, returns to /flows/auth-refresh with its refresh data, the wait bounded', async () => {
    const ports = createTestPorts();
    const { query, state } = await start(
      ports,
      {
        flow: 'claimsRefresh',
        returnPath: '/flows/auth?client_id=shop',
        refresh: { redirectUri: 'http://localhost:4002/', sleep: 60_000 },
      },
      signedIn,
    );
    expect(query.redirect_uri).toBe('http://localhost:5173/flows/auth-refresh');
    expect(ports.identityProvider.calls.authorize[0]?.policy).toBe('b2c_1a_refresh');
    const output = await callback(ports, ports.identityProvider.callbackUrlFor(state), signedIn);
    expect(output).toMatchObject({
      status: 'refreshed',
      refresh: { redirectUri: 'http://localhost:4002/', sleep: 5_000 },
      returnPath: '/flows/auth?client_id=shop',
    });
    if (output.status === 'refreshed') expect(output.session.policy).toBe('b2c_1a_refresh');
  });

  it('without a refresh policy the claims refresh asks the sign-in policy again silently (prompt=none)', async () => {
    const ports = createTestPorts();
    const config: AuthConfig = {
      ...testAuthConfig,
      policies: { signIn: 'default', refresh: 'default' },
      refreshPrompt: 'none',
    };
    const { query } = await start(
      ports,
      { flow: 'claimsRefresh', refresh: { redirectUri: '/', sleep: 0 } },
      { config, signedIn: true },
    );
    expect(query.prompt).toBe('none');
    expect(ports.identityProvider.calls.authorize[0]?.policy).toBe('default');
    const { query: signInQuery } = await start(ports, { flow: 'signIn' }, { config, signedIn: false });
    expect(signInQuery.prompt).toBeUndefined();
  });

  it('refresh data that leaves the portal for anything but an http(s) URL goes home instead', async () => {
    const ports = createTestPorts();
    const { state } = await start(
      ports,
      { flow: 'claimsRefresh', refresh: { redirectUri: 'javascript:alert(1)', sleep: -5 } },
      signedIn,
    );
    expect(await callback(ports, ports.identityProvider.callbackUrlFor(state), signedIn)).toMatchObject({
      status: 'refreshed',
      refresh: { redirectUri: '/', sleep: 0 },
    });
  });

  it('an e-mail or password change comes back as changed (its tokens are not kept); without a policy it cannot start', async () => {
    const ports = createTestPorts();
    const { state } = await start(ports, { flow: 'passwordChange', returnPath: '/settings/security' }, signedIn);
    expect(ports.identityProvider.calls.authorize[0]?.policy).toBe('b2c_1a_password_change');
    expect(await callback(ports, ports.identityProvider.callbackUrlFor(state), signedIn)).toEqual({
      status: 'changed',
      flow: 'passwordChange',
      returnPath: '/settings/security',
    });
    const config: AuthConfig = { ...testAuthConfig, policies: { signIn: 'default', refresh: 'default' } };
    expect(await runAuthFlow(ports, { config, signedIn: true }, { type: 'START', flow: 'emailChange' })).toEqual({
      status: 'failed',
      error: { kind: 'auth', status: 500, code: 'auth.flowUnavailable' },
    });
  });

  it('a cancel goes back where the user started, never into a loop', async () => {
    const cancel = async (flow: 'signIn' | 'claimsRefresh', returnPath: string, input: typeof signedOut) => {
      const ports = createTestPorts();
      const { state } = await start(ports, { flow, returnPath }, input);
      return callback(
        ports,
        ports.identityProvider.errorCallbackUrlFor(state, 'access_denied', 'AADB2C90091: cancelled'),
        input,
      );
    };
    expect(await cancel('signIn', '/settings', signedOut)).toEqual({ status: 'cancelled', redirectTo: '/settings' });
    expect(await cancel('signIn', '/settings', signedIn)).toEqual({ status: 'cancelled', redirectTo: '/settings' });
    // Signed out, the gate would start the sign-in again at once: the login page.
    expect(await cancel('signIn', '/flows/auth?client_id=shop', signedOut)).toEqual({
      status: 'cancelled',
      redirectTo: '/login?returnPath=%2Fflows%2Fauth%3Fclient_id%3Dshop',
    });
    // The gate would start the same claims refresh again: the launcher.
    expect(await cancel('claimsRefresh', '/flows/auth?client_id=shop', signedIn)).toEqual({
      status: 'cancelled',
      redirectTo: '/',
    });
    expect(await cancel('claimsRefresh', '/settings/applications', signedIn)).toEqual({
      status: 'cancelled',
      redirectTo: '/settings/applications',
    });
    // Never back into /auth/.
    expect(await cancel('signIn', '/auth/login', signedOut)).toEqual({ status: 'cancelled', redirectTo: '/' });
  });

  it('an expired provider page starts the sign-in again, once: the same answer to that sign-in is the error page', async () => {
    const expiredAnswer = (ports: TestPorts, state: string) =>
      ports.identityProvider.errorCallbackUrlFor(
        state,
        'access_denied',
        'AADB2C90208: The provided session has expired. Please start the flow again.',
      );
    const expiredAfter = async (
      event: Omit<Extract<AuthFlowEvent, { type: 'START' }>, 'type'>,
      input: AuthFlowInput = signedOut,
    ) => {
      const ports = createTestPorts();
      const { state } = await start(ports, event, input);
      return callback(ports, expiredAnswer(ports, state), input);
    };
    expect(await expiredAfter({ flow: 'signIn', returnPath: '/settings' })).toEqual({
      status: 'restart',
      returnPath: '/settings',
    });
    // A change page: back to where it started (signed in, the sign-in start goes straight there).
    expect(await expiredAfter({ flow: 'passwordChange', returnPath: '/settings/security' }, signedIn)).toEqual({
      status: 'restart',
      returnPath: '/settings/security',
    });
    // The gate's claims refresh: the launcher, not the gate (it would run the same refresh).
    expect(
      await expiredAfter(
        { flow: 'claimsRefresh', refresh: { redirectUri: '/', sleep: 0 }, returnPath: '/flows/auth?client_id=shop' },
        signedIn,
      ),
    ).toEqual({ status: 'restart', returnPath: '/' });
    // The sign-in that was started again meets an expired page again: the error, never a loop.
    expect(await expiredAfter({ flow: 'signIn', returnPath: '/settings', restarted: true })).toEqual({
      status: 'failed',
      error: {
        kind: 'auth',
        status: 500,
        code: 'auth.identityProvider',
        detail: 'AADB2C90208: The provided session has expired. Please start the flow again.',
      },
    });
  });

  it("a standard provider's errors and a wrong iss end in their own errors", async () => {
    const ports = createTestPorts();
    const { state } = await start(ports, { flow: 'claimsRefresh', refresh: { redirectUri: '/', sleep: 0 } }, signedIn);
    expect(
      await callback(ports, ports.identityProvider.errorCallbackUrlFor(state, 'login_required'), signedIn),
    ).toEqual({
      status: 'failed',
      error: { kind: 'auth', status: 500, code: 'auth.loginRequired' },
    });
    const again = await start(ports, { flow: 'signIn' });
    const wrongIss = ports.identityProvider
      .callbackUrlFor(again.state)
      .replace(/iss=[^&]*/, 'iss=https%3A%2F%2Fevil.example');
    expect(await callback(ports, wrongIss)).toEqual({
      status: 'failed',
      error: { kind: 'auth', status: 500, code: 'auth.issuerMismatch' },
    });
  });
});
