// The directory's user id of a person signed in at the identity provider (ADR 0029): one
// function, used by the API (its Principal) and the portal server (core's SignedInUser, through
// core's `userIds` port), so that both name the same user by the same id.
// - A subject (`sub`) shaped as a UUID is the id itself, lower-cased: Azure AD B2C's and Entra's
//   object ids and the local provider's accounts keep the ids the directory has always had.
// - Any other subject (LemonLDAP::NG's user names, Keycloak's, Okta's ids) gets a name-based
//   UUID (RFC 9562 version 5) of its issuer and itself: the same person at the same issuer always
//   the same id, the same name at two issuers two ids.
import { v5 } from 'uuid';

/** A UUID as the contract's `Uuid` names one (any version, either case): the shape a path's id must have. */
export const uuidPattern = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** The namespace of the portal's user ids (RFC 9562 §5.5; fixed: changing it would change every such user's id). */
export const userIdNamespace = '0868c77e-63de-4914-852d-1a643773d275';

/** The directory's user id of `subject` at `issuer` (the token's `iss`, exactly as it names it). */
export function directoryUserId(issuer: string, subject: string): string {
  if (uuidPattern.test(subject)) return subject.toLowerCase();
  return v5(`${issuer}\n${subject}`, userIdNamespace);
}
