// The dealer shop's configuration, from the environment of the local stack.
import identities from '@portal/contract/demo-identities.json' with { type: 'json' };

export interface ShopConfig {
  port: number;
  /** The shop's own public base URL (no trailing slash); its redirect URI is `${url}/callback`. */
  url: string;
  /** The identity provider's sign-in policy issuer, e.g. http://localhost:4001/b2c_1a_signin/v2.0 */
  issuer: string;
  portalUrl: string;
  clientId: string;
  label: string;
  /** Basic-auth credentials the portal's webhook must present at POST /webhooks/access. */
  webhook: { username: string; password: string };
}

const trim = (url: string) => url.replace(/\/+$/, '');

export function configFromEnv(env: NodeJS.ProcessEnv): ShopConfig {
  const port = Number(env.DEALER_SHOP_PORT ?? 4002);
  const authority = trim(env.IDP_AUTHORITY ?? 'http://localhost:4001');
  return {
    port,
    url: trim(env.DEALER_SHOP_URL ?? `http://localhost:${port}`),
    issuer: `${authority}/${env.IDP_SIGNIN_POLICY ?? 'b2c_1a_signin'}/v2.0`,
    portalUrl: trim(env.PORTAL_URL ?? 'http://localhost:5173'),
    clientId: identities.clients.dealerShop.clientId,
    label: identities.clients.dealerShop.label,
    webhook: {
      username: env.DEALER_SHOP_WEBHOOK_USER ?? 'portal',
      password: env.DEALER_SHOP_WEBHOOK_PASSWORD ?? 'demo-webhook-secret',
    },
  };
}
