// The runtime configuration, read from /config.json at start (one build for every environment).
import type { RuntimeConfig } from '../runtime-config.ts';

export type { RuntimeConfig };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(record: Record<string, unknown>, key: string): string {
  const value = record[key];
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`config.json: ${key} is missing`);
  return value;
}

function absoluteUrl(record: Record<string, unknown>, key: string): string {
  const value = text(record, key);
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`config.json: ${key} must be http(s)`);
  return value.replace(/\/+$/, '');
}

/** Check the configuration's shape; throws with the first problem. */
export function decodeRuntimeConfig(raw: unknown): RuntimeConfig {
  if (!isRecord(raw) || !isRecord(raw.idp) || !isRecord(raw.idp.policies) || !isRecord(raw.idp.changes))
    throw new Error('config.json: not an object');
  const { policies, changes } = raw.idp;
  const environment = raw.environment === 'development' || raw.environment === 'test' ? raw.environment : 'production';
  return {
    portalUrl: absoluteUrl(raw, 'portalUrl'),
    apiUrl: absoluteUrl(raw, 'apiUrl'),
    clientId: text(raw, 'clientId'),
    apiScope: text(raw, 'apiScope'),
    brandName: typeof raw.brandName === 'string' && raw.brandName.trim() !== '' ? raw.brandName : 'HK Küchen',
    environment,
    idp: {
      authority: absoluteUrl(raw.idp, 'authority'),
      policies: {
        signIn: text(policies, 'signIn'),
        refresh: text(policies, 'refresh'),
      },
      changes: { password: changes.password === true, email: changes.email === true },
    },
  };
}

/**
 * The request must match index.html's `<link rel="preload" href="/config.json" as="fetch"
 * crossorigin>` (mode cors, credentials same-origin, no extra headers, default cache mode),
 * else the browser fetches it a second time instead of using the preload. The server sends
 * `Cache-Control: no-store`, so nothing is kept beyond this page load.
 */
export const runtimeConfigPath = '/config.json';
export const runtimeConfigRequest: RequestInit = { mode: 'cors', credentials: 'same-origin' };

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl(runtimeConfigPath, runtimeConfigRequest);
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  return decodeRuntimeConfig(await response.json());
}
