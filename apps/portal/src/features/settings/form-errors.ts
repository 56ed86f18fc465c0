import { fieldErrors, toPortalError, type PortalError } from '@portal/core';

export interface SaveFailure {
  readonly error: PortalError;
  /** Field errors of a 400/422 answer, by field path. */
  readonly fields: Readonly<Record<string, string>>;
  /** A message for the form as a whole (the server's, when it gave one). */
  readonly message?: string;
}

/** Why a save failed, for the form: field errors on the fields, the rest as a message. */
export function saveFailure(thrown: unknown): SaveFailure {
  const error = toPortalError(thrown);
  const fields = fieldErrors(error);
  const message = error.kind === 'http' ? error.server?.message : undefined;
  return { error, fields, ...(message === undefined ? {} : { message }) };
}
