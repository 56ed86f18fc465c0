// The launcher's list (`GET /My/Applications`), apart from the other user-side calls so the
// first route carries only this one (the rest load on first use, ADR 0007).

import type { Application } from '@portal/core';
import type { Schema } from '@portal/contract';
import type { ApiClient } from './client.ts';
import { unwrap } from './client.ts';

/** One tile of the launcher: an application the user has, or has requested. */
export interface MyApplication extends Application {
  readonly accessStatus: 'granted' | 'requested';
  /** The place among the user's favourites (0 first); absent when not pinned. */
  readonly favouritePosition?: number;
  /** When the user last opened it from the launcher (ISO date-time; one of their last few); absent otherwise. */
  readonly lastLaunchedAt?: string;
  /** When a time-bound access ends (ISO date-time, #19); absent: no end. */
  readonly accessEndsAt?: string;
  /** An open request of the user for it (#19: a granted one's extension). */
  readonly pendingRequestId?: string;
}

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
