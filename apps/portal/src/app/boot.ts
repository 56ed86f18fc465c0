// The server's boot data: the `hk-boot` JSON data block the portal server writes into the
// page (who is signed in, a sign-in error). A data block is not script: the CSP stays strict.
import { decodeBootError, decodeSignedInUser } from '@portal/core';
import type { Boot } from '../composition-root.ts';

export function readBoot(doc: Pick<Document, 'getElementById'> = document): Boot {
  const text = doc.getElementById('hk-boot')?.textContent;
  if (text === undefined || text === null || text === '') return {};
  try {
    return bootOf(JSON.parse(text));
  } catch {
    return {};
  }
}

/** The boot data decoded (the browser's data block, or the server's object when it renders the first view). */
export function bootOf(raw: unknown): Boot {
  if (typeof raw !== 'object' || raw === null) return {};
  const { user, error } = raw as Record<string, unknown>;
  const decodedUser = decodeSignedInUser(user);
  const decodedError = error === undefined ? undefined : decodeBootError(error);
  return {
    ...(decodedUser === undefined ? {} : { user: decodedUser }),
    ...(decodedError === undefined ? {} : { error: decodedError }),
  };
}
