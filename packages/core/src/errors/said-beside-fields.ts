// Whether a refused save's answer is said beside the form's fields alone (#30.8). Its own module:
// only the forms use it (lazy chunks), not the first route, which holds the rest of the catalogue.
import type { PlacedField, PortalError } from './errors.ts';

/**
 * Whether the form says everything the answer says (#30.8): every entry of its `errors[]` names
 * a field the form shows beside that field. Then no toast or alert repeats it; the answer's own
 * `message` is the field's message or a summary of them ('Die Anfrage ist ungültig.').
 */
export function saidBesideFields(error: PortalError, placed: PlacedField = () => false): boolean {
  if (error.kind !== 'http' || error.server === undefined || error.server.errors.length === 0) return false;
  return error.server.errors.every((detail) => detail.field !== undefined && placed(detail.field));
}
