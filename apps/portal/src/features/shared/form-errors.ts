import {
  fieldErrors,
  saidBesideFields,
  toPortalError,
  unplacedMessages,
  type PlacedField,
  type PortalError,
} from '@portal/core';

export interface SaveFailure {
  readonly error: PortalError;
  /** Field errors of a 400/422 answer, by field path. */
  readonly fields: Readonly<Record<string, string>>;
  /** A message for the form as a whole (the server's, unless it only repeats a field's message). */
  readonly message?: string;
  /** The server's `errors[]` messages that no field of the form shows (spec §8). */
  readonly others: readonly string[];
  /**
   * Whether the form says more than its fields do: false when every message of the answer
   * stands beside its field (then that is said once, there), true otherwise.
   */
  readonly alert: boolean;
}

/**
 * Why a save failed, for the form: field errors on the fields the form shows (`placed`), the
 * server's other `errors[]` messages and its own message for the form's alert.
 */
export function saveFailure(thrown: unknown, placed: PlacedField = () => false): SaveFailure {
  const error = toPortalError(thrown);
  const fields = fieldErrors(error);
  const besideFields = Object.entries(fields)
    .filter(([field]) => placed(field))
    .map(([, text]) => text);
  const serverMessage = error.kind === 'http' ? error.server?.message : undefined;
  const message = serverMessage !== undefined && !besideFields.includes(serverMessage) ? serverMessage : undefined;
  const others = unplacedMessages(error, placed);
  const alert = !saidBesideFields(error, placed);
  return { error, fields, ...(message === undefined ? {} : { message }), others, alert };
}
