// The id of a path that names a row by its UUID: lower case; anything not shaped like a UUID names nothing (404).
import { notFound } from '../http/errors.ts';

export const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** An id of the path: a UUID (lower-cased), else no such entity. */
export const uuidOf = (id: string) => {
  if (!UUID.test(id)) throw notFound();
  return id.toLowerCase();
};
