// What every route needs: the database, the authenticator, the clock and the webhook
// dispatcher's wake-up call, plus the permission rules of the contract.
import type { Context } from 'hono';
import type { GlobalPermission } from '@portal/core';
import type { Authenticator, Principal } from './auth.ts';
import type { Database } from './db/database.ts';
import type { MailQueue } from './mail/outbox.ts';
import { forbidden } from './http/errors.ts';
import type { Language } from './http/messages.ts';
import type { SecretBox } from './secrets.ts';
import type { JobSignals } from './jobs/runner.ts';

export interface Deps {
  db: Database;
  auth: Authenticator;
  /** Called after a transaction queued webhook deliveries. */
  onWebhookQueued: () => void;
  /** Webhook endpoints may be plain http (development and tests). */
  allowHttpWebhooks: boolean;
  /** The API's public URL (API_URL), for absolute logo URLs. */
  publicUrl: string;
  /** E-mail (#29): what queuing a mail needs; undefined without an SMTP host (nothing is queued). */
  mail?: MailQueue | undefined;
  /** Seals and opens the secrets stored at rest (API_SECRETS_KEYS; src/secrets.ts, src/webhooks/secrets.ts). */
  secrets: SecretBox;
  /**
   * This instance's job runner (#28.6, src/jobs/runner.ts): woken when a job is queued; a request waits up to
   * `answerWaitMs` for its job before answering 202 (a small job is answered finished).
   */
  jobs: JobSignals & { answerWaitMs: number };
}

export type AppEnv = { Variables: { lang: Language } };
export type Ctx = Context<AppEnv>;

/** A global permission: a name of core's one list (`globalPermissions`), the console's too. */
export type { GlobalPermission };

/** The caller holds a global permission (named from core's list: a name not in it does not compile). */
const holds = (me: Principal, permission: GlobalPermission): boolean => me.permissions.has(permission);

export function requirePermission(me: Principal, permission: GlobalPermission): void {
  if (!holds(me, permission)) throw forbidden();
}

/** The caller administers an application with its admin permission or applications.write. */
export function administers(me: Principal, adminPermissionKey: string | null): boolean {
  return holds(me, 'applications.write') || (adminPermissionKey !== null && me.permissions.has(adminPermissionKey));
}

export function managesAccessRequests(
  me: Principal,
  adminPermissionKey: string | null,
  accessRequestAllowed: boolean,
): boolean {
  if (!accessRequestAllowed || !administers(me, adminPermissionKey)) return false;
  return (
    holds(me, 'access_requests.manage') ||
    (adminPermissionKey !== null && me.permissions.has(`${adminPermissionKey}.access_requests`))
  );
}

export function newId(): string {
  return crypto.randomUUID();
}
