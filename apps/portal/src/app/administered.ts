// The applications a user administers, as the shell asks for them (the admin center link,
// spec §6). Loaded by `admin-access.ts` once the first route is ready, never with it: it reads
// through the one query cache (`server-data.ts`, ADR 0015), once per user.
import type { AdministrableApplication } from '@portal/core';
import type { Services } from '../composition-root.ts';
import { fetchServerData } from './server-data.ts';

/** A failed call counts as none (the link then depends on the token's permissions only). */
export function administeredBy(
  api: Pick<Services['api'], 'listAdministrableApplications'>,
  userId: string,
): Promise<readonly AdministrableApplication[]> {
  return fetchServerData(['shell', 'administered', userId], () =>
    api.listAdministrableApplications().catch((): readonly AdministrableApplication[] => []),
  );
}
