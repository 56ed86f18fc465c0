import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { provideSignIn } from './sign-in.machine.ts';
import { isAuthCallback, strippedCallbackUrl } from './sign-in.actors.ts';
import { createTestPorts, queryOf, testAuthConfig } from '../../testing/index.ts';
import type { TestPorts } from '../../testing/index.ts';
import { errorPage, IdentityProviderError } from '../../errors/errors.ts';
import { pkceChallenge } from '../../domain/random.ts';

function run(
  ports: TestPorts,
  event: { type: 'START'; returnPath?: string } | { type: 'CALLBACK'; url: string },
  signedIn = false,
) {
  const actor = createActor(provideSignIn(ports), { input: { config: testAuthConfig, signedIn } });
  actor.start();
  actor.send(event);
  return { actor, done: toPromise(actor) };
}

async function start(ports: TestPorts, returnPath = '/admin') {
  const { done } = run(ports, { type: 'START', returnPath });
  const output = await done;
  if (output.status !== 'redirected') throw new Error('did not redirect');
  return queryOf(output.url);
}

async function callback(ports: TestPorts, url: string, signedIn = false) {
  ports.navigator.visit(url);
  const { actor, done } = run(ports, { type: 'CALLBACK', url }, signedIn);
  const output = await done;
  return { output, actor };
}

describe('sign-in start (authorize request)', () => {
  it('sends response_type=code, S256 challenge of the stored verifier, state 16, nonce, exact redirect_uri', async () => {
    const ports = createTestPorts();
    const query = await start(ports);
    expect(query.response_type).toBe('code');
    expect(query.code_challenge_method).toBe('S256');
    expect(query.redirect_uri).toBe('http://localhost:5173/auth/login');
    expect(query.scope).toBe('openid offline_access api://portal-api/access');
    expect(query.state).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(query.nonce).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(ports.authStateStore.states()).toEqual([query.state]);
    expect(ports.navigator.log.at(-1)).toMatchObject({ kind: 'redirect' });
    const record = await ports.authStateStore.take(query.state ?? '');
    expect(record?.tokenPolicyData.code_verifier).toMatch(/^[A-Za-z0-9]{128}$/);
    expect(await pkceChallenge(ports.digest, record?.tokenPolicyData.code_verifier ?? '')).toBe(query.code_challenge);
    expect(record?.nonce).toBe(query.nonce);
    expect(record?.extraData).toEqual({ flow: 'signIn', referrer: '/admin' });
    expect(record?.tokenPolicyUrl).toBe('http://localhost:4001/b2c_1a_signin/oauth2/v2.0/token');
  });

  it('stores only a safe return path', async () => {
    const ports = createTestPorts();
    const query = await start(ports, '//evil.test/x');
    expect((await ports.authStateStore.take(query.state ?? ''))?.extraData.referrer).toBe('/');
  });

  it('fails cleanly when the provider cannot be discovered', async () => {
    const ports = createTestPorts();
    ports.identityProvider.discover = async () => {
      throw new TypeError('Failed to fetch');
    };
    const { done, actor } = run(ports, { type: 'START' });
    expect(await done).toEqual({ status: 'failed', error: { kind: 'auth', status: 500, code: 'auth.network' } });
    expect(actor.getSnapshot().matches('failed')).toBe(true);
  });
});

describe('sign-in callback', () => {
  it('takes the record, strips the address before the exchange, stores the tokens, sets the user', async () => {
    const ports = createTestPorts();
    const { state } = await start(ports);
    const url = ports.identityProvider.callbackUrlFor(state ?? '');
    let addressAtExchange = '';
    const exchange = ports.identityProvider.exchangeCode.bind(ports.identityProvider);
    ports.identityProvider.exchangeCode = (request) => {
      addressAtExchange = ports.navigator.currentUrl();
      return exchange(request);
    };
    const { output } = await callback(ports, url);
    expect(addressAtExchange).toBe('http://localhost:5173/auth/login');
    expect(output).toMatchObject({
      status: 'signedIn',
      returnPath: '/admin',
      user: { id: 'user-1', fullName: 'Dana Dealer' },
    });
    expect(ports.sessionStore.current()).toMatchObject({
      accessToken: 'access-2',
      accessTokenIsIdToken: false,
      idToken: expect.stringMatching(/^ey.*\.sig-2$/),
      refreshToken: 'refresh-2',
    });
    expect(ports.sessionStore.current()?.expiresAt).toBe(ports.clock.now() + 3600_000);
    expect(ports.authStateStore.states()).toEqual([]);
    expect(ports.identityProvider.calls.exchange[0]).toMatchObject({
      redirectUri: 'http://localhost:5173/auth/login',
      tokenEndpoint: 'http://localhost:4001/b2c_1a_signin/oauth2/v2.0/token',
    });
  });

  it('stores the ID token as access token when there is none, and flags it', async () => {
    const ports = createTestPorts();
    ports.identityProvider.setTokenOptions({ accessToken: false });
    const { state } = await start(ports);
    const { output } = await callback(ports, ports.identityProvider.callbackUrlFor(state ?? ''));
    expect(output.status).toBe('signedIn');
    expect(ports.sessionStore.current()?.accessToken).toBe(ports.sessionStore.current()?.idToken);
    expect(ports.sessionStore.current()?.accessTokenIsIdToken).toBe(true);
  });

  it('a reload or Back on the callback never sends a second token request', async () => {
    const ports = createTestPorts();
    const { state } = await start(ports);
    const url = ports.identityProvider.callbackUrlFor(state ?? '');
    await callback(ports, url);
    const again = await callback(ports, url);
    expect(again.output).toEqual({
      status: 'failed',
      error: { kind: 'auth', status: 500, code: 'auth.missingTemporaryCookie' },
    });
    expect(ports.identityProvider.calls.exchange).toHaveLength(1);
    expect(isAuthCallback(ports.navigator.currentUrl())).toBe(false);
  });

  it.each([
    ['missing state', 'http://localhost:5173/auth/login?code=abc', 'auth.missingAuthState'],
    ['malformed state', 'http://localhost:5173/auth/login?code=abc&state=x', 'auth.missingAuthState'],
    [
      'repeated state',
      'http://localhost:5173/auth/login?code=abc&state=AAAAAAAAAAAAAAAA&state=AAAAAAAAAAAAAAAA',
      'auth.missingAuthState',
    ],
    [
      'unknown state',
      'http://localhost:5173/auth/login?code=abc&state=AAAAAAAAAAAAAAAA',
      'auth.missingTemporaryCookie',
    ],
    [
      'error with unknown state (state checked before error)',
      'http://localhost:5173/auth/login?error=access_denied&error_description=AADB2C90091&state=AAAAAAAAAAAAAAAA',
      'auth.missingTemporaryCookie',
    ],
  ])('%s → the dedicated error, no token request', async (_label, url, code) => {
    const ports = createTestPorts();
    await start(ports);
    const { output } = await callback(ports, url);
    expect(output).toEqual({ status: 'failed', error: { kind: 'auth', status: 500, code } });
    expect(
      output.status === 'failed' && output.error.kind !== 'cancelled' ? errorPage(output.error) : undefined,
    ).toMatchObject({ status: 500, descriptionKey: 'errors.auth.missingTemporaryCookie' });
    expect(ports.identityProvider.calls.exchange).toHaveLength(0);
  });

  it.each([
    ['missing', (url: string) => url.replace(/code=[^&]*&/, '')],
    ['empty', (url: string) => url.replace(/code=[^&]*/, 'code=')],
    ['repeated', (url: string) => url.replace(/code=([^&]*)/, 'code=$1&code=$1')],
  ])('code %s → rejected, record consumed, no token request', async (_label, edit) => {
    const ports = createTestPorts();
    const { state } = await start(ports);
    const { output } = await callback(ports, edit(ports.identityProvider.callbackUrlFor(state ?? '')));
    expect(output).toEqual({ status: 'failed', error: { kind: 'auth', status: 500, code: 'auth.invalidCallback' } });
    expect(ports.authStateStore.states()).toEqual([]);
    expect(ports.identityProvider.calls.exchange).toHaveLength(0);
  });

  it('AADB2C90091 signed out → the stored referrer; signed in → the same page without query', async () => {
    const ports = createTestPorts();
    const { state } = await start(ports, '/admin/roles');
    const url = ports.identityProvider.errorCallbackUrlFor(
      state ?? '',
      'access_denied',
      'AADB2C90091: The user has cancelled entering self-asserted information.',
    );
    const { output } = await callback(ports, url);
    expect(output).toEqual({ status: 'cancelled', redirectTo: '/admin/roles' });

    const second = await start(ports, '/admin/roles');
    const url2 = ports.identityProvider.errorCallbackUrlFor(
      second.state ?? '',
      'access_denied',
      'AADB2C90091: cancelled',
    );
    expect((await callback(ports, url2, true)).output).toEqual({ status: 'cancelled', redirectTo: '/auth/login' });
    expect(ports.identityProvider.calls.exchange).toHaveLength(0);
  });

  it('other AADB2C descriptions → 500 with the description as plain text; others → 500', async () => {
    const ports = createTestPorts();
    const { state } = await start(ports);
    const url = ports.identityProvider.errorCallbackUrlFor(
      state ?? '',
      'server_error',
      `AADB2C90118: forgot <b>password</b>\n${'x'.repeat(900)}`,
    );
    const { output } = await callback(ports, url);
    expect(output).toMatchObject({ status: 'failed', error: { kind: 'auth', code: 'auth.identityProvider' } });
    const page = output.status === 'failed' && output.error.kind !== 'cancelled' ? errorPage(output.error) : undefined;
    expect(page?.message?.startsWith('AADB2C90118: forgot <b>password</b> x')).toBe(true);
    expect(Array.from(page?.message ?? '')).toHaveLength(300);

    const second = await start(ports);
    const { output: plain } = await callback(
      ports,
      ports.identityProvider.errorCallbackUrlFor(second.state ?? '', 'access_denied'),
    );
    expect(plain).toEqual({ status: 'failed', error: { kind: 'auth', status: 500, code: 'auth.providerRejected' } });
  });

  it.each([
    ['wrong iss', (url: string) => url.replace(/iss=[^&]*/, 'iss=https%3A%2F%2Fevil.test%2F')],
    ['absent iss while advertised', (url: string) => url.replace(/&iss=[^&]*/, '')],
    ['repeated iss', (url: string) => `${url}&iss=x`],
  ])('%s → rejected before any token request', async (_label, edit) => {
    const ports = createTestPorts();
    const { state } = await start(ports);
    const { output } = await callback(ports, edit(ports.identityProvider.callbackUrlFor(state ?? '')));
    expect(output).toEqual({ status: 'failed', error: { kind: 'auth', status: 500, code: 'auth.issuerMismatch' } });
    expect(ports.identityProvider.calls.exchange).toHaveLength(0);
  });

  it.each([
    ['HTML 502', '<html><body>502 Bad Gateway</body></html>'],
    ['null', null],
    ['broken JSON', '{"access_token": "a"'],
    ['missing expires_in', { access_token: 'a', id_token: 'i', idTokenClaims: {} }],
    ['non-numeric expires_in', { access_token: 'a', id_token: 'i', expires_in: 'soon', idTokenClaims: {} }],
  ])('token response %s → a clean error, nothing stored', async (_label, raw) => {
    const ports = createTestPorts();
    const { state } = await start(ports);
    ports.identityProvider.answerNext(raw);
    const { output } = await callback(ports, ports.identityProvider.callbackUrlFor(state ?? ''));
    expect(output).toEqual({
      status: 'failed',
      error: { kind: 'auth', status: 500, code: 'auth.invalidTokenResponse' },
    });
    expect(ports.sessionStore.current()).toBeUndefined();
  });

  const now = () => 1_768_467_600;
  it.each([
    ['wrong iss', { iss: 'https://evil.test/' }],
    ['missing iss', { iss: undefined }],
    ['wrong aud', { aud: 'someone-else' }],
    ['missing sub', { sub: undefined }],
    ['wrong nonce', { nonce: 'x'.repeat(32) }],
    ['missing nonce', { nonce: undefined }],
    ['expired beyond 30 s of skew', { exp: now() - 31 }],
    ['iat far in the past', { iat: now() - 86_400 }],
  ])('ID token with %s → rejected, nothing stored', async (_label, patch) => {
    const ports = createTestPorts({ now: now() * 1000 });
    const { state, nonce } = await start(ports);
    const claims = {
      iss: ports.identityProvider.issuer,
      sub: 'user-1',
      aud: 'hk-portal',
      exp: now() + 3600,
      iat: now(),
      nonce,
      ...patch,
    };
    ports.identityProvider.answerNext({
      access_token: 'a',
      id_token: 'i',
      refresh_token: 'r',
      expires_in: 3600,
      idTokenClaims: claims,
    });
    const { output } = await callback(ports, ports.identityProvider.callbackUrlFor(state ?? ''));
    expect(output).toEqual({ status: 'failed', error: { kind: 'auth', status: 500, code: 'auth.invalidIdToken' } });
    expect(ports.sessionStore.current()).toBeUndefined();
  });

  it('hkData absent, wrong or huge → signed in with no permissions', async () => {
    for (const hkData of [undefined, 'nonsense', { permissions: Array.from({ length: 10_000 }, (_, i) => `p${i}`) }]) {
      const ports = createTestPorts({ user: { sub: 'u', hkData } });
      const { state } = await start(ports);
      const { output } = await callback(ports, ports.identityProvider.callbackUrlFor(state ?? ''));
      expect(output).toMatchObject({ status: 'signedIn', user: { hkData: { permissions: [] } } });
    }
  });

  it('invalid_grant from the token endpoint → provider error (AADB2C description shown), transport failure → network', async () => {
    const ports = createTestPorts();
    const first = await start(ports);
    ports.identityProvider.failNext(
      new IdentityProviderError('invalid_grant', 'AADB2C90080: The provided grant has expired.'),
    );
    expect((await callback(ports, ports.identityProvider.callbackUrlFor(first.state ?? ''))).output).toEqual({
      status: 'failed',
      error: {
        kind: 'auth',
        status: 500,
        code: 'auth.identityProvider',
        detail: 'AADB2C90080: The provided grant has expired.',
      },
    });
    const second = await start(ports);
    ports.identityProvider.failNext(new IdentityProviderError('invalid_grant', 'AADB2C90091: cancelled'));
    expect((await callback(ports, ports.identityProvider.callbackUrlFor(second.state ?? ''))).output).toEqual({
      status: 'failed',
      error: { kind: 'auth', status: 500, code: 'auth.providerRejected' },
    });
    const third = await start(ports);
    ports.identityProvider.failNext(new TypeError('Failed to fetch'));
    expect((await callback(ports, ports.identityProvider.callbackUrlFor(third.state ?? ''))).output).toEqual({
      status: 'failed',
      error: { kind: 'auth', status: 500, code: 'auth.network' },
    });
    const fourth = await start(ports);
    ports.identityProvider.discover = async () => {
      throw new TypeError('down');
    };
    expect((await callback(ports, ports.identityProvider.callbackUrlFor(fourth.state ?? ''))).output).toEqual({
      status: 'failed',
      error: { kind: 'auth', status: 500, code: 'auth.network' },
    });
  });

  it('a failing session store → failed (500), never a half sign-in', async () => {
    const ports = createTestPorts();
    const { state } = await start(ports);
    ports.sessionStore.write = async () => {
      throw new Error('cookie too large');
    };
    const { output } = await callback(ports, ports.identityProvider.callbackUrlFor(state ?? ''));
    expect(output).toEqual({ status: 'failed', error: { kind: 'unexpected', status: 500 } });
  });

  it('a failing record store counts as a missing record', async () => {
    const ports = createTestPorts();
    const { state } = await start(ports);
    const url = ports.identityProvider.callbackUrlFor(state ?? '');
    ports.authStateStore.take = async () => {
      throw new Error('cookie jar broken');
    };
    expect((await callback(ports, url)).output).toMatchObject({
      status: 'failed',
      error: { code: 'auth.missingTemporaryCookie' },
    });
  });

  it('a tampered record (bad JSON, wrong lengths, foreign cookie) counts as missing and is deleted', async () => {
    for (const raw of ['{not json', JSON.stringify({ count: 1, data: { nonce: 'x' } }), 'foreign-value']) {
      const ports = createTestPorts();
      const { state } = await start(ports);
      const url = ports.identityProvider.callbackUrlFor(state ?? '');
      ports.authStateStore.putRaw(state ?? '', raw);
      expect((await callback(ports, url)).output).toMatchObject({
        status: 'failed',
        error: { code: 'auth.missingTemporaryCookie' },
      });
      expect(ports.authStateStore.states()).toEqual([]);
    }
  });

  it('five tabs: the oldest record is dropped, the other four finish, the first shows the missing-record error', async () => {
    const ports = createTestPorts();
    const states: string[] = [];
    for (let i = 0; i < 5; i += 1) states.push((await start(ports, `/tab${i}`)).state ?? '');
    const urls = states.map((s) => ports.identityProvider.callbackUrlFor(s));
    const outputs = [];
    for (const url of urls) outputs.push((await callback(ports, url)).output);
    expect(outputs[0]).toMatchObject({ status: 'failed', error: { code: 'auth.missingTemporaryCookie' } });
    expect(outputs.slice(1).map((o) => o.status)).toEqual(['signedIn', 'signedIn', 'signedIn', 'signedIn']);
    expect(outputs.slice(1).map((o) => (o.status === 'signedIn' ? o.returnPath : ''))).toEqual([
      '/tab1',
      '/tab2',
      '/tab3',
      '/tab4',
    ]);
  });

  it('helpers: callback recognition and stripping', () => {
    expect(isAuthCallback('http://h/auth/login?state=s&code=c')).toBe(true);
    expect(isAuthCallback('http://h/auth/login?state=s&error=e')).toBe(true);
    expect(isAuthCallback('http://h/auth/login?code=c')).toBe(false);
    expect(strippedCallbackUrl('http://h/auth/login?code=c&state=s&iss=i&lang=de')).toBe('http://h/auth/login?lang=de');
  });

  it('idle before anything, running (no output yet) while the callback runs', () => {
    const ports = createTestPorts();
    const actor = createActor(provideSignIn(ports), { input: { config: testAuthConfig } });
    actor.start();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'CALLBACK', url: 'http://localhost:5173/auth/login?code=c&state=AAAAAAAAAAAAAAAA' });
    expect(actor.getSnapshot().value).not.toBe('idle');
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('the unprovided machine refuses to run', async () => {
    const { signInMachine } = await import('./sign-in.machine.ts');
    const actor = createActor(signInMachine, { input: { config: testAuthConfig } });
    actor.start();
    actor.send({ type: 'START' });
    expect(await toPromise(actor)).toMatchObject({ status: 'failed', error: { kind: 'unexpected' } });
  });
});
