import { describe, expect, it } from 'vitest';
import { createRequestCookieJar } from './request-jar.ts';
import { createCookieAuthStateStore } from './auth-state-store.ts';

describe('the cookie jar of one request on the portal server', () => {
  it('reads the request, sees its own writes, and answers them as HttpOnly Set-Cookie lines', () => {
    const jar = createRequestCookieJar('a=1; hk-id.auth.x=2');
    jar.write('b=3; Path=/; Secure; SameSite=Lax');
    jar.write('a=; Path=/; Max-Age=0; Secure');
    expect(jar.read()).toBe('hk-id.auth.x=2; b=3');
    expect(jar.setCookies()).toEqual([
      'b=3; Path=/; Secure; SameSite=Lax; HttpOnly',
      'a=; Path=/; Max-Age=0; Secure; HttpOnly',
    ]);
  });

  it('one Set-Cookie line per name and path: the last write wins', () => {
    const jar = createRequestCookieJar(undefined);
    jar.write('b=1; Path=/');
    jar.write('b=2; Path=/; HttpOnly');
    expect(jar.setCookies()).toEqual(['b=2; Path=/; HttpOnly']);
  });

  it("core's auth state records run on it unchanged: at most four, the oldest dropped", async () => {
    const jar = createRequestCookieJar('');
    const store = createCookieAuthStateStore(jar);
    const data = (n: number) => ({
      tokenPolicyData: {
        client_id: 'hk-portal',
        scope: 'openid',
        redirect_uri: 'http://localhost/auth/login',
        code_verifier: 'v'.repeat(128),
      },
      tokenPolicyUrl: 'http://idp/token',
      nonce: `${'n'.repeat(31)}${n}`,
      extraData: { flow: 'signIn' as const, referrer: '/' },
    });
    const states = ['AAAAAAAAAAAAAAA1', 'AAAAAAAAAAAAAAA2', 'AAAAAAAAAAAAAAA3', 'AAAAAAAAAAAAAAA4', 'AAAAAAAAAAAAAAA5'];
    for (const [i, state] of states.entries()) await store.save(state, data(i));
    expect(
      jar
        .read()
        .split('; ')
        .filter((c) => c.startsWith('hk-id.auth.')),
    ).toHaveLength(4);
    expect(await store.take('AAAAAAAAAAAAAAA1')).toBeUndefined();
    expect((await store.take('AAAAAAAAAAAAAAA5'))?.nonce).toBe(`${'n'.repeat(31)}4`);
    expect(jar.setCookies().every((line) => line.endsWith('HttpOnly'))).toBe(true);
  });
});
