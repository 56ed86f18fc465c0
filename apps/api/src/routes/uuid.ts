// The id of a path that names a row by its UUID: lower case; anything not shaped like a UUID names nothing (404).
// A user's id is one too (ADR 0029: @portal/server's directoryUserId, whose pattern this is).
import { uuidPattern } from '@portal/server';
import { notFound } from '../http/errors.ts';

export const UUID = uuidPattern;

/** An id of the path: a UUID (lower-cased), else no such entity. */
export const uuidOf = (id: string) => {
  if (!UUID.test(id)) throw notFound();
  return id.toLowerCase();
};
