// The launcher's list (`GET /My/Applications`), apart from the other user-side calls so the
// first route carries only this one (the rest load on first use, ADR 0007).

import type { Application, Present } from '@portal/core';
import type { Schema } from '@portal/contract';
import type { ApiClient } from './client.ts';
import { unwrap } from './client.ts';

/**
 * One tile of the launcher: an application the user has, or has requested (the contract's
 * `MyApplication`, nulls absent): `favouritePosition` its place among the favourites (0 first),
 * `lastLaunchedAt` when the user last opened it (one of their last few), `accessEndsAt` the end of
 * a time-bound access (#19), `pendingRequestId` an open request of the user for it.
 */
export type MyApplication = Application &
  Present<
    Pick<
      Schema<'MyApplication'>,
      'accessStatus' | 'favouritePosition' | 'lastLaunchedAt' | 'accessEndsAt' | 'pendingRequestId'
    >
  >;

/** Lists default to 100 rows; longer lists are read page by page up to this many pages. */
const maxPages = 20;

export function toMyApplication(wire: Schema<'MyApplication'>): MyApplication {
  return {
    id: wire.id,
    clientId: wire.id,
    label: wire.label,
    ...(wire.logoUrl === null ? {} : { logoUrl: wire.logoUrl }),
    url: wire.url,
    internal: wire.internal,
    description: wire.description,
    sortNumber: wire.sortNumber,
    accessStatus: wire.accessStatus,
    ...(wire.favouritePosition === undefined || wire.favouritePosition === null
      ? {}
      : { favouritePosition: wire.favouritePosition }),
    ...(wire.lastLaunchedAt === undefined || wire.lastLaunchedAt === null
      ? {}
      : { lastLaunchedAt: wire.lastLaunchedAt }),
    ...(wire.accessEndsAt === undefined || wire.accessEndsAt === null ? {} : { accessEndsAt: wire.accessEndsAt }),
    ...(wire.pendingRequestId === undefined || wire.pendingRequestId === null
      ? {}
      : { pendingRequestId: wire.pendingRequestId }),
  };
}

/** Read every page of a list (100 rows per page) up to a bound. */
export async function allPages<T>(read: (page: number) => Promise<{ items: T[]; total: number }>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= maxPages; page += 1) {
    const answer = await read(page);
    items.push(...answer.items);
    if (answer.items.length === 0 || items.length >= answer.total) break;
  }
  return items;
}

/** `GET /My/Applications`, every page (`onlyWithValues` for settings/applications). */
export async function listMyApplications(
  client: ApiClient,
  options: { readonly onlyWithValues?: boolean } = {},
): Promise<readonly MyApplication[]> {
  const onlyWithValues = options.onlyWithValues ?? false;
  const items = await allPages((page) =>
    unwrap(client.GET('/My/Applications', { params: { query: { onlyWithValues, page, pageSize: 100 } } })),
  );
  return items.map(toMyApplication);
}
