import { describe, expect, it, vi } from 'vitest';
import type { IdentityProvider } from '@portal/core';
import { lazyPort } from './lazy-port.ts';

const fake = (): IdentityProvider => ({
  discover: vi.fn(async () => ({
    issuer: 'i',
    authorizationEndpoint: 'a',
    tokenEndpoint: 't',
    authorizationResponseIssParameterSupported: false,
  })),
  authorizationUrl: vi.fn(async () => 'https://idp/authorize'),
  exchangeCode: vi.fn(async () => ({})),
  refresh: vi.fn(async () => ({})),
  endSessionUrl: vi.fn(async () => undefined),
});

const methods = ['discover', 'authorizationUrl', 'exchangeCode', 'refresh', 'endSessionUrl'] as const;
const lazyIdentityProvider = (load: () => Promise<IdentityProvider>): IdentityProvider => lazyPort(load, methods);

describe('lazyPort', () => {
  it('loads the adapter once, on first use', async () => {
    const real = fake();
    const load = vi.fn(async () => real);
    const provider = lazyIdentityProvider(load);
    expect(load).not.toHaveBeenCalled();
    await provider.discover('p');
    await provider.endSessionUrl({ policy: 'p', postLogoutRedirectUri: 'x' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(real.discover).toHaveBeenCalledWith('p');
  });

  it('tries again after a failed load', async () => {
    let fail = true;
    const provider = lazyIdentityProvider(async () => {
      if (fail) throw new Error('chunk');
      return fake();
    });
    await expect(provider.discover('p')).rejects.toThrow('chunk');
    fail = false;
    await expect(provider.authorizationUrl({} as Parameters<IdentityProvider['authorizationUrl']>[0])).resolves.toBe(
      'https://idp/authorize',
    );
  });

  it('keeps `this` of the adapter and passes every argument', async () => {
    const adapter = {
      prefix: 'p:',
      async join(a: string, b: string) {
        return `${this.prefix}${a}${b}`;
      },
    };
    const port = lazyPort(async () => adapter, ['join']);
    await expect(port.join('a', 'b')).resolves.toBe('p:ab');
  });
});
