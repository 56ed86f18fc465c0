// Access governance on the user's side (#19): the catalogue of requestable applications, the
// user's own requests (cancel) and notifications, and the calendar days the portal shows for
// an end of access (the last day of access, in the user's time zone) against the API's instants.

import type { AccessRequestOptions, Page, Present } from '@portal/core';
import { isAnswered, isoDay } from '@portal/core';
import type { Query, Schema } from '@portal/contract';
import type { ApiClient } from './client.ts';
import { unwrap, unwrapVoid } from './client.ts';

/** An application as the user's lists name it (the contract's `{ id, label, logoUrl }`), the logo absent instead of null. */
export type AppRef = Present<Pick<Schema<'CatalogueApplication'>, 'id' | 'label' | 'logoUrl'>>;

/** What a request to an application needs (the catalogue says it before the form is opened): the contract's `MyRequestRequirements`, summed up. */
export type RequestNeeds = Readonly<
  Pick<Schema<'MyRequestRequirements'>, 'justification' | 'accountAccessRequired' | 'roleRequired'>
> & {
  /** Time-bound access (`timeBoundAccess`): the request may name a last day. */
  readonly timeBound: boolean;
  /** The latest end is this many days ahead (absent: no maximum). */
  readonly maxAccessDays?: number;
  /** How many account accesses may be asked for. */
  readonly accountAccessCount: number;
  /** How many questions must be answered (the user has no value for them yet). */
  readonly openQuestions: number;
};

/** The contract's `CatalogueApplication` (without its url), nulls absent, its request's needs summed up. */
export type CatalogueApplication = AppRef &
  Present<
    Pick<Schema<'CatalogueApplication'>, 'description' | 'accessStatus' | 'accessEndsAt' | 'pendingRequestId'>
  > & {
    readonly needs: RequestNeeds;
  };

/** An account access or a role by name. */
export type NamedChoice = Readonly<Pick<Schema<'Ref'>, 'id' | 'label'>>;

/** One of the user's own access requests: the contract's `MyAccessRequest`, nulls absent. */
export type MyAccessRequestItem = Present<
  Omit<
    Schema<'MyAccessRequest'>,
    'applicationId' | 'application' | 'requestedAccountAccess' | 'requestedRole' | 'answers'
  >
> & {
  readonly application: AppRef;
  readonly requestedAccountAccess?: NamedChoice;
  readonly requestedRole?: NamedChoice;
  readonly answers: readonly Readonly<Schema<'RequestAnswer'>>[];
};

export type MyNotificationKind = Schema<'MyNotificationKind'>;

/** The contract's `MyNotification`, nulls absent, `readAt` as whether it was read. */
export type MyNotification = Present<Omit<Schema<'MyNotification'>, 'application' | 'readAt'>> & {
  readonly application: AppRef;
  readonly read: boolean;
};

export type MyNotifications = Page<MyNotification> & Readonly<Pick<Schema<'MyNotificationList'>, 'unread'>>;

/** A page of the catalogue or of the user's requests: page and size always sent. */
export type PageQuery = Readonly<
  Required<Pick<Query<'listMyCatalogue'>, 'page' | 'pageSize'>> & Pick<Query<'listMyCatalogue'>, 'search'>
>;

// ---------------------------------------------------------------------------- days and instants

const pad = (n: number) => String(n).padStart(2, '0');

/** The user's day now (ISO `YYYY-MM-DD`, local time). */
export function localToday(now: Date = new Date()): string {
  return isoDay(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/** The instant an access with this last day ends: the local midnight after it (ISO date-time). */
export function endsAtOfLastDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 0, (month ?? 1) - 1, (date ?? 1) + 1).toISOString();
}

/** The last day of access (local) of an end instant: the day before the local day it falls on, unless it falls within a day. */
export function lastDayOfEndsAt(endsAt: string): string {
  const at = new Date(Date.parse(endsAt) - 1);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** Whole days from today until the local day of an instant (the maximum of a decision's end, for core's rule). */
export function daysUntilLocalDay(at: string, now: Date = new Date()): number {
  const day = new Date(Date.parse(at));
  const start = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((Date.UTC(day.getFullYear(), day.getMonth(), day.getDate()) - start) / 86_400_000);
}

// ---------------------------------------------------------------------------- mapping

const appRef = (wire: Pick<Schema<'CatalogueApplication'>, 'id' | 'label' | 'logoUrl'>): AppRef => ({
  id: wire.id,
  label: wire.label,
  ...(wire.logoUrl === null ? {} : { logoUrl: wire.logoUrl }),
});

function toRequestNeeds(wire: Schema<'MyRequestRequirements'>): RequestNeeds {
  return {
    justification: wire.justification,
    timeBound: wire.timeBoundAccess,
    ...(wire.timeBoundAccess && wire.maxAccessDays !== null ? { maxAccessDays: wire.maxAccessDays } : {}),
    accountAccessRequired: wire.accountAccessRequired,
    roleRequired: wire.roleRequired,
    accountAccessCount: wire.accountAccesses.total,
    openQuestions: wire.questions.filter((q) => !isAnswered(q.value, q.requiredValue)).length,
  };
}

/** The longest time-bound access when the application sets no maximum (the contract's upper bound). */
const unlimitedDays = 3650;

/** What core's request form needs, from `GET /My/Applications/{id}/AccessRequest`. */
export function toAccessRequestOptions(wire: Schema<'MyAccessRequestOptions'>): AccessRequestOptions {
  const needs = wire.requirements;
  return {
    roleRequired: wire.roleRequired,
    accountAccessRequired: wire.accountAccessRequired,
    accountAccesses: wire.accountAccesses,
    roles: wire.roles,
    justificationRequired: needs.justification === 'required',
    justificationMaxLength: needs.justificationMaxLength,
    ...(needs.timeBoundAccess ? { maxAccessDays: needs.maxAccessDays ?? unlimitedDays } : {}),
    // A question is open while the user has no value, or not the answer it requires (#30.1).
    questions: needs.questions.map((q) => ({
      id: q.key,
      label: q.label,
      required: !isAnswered(q.value, q.requiredValue),
      ...(q.requiredValue === null ? {} : { requiredValue: q.requiredValue }),
    })),
  };
}

export function toCatalogueApplication(wire: Schema<'CatalogueApplication'>): CatalogueApplication {
  return {
    ...appRef(wire),
    description: wire.description,
    accessStatus: wire.accessStatus,
    ...(wire.accessEndsAt === null ? {} : { accessEndsAt: wire.accessEndsAt }),
    ...(wire.pendingRequestId === null ? {} : { pendingRequestId: wire.pendingRequestId }),
    needs: toRequestNeeds(wire.request),
  };
}

export function toMyAccessRequest(wire: Schema<'MyAccessRequest'>): MyAccessRequestItem {
  return {
    id: wire.id,
    application: appRef(wire.application),
    status: wire.status,
    requestedAt: wire.requestedAt,
    ...(wire.requestedAccountAccess === null
      ? {}
      : { requestedAccountAccess: { id: wire.requestedAccountAccess.id, label: wire.requestedAccountAccess.label } }),
    ...(wire.requestedRole === null
      ? {}
      : { requestedRole: { id: wire.requestedRole.id, label: wire.requestedRole.label } }),
    ...(wire.justification === null || wire.justification === '' ? {} : { justification: wire.justification }),
    ...(wire.requestedEndsAt === null ? {} : { requestedEndsAt: wire.requestedEndsAt }),
    answers: wire.answers,
    ...(wire.decidedAt === null ? {} : { decidedAt: wire.decidedAt }),
    ...(wire.reason === null || wire.reason === '' ? {} : { reason: wire.reason }),
    ...(wire.endsAt === null ? {} : { endsAt: wire.endsAt }),
    ...(wire.expiredAt === null ? {} : { expiredAt: wire.expiredAt }),
    canRequestAgain: wire.canRequestAgain,
  };
}

export function toMyNotification(wire: Schema<'MyNotification'>): MyNotification {
  return {
    id: wire.id,
    kind: wire.kind,
    application: appRef(wire.application),
    ...(wire.requestId === null ? {} : { requestId: wire.requestId }),
    ...(wire.endsAt === null ? {} : { endsAt: wire.endsAt }),
    ...(wire.reason === null || wire.reason.trim() === '' ? {} : { reason: wire.reason }),
    createdAt: wire.createdAt,
    read: wire.readAt !== null,
  };
}

const searchOf = (search: string | undefined) =>
  search === undefined || search.trim() === '' ? {} : { search: search.trim() };

// ---------------------------------------------------------------------------- calls

export interface MyAccessApi {
  /** `GET /My/Catalogue`: requestable applications, searched and paged on the server. */
  listCatalogue(query: PageQuery): Promise<Page<CatalogueApplication>>;
  /** `GET /My/AccessRequests`: the user's own requests, newest first. */
  listMyAccessRequests(
    query: PageQuery & Readonly<Pick<Query<'listMyAccessRequests'>, 'status'>>,
  ): Promise<Page<MyAccessRequestItem>>;
  /** `GET /My/AccessRequests/{id}`: one of the user's requests (request again, #30.11). */
  getMyAccessRequest(id: string): Promise<MyAccessRequestItem>;
  /** `POST /My/AccessRequests/{id}/Cancel`. */
  cancelMyAccessRequest(id: string): Promise<MyAccessRequestItem>;
  /** `GET /My/Notifications`. */
  listMyNotifications(
    query: Readonly<
      Required<Pick<Query<'listMyNotifications'>, 'page' | 'pageSize'>> & Pick<Query<'listMyNotifications'>, 'unread'>
    >,
  ): Promise<MyNotifications>;
  /** `POST /My/Notifications/{id}/Read`. */
  markMyNotificationRead(id: string): Promise<void>;
}

export function createMyAccessApi(client: ApiClient): MyAccessApi {
  return {
    async listCatalogue({ page, pageSize, search }) {
      const wire = await unwrap(
        client.GET('/My/Catalogue', { params: { query: { page, pageSize, ...searchOf(search) } } }),
      );
      return { items: wire.items.map(toCatalogueApplication), total: wire.total };
    },
    async listMyAccessRequests({ page, pageSize, search, status }) {
      const query = { page, pageSize, ...searchOf(search), ...(status === undefined ? {} : { status }) };
      const wire = await unwrap(client.GET('/My/AccessRequests', { params: { query } }));
      return { items: wire.items.map(toMyAccessRequest), total: wire.total };
    },
    async getMyAccessRequest(id) {
      return toMyAccessRequest(await unwrap(client.GET('/My/AccessRequests/{id}', { params: { path: { id } } })));
    },
    async cancelMyAccessRequest(id) {
      return toMyAccessRequest(
        await unwrap(client.POST('/My/AccessRequests/{id}/Cancel', { params: { path: { id } } })),
      );
    },
    async listMyNotifications({ unread, page, pageSize }) {
      const wire = await unwrap(
        client.GET('/My/Notifications', {
          params: { query: { page, pageSize, ...(unread === undefined ? {} : { unread }) } },
        }),
      );
      return { items: wire.items.map(toMyNotification), total: wire.total, unread: wire.unread };
    },
    async markMyNotificationRead(id) {
      await unwrapVoid(client.POST('/My/Notifications/{id}/Read', { params: { path: { id } } }));
    },
  };
}
