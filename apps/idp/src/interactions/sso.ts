// The tenant-wide single sign-on session, shared by every policy (as Azure AD B2C keeps
// one SSO session per tenant). A random id in an HttpOnly cookie names a record in memory.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { appendSetCookie, readCookie } from '../http.ts';

export const SSO_COOKIE = 'hk_idp_sso';
const TTL_MS = 24 * 3600 * 1000;

export interface SsoSession {
  id: string;
  accountId: string;
  loginTs: number;
  expiresAt: number;
}

export class SsoSessions {
  readonly #sessions = new Map<string, SsoSession>();
  readonly #secure: boolean;

  constructor(secure: boolean) {
    this.#secure = secure;
  }

  read(req: IncomingMessage): SsoSession | undefined {
    return this.byId(readCookie(req, SSO_COOKIE));
  }

  byId(id: string | undefined): SsoSession | undefined {
    if (!id) return undefined;
    const session = this.#sessions.get(id);
    if (!session) return undefined;
    if (session.expiresAt <= Date.now()) {
      this.#sessions.delete(id);
      return undefined;
    }
    return session;
  }

  start(res: ServerResponse, accountId: string, previous?: SsoSession): SsoSession {
    if (previous) this.#sessions.delete(previous.id);
    const now = Date.now();
    const session = {
      id: randomBytes(32).toString('base64url'),
      accountId,
      loginTs: Math.floor(now / 1000),
      expiresAt: now + TTL_MS,
    };
    this.#sessions.set(session.id, session);
    appendSetCookie(
      res,
      `${SSO_COOKIE}=${session.id}; Path=/; HttpOnly; SameSite=Lax${this.#secure ? '; Secure' : ''}`,
    );
    return session;
  }

  end(id: string | undefined): void {
    if (id) this.#sessions.delete(id);
  }

  /** Every session of one account ends (after a password change elsewhere, say). */
  endAccount(accountId: string, except?: string): void {
    for (const [id, s] of this.#sessions) if (s.accountId === accountId && id !== except) this.#sessions.delete(id);
  }
}
