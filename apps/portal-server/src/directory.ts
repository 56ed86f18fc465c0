// What the portal server asks of the directory (the IAM API) right after a sign-in, as the
// signed-in user, through the proxy (issues #27, #29):
// - the user's directory groups applied to the applications' activation groups
//   (`POST /My/Groups/Sync`; the API reads the groups from the access token, never from us);
// - the user's claims (permissions, attributes, internal account) from the directory when the
//   provider's ID token carries no data claim (`GET /My/Claims`): a standard provider knows
//   nothing of the portal's permissions.
// A failure of either never holds up the sign-in: it is logged, and the session goes on with
// what the tokens said.
import { readJwtPayload, withDirectoryData, type SignedInUser } from '@portal/core';
import type { SessionRecord } from './sessions.ts';

export interface DirectoryDeps {
  /** The API as the session's user (through the proxy). */
  readonly callApi: (session: SessionRecord, method: 'GET' | 'POST', pathAndQuery: string) => Promise<Response>;
  /** The provider's name of the data claim (IDP_CLAIM_DATA). */
  readonly dataClaim: string;
  readonly log: (entry: Record<string, unknown>) => void;
}

/** The user with the directory's claims, when the tokens had none; the same user otherwise. */
export function createDirectory(deps: DirectoryDeps) {
  const warn = (step: string, reason: string) => deps.log({ level: 'warn', directory: step, reason });

  async function claimsFromDirectory(session: SessionRecord): Promise<SignedInUser | undefined> {
    const response = await deps.callApi(session, 'GET', '/My/Claims');
    if (!response.ok) {
      await response.body?.cancel();
      warn('claims', `HTTP ${response.status}`);
      return undefined;
    }
    const body = (await response.json()) as { hkData?: unknown };
    return withDirectoryData(session.user, body.hkData);
  }

  return {
    /** After a sign-in or a claims refresh: the groups applied (sign-in only), the claims read when missing. */
    async afterSignIn(session: SessionRecord, { syncGroups }: { readonly syncGroups: boolean }): Promise<SignedInUser> {
      if (syncGroups) {
        try {
          const response = await deps.callApi(session, 'POST', '/My/Groups/Sync');
          await response.body?.cancel();
          if (!response.ok) warn('groups', `HTTP ${response.status}`);
        } catch (error) {
          warn('groups', error instanceof Error ? error.message : String(error));
        }
      }
      const payload = readJwtPayload(session.tokens.idToken) as Record<string, unknown> | undefined;
      if (payload === undefined || payload[deps.dataClaim] !== undefined) return session.user;
      try {
        return (await claimsFromDirectory(session)) ?? session.user;
      } catch (error) {
        warn('claims', error instanceof Error ? error.message : String(error));
        return session.user;
      }
    },
  };
}

export type Directory = ReturnType<typeof createDirectory>;
