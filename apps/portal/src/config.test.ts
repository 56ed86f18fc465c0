import { describe, expect, it } from 'vitest';
import { decodeRuntimeConfig } from './config.ts';
import { runtimeConfigFromEnv } from '../runtime-config.ts';
import local from '../public/config.json';

describe('decodeRuntimeConfig', () => {
  it('accepts the generated configuration and the local defaults', () => {
    const generated = runtimeConfigFromEnv({ NODE_ENV: 'development' });
    expect(decodeRuntimeConfig(JSON.parse(JSON.stringify(generated)))).toEqual(generated);
    expect(decodeRuntimeConfig(local).clientId).toBe('hk-portal');
  });

  it('refuses missing or non-http values', () => {
    const good = runtimeConfigFromEnv({});
    expect(() => decodeRuntimeConfig(null)).toThrow();
    expect(() => decodeRuntimeConfig({ ...good, apiUrl: 'javascript:alert(1)' })).toThrow();
    expect(() => decodeRuntimeConfig({ ...good, clientId: '' })).toThrow();
    expect(() => decodeRuntimeConfig({ ...good, idp: { authority: good.idp.authority } })).toThrow();
  });

  it('falls back to production and the default brand', () => {
    const decoded = decodeRuntimeConfig({ ...runtimeConfigFromEnv({}), environment: 'staging', brandName: ' ' });
    expect(decoded.environment).toBe('production');
    expect(decoded.brandName).toBe('HK Küchen');
  });
});
