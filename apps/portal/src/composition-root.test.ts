import { describe, expect, it } from 'vitest';
import { authConfigOf } from '@portal/core';
import { runtimeConfigFromEnv } from '../runtime-config.ts';

describe('authConfigOf', () => {
  it('asks for openid, offline_access and the API scope, returning to the portal', () => {
    const config = authConfigOf(
      runtimeConfigFromEnv({
        PORTAL_URL: 'https://portal.example',
        API_SCOPE: 'api://iam/access',
      }),
    );
    expect(config).toEqual({
      clientId: 'hk-portal',
      scopes: ['openid', 'offline_access', 'api://iam/access'],
      redirectUri: 'https://portal.example/auth/login',
      refreshRedirectUri: 'https://portal.example/flows/auth-refresh',
      policies: { signIn: 'b2c_1a_signin', refresh: 'b2c_1a_refresh' },
    });
  });
});
