// The demo accounts and client ids shared by the API seed, the provider and these specs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DemoAccount {
  readonly id: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly kind: 'global-admin' | 'app-admin' | 'partner' | 'customer' | 'internal-employee' | 'new-user';
  readonly internal: boolean;
  readonly language: string;
  /** An internal account's groups in the local provider's demo directory (#29.3). */
  readonly groups?: readonly string[];
}

interface Identities {
  readonly password: string;
  readonly accounts: readonly DemoAccount[];
  readonly clients: {
    readonly portal: { readonly clientId: string };
    readonly dealerShop: { readonly clientId: string; readonly label: string; readonly url: string };
  };
}

const root = join(import.meta.dirname, '..', '..');
export const identities = JSON.parse(
  readFileSync(join(root, 'packages/contract/demo/identities.json'), 'utf8'),
) as Identities;
export const demoPassword = identities.password;

export function account(kind: DemoAccount['kind']): DemoAccount {
  const found = identities.accounts.find((a) => a.kind === kind);
  if (found === undefined) throw new Error(`no demo account ${kind}`);
  return found;
}

export const fullNameOf = (a: DemoAccount) => `${a.firstName} ${a.lastName}`;

/** Application ids of the demo data (apps/api seed). */
export const demoApps = {
  dealerShop: identities.clients.dealerShop.clientId,
  dealerShopLabel: identities.clients.dealerShop.label,
  kitchenPlanner: 'a1000000-0000-4000-8000-000000000002',
  servicePortal: 'a1000000-0000-4000-8000-000000000003',
  marketing: 'a1000000-0000-4000-8000-000000000004',
  hr: 'a1000000-0000-4000-8000-000000000005',
};

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/** The e2e stack's ports (playwright.config.ts); overridable for a stack started by hand. */
export const ports = {
  portal: port('PORTAL_PORT', 5273),
  api: port('API_PORT', 4100),
  idp: port('IDP_PORT', 4101),
  dealerShop: port('DEALER_SHOP_PORT', 4102),
  mailSmtp: port('MAILDEV_SMTP_PORT', 1125),
  mailWeb: port('MAILDEV_WEB_PORT', 1180),
};
export const urls = {
  portal: `http://localhost:${ports.portal}`,
  idp: `http://localhost:${ports.idp}`,
  dealerShop: `http://localhost:${ports.dealerShop}`,
  /** MailDev's web page and REST API: every mail the stack sent (#29). */
  mail: `http://localhost:${ports.mailWeb}`,
};

/** Messages of the portal and the ui package, for checks in other languages. */
export function messages(
  namespace: 'common' | 'home' | 'settings' | 'flows' | 'auth' | 'ui',
  language: string,
): Record<string, unknown> {
  const file =
    namespace === 'ui'
      ? join(root, 'packages/ui/src/locales', language, 'ui.json')
      : join(root, 'apps/portal/src/locales', language, `${namespace}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

export function text(tree: Record<string, unknown>, key: string): string {
  let node: unknown = tree;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no text ${key}`);
  return node;
}
