import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { decodeRuntimeConfig, loadRuntimeConfig, runtimeConfigPath, runtimeConfigRequest } from './config.ts';
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

describe('loading /config.json', () => {
  it('asks exactly what index.html preloads (so the preload is used, not fetched twice)', async () => {
    const html = readFileSync(join(process.cwd(), 'index.html'), 'utf8');
    const preload = /<link rel="preload" href="([^"]+)" as="fetch" crossorigin \/>/.exec(html);
    expect(preload?.[1]).toBe(runtimeConfigPath);
    // `crossorigin` (anonymous) = mode cors with same-origin credentials; no extra headers or cache mode.
    expect(runtimeConfigRequest).toEqual({ mode: 'cors', credentials: 'same-origin' });
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify(local), { status: 200 }));
    await expect(loadRuntimeConfig(fetchImpl)).resolves.toMatchObject({ clientId: 'hk-portal' });
    expect(fetchImpl).toHaveBeenCalledWith(runtimeConfigPath, runtimeConfigRequest);
  });

  it('fails on an error status', async () => {
    await expect(loadRuntimeConfig(async () => new Response('', { status: 503 }))).rejects.toThrow('HTTP 503');
  });
});
