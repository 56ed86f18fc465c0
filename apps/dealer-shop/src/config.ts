// The dealer shop's configuration, from the environment of the local stack. Where its
// provider is comes from the same provider configuration the portal server and the API read
// (@portal/server, issue #27): the sign-in policy's discovery location.
import identities from '@portal/contract/demo-identities.json' with { type: 'json' };
import { providerConfigFromEnv, type ProviderConfig } from '@portal/server';

export interface ShopConfig {
  port: number;
  /** The shop's own public base URL (no trailing slash); its redirect URI is `${url}/callback`. */
  url: string;
  /** The provider, as the portal's configuration names it: the shop signs in at its sign-in policy. */
  provider: ProviderConfig;
  portalUrl: string;
  clientId: string;
  label: string;
  /** Basic-auth credentials the portal's webhook must present at POST /webhooks/access. */
  webhook: { username: string; password: string };
}

const trim = (url: string) => url.replace(/\/+$/, '');

export function configFromEnv(env: NodeJS.ProcessEnv): ShopConfig {
  const port = Number(env.DEALER_SHOP_PORT ?? 4002);
  return {
    port,
    url: trim(env.DEALER_SHOP_URL ?? `http://localhost:${port}`),
    // The shop is a public client of its own: none of the portal's client settings.
    provider: providerConfigFromEnv({
      ...env,
      IDP_CLIENT_SECRET: undefined,
      IDP_CLIENT_PRIVATE_JWK: undefined,
      NODE_ENV: 'development',
    }),
    portalUrl: trim(env.PORTAL_URL ?? 'http://localhost:5173'),
    clientId: identities.clients.dealerShop.clientId,
    label: identities.clients.dealerShop.label,
    webhook: {
      username: env.DEALER_SHOP_WEBHOOK_USER ?? 'portal',
      password: env.DEALER_SHOP_WEBHOOK_PASSWORD ?? 'demo-webhook-secret',
    },
  };
}
