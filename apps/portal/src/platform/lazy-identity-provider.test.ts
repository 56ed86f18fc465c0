import { describe, expect, it, vi } from 'vitest';
import type { IdentityProvider } from '@portal/core';
import { lazyIdentityProvider } from './lazy-identity-provider.ts';

const fake = (): IdentityProvider => ({
  discover: vi.fn(async () => ({ issuer: 'i', authorizationEndpoint: 'a', tokenEndpoint: 't', authorizationResponseIssParameterSupported: false })),
  authorizationUrl: vi.fn(async () => 'https://idp/authorize'),
  exchangeCode: vi.fn(async () => ({})),
  refresh: vi.fn(async () => ({})),
  endSessionUrl: vi.fn(async () => undefined),
});

describe('lazyIdentityProvider', () => {
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
    await expect(provider.authorizationUrl({} as Parameters<IdentityProvider['authorizationUrl']>[0])).resolves.toBe('https://idp/authorize');
  });
});
