// The portal's API and the portal server's session list, in memory, for the screens' stories:
// every answer is built from the story's data, typed by the contract (`@portal/contract`'s
// `paths`), so the adapters decode exactly what the real API would send. Nothing leaves the
// page: a call the data does not answer gets the contract's 404 (and a warning naming it).
import { accessRequestStatuses, type MySession } from '@portal/core';
import type { paths, Schema } from '@portal/contract';

type Path = keyof paths;
type Method = 'get' | 'post' | 'put' | 'delete';
type OkBody<P extends Path, M extends Method> = paths[P][M] extends { responses: infer R }
  ? R extends { 200: { content: { 'application/json': infer B } } }
    ? B
    : R extends { 201: { content: { 'application/json': infer B } } }
      ? B
      : undefined
  : never;

/** What the in-memory server knows; a missing part answers 404 (a call the story did not expect). */
export interface ScreenData {
  readonly myApplications?: readonly Schema<'MyApplication'>[];
  readonly myApplicationDetails?: readonly Schema<'MyApplicationDetail'>[];
  readonly profile?: Schema<'Profile'>;
  /** The portal server's list of the user's sessions (`GET /auth/sessions`). */
  readonly sessions?: readonly MySession[];
  /** The gate's answers by client id (`GET /AuthCheck`). */
  readonly authChecks?: Readonly<Record<string, Schema<'AuthCheckResult'>>>;
  /** External-app branding by client id. */
  readonly brandings?: Readonly<Record<string, Schema<'Branding'>>>;
  /** What an access request may name, by application id. */
  readonly accessRequestOptions?: Readonly<Record<string, Schema<'MyAccessRequestOptions'>>>;
  /** The catalogue of requestable applications (`GET /My/Catalogue`), in the API's order. */
  readonly catalogue?: readonly Schema<'CatalogueApplication'>[];
  /** The user's own access requests (`GET /My/AccessRequests` answers them newest first). */
  readonly myAccessRequests?: readonly Schema<'MyAccessRequest'>[];
  /** The user's notifications (`GET /My/Notifications`), newest first; `POST …/{id}/Read` marks one read (#30.6). */
  readonly myNotifications?: readonly Schema<'MyNotification'>[];
  readonly administrable?: readonly Schema<'AdminApplication'>[];
  readonly applications?: readonly Schema<'ApplicationSummary'>[];
  readonly roles?: readonly Schema<'Role'>[];
  readonly attributes?: readonly Schema<'Attribute'>[];
  /** Applications as their console page reads them (`GET /Applications/{id}`). */
  readonly applicationDetails?: readonly Schema<'Application'>[];
  readonly accountAccesses?: readonly Schema<'AccountAccessSummary'>[];
  readonly customFlows?: readonly Schema<'CustomFlowSummary'>[];
  /** Users' access to applications by application id (`GET/PUT /Admin/Applications/{id}/Users/{userId}`). */
  readonly applicationUsers?: Readonly<Record<string, readonly Schema<'ApplicationUser'>[]>>;
  /** What a decision or a grant may choose, by application id. */
  readonly selections?: Readonly<
    Record<string, { readonly roles: Schema<'SelectionList'>; readonly accountAccesses: Schema<'SelectionList'> }>
  >;
  readonly permissions?: readonly Schema<'PermissionSummary'>[];
  /** The API's mails (`GET /Admin/Mails`, newest first) and whether it sends mail (`GET /Admin/MailSettings`), #29. */
  readonly mails?: readonly Schema<'Mail'>[];
  readonly mailSettings?: Schema<'MailSettings'>;
  /** What deleting an entity would affect, by its id (`GET …/{id}/Usage` of roles, permissions, applications, users; #30.3). */
  readonly usage?: Readonly<Record<string, Schema<'EntityUsage'>>>;
  /** An entity's history by its id. */
  readonly history?: Readonly<Record<string, readonly Schema<'HistoryEntry'>[]>>;
  /** The dry run of a CSV import (#20.3). */
  readonly importDryRun?: Schema<'ApplicationUsersImportResult'>;
  /** An applied import's job (#28.6): the submit answers the first (202), each read of it the next, the last one again. */
  readonly importJob?: readonly Schema<'Job'>[];
  /** Calls (`'GET /My/Applications'`) that never answer: the page stays in its loading state. */
  readonly pending?: readonly string[];
  /**
   * Calls that fail: a status with the contract's error body (`{ 'GET /My/Profile': 500 }`), or
   * the status and the body (a refused save with the messages of its fields).
   */
  readonly failing?: Readonly<Record<string, number | { readonly status: number; readonly body: Schema<'Error'> }>>;
}

interface Call {
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly body: unknown;
}

interface Handler {
  readonly method: Uppercase<Method>;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  readonly template: string;
  readonly status: number;
  answer(call: Call): unknown;
}

/** `/Roles/{id}` → a regular expression and the parameter names. */
function compile(template: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}$`), names };
}

const notFound = { error: { code: '404', message: 'Nicht gefunden.', errors: [] } } satisfies Schema<'Error'>;

/** An answer 202 with a job and its address (#28.6). */
class Accepted {
  readonly job: Schema<'Job'>;
  constructor(job: Schema<'Job'>) {
    this.job = job;
  }
}

class Missing extends Error {}

/** A call the API refuses (its status and the contract's error body). */
class Refused extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }

  body(): Schema<'Error'> {
    return { error: { code: this.code, message: this.message, errors: [{ message: this.message }] } };
  }
}

/**
 * A list answer as the API pages it: `search` narrows by the texts `searched` names (by default
 * every text of the item: label, key, id…), `page` and `pageSize` cut.
 */
function pageOf<T extends { readonly id: string }>(
  items: readonly T[] | undefined,
  query: URLSearchParams,
  searched: (item: T) => readonly unknown[] = Object.values,
): { items: T[]; total: number } {
  if (items === undefined) throw new Missing();
  const search = query.get('search')?.trim().toLowerCase() ?? '';
  const found =
    search === ''
      ? [...items]
      : items.filter((item) =>
          searched(item).some((value) => typeof value === 'string' && value.toLowerCase().includes(search)),
        );
  const page = Number(query.get('page') ?? '1');
  const size = Number(query.get('pageSize') ?? '25');
  return { items: found.slice((page - 1) * size, page * size), total: found.length };
}

function find<T>(items: readonly T[] | undefined, match: (item: T) => boolean): T {
  const item = items?.find(match);
  if (item === undefined) throw new Missing();
  return item;
}

function known<T>(value: T | undefined): T {
  if (value === undefined) throw new Missing();
  return value;
}

export interface MemoryApi {
  /** The API client's fetch (adapters' `FetchLike`) and the session list's (`typeof fetch`). */
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  /** Every call, `METHOD /path`, in order. */
  readonly calls: readonly string[];
}

/** `apiPath`: where the API lives under the page's origin (the config's `apiUrl`). */
export function createMemoryApi(data: ScreenData, apiPath = '/api'): MemoryApi {
  const handlers: Handler[] = [];
  const on = <P extends Path, M extends Method>(
    method: M,
    template: P,
    answer: (call: Call) => OkBody<P, M>,
    status = 200,
  ) => {
    handlers.push({
      method: method.toUpperCase() as Uppercase<Method>,
      template,
      status,
      ...compile(template),
      answer,
    });
  };
  const onServer = (method: Uppercase<Method>, template: string, answer: (call: Call) => unknown) => {
    handlers.push({ method, template, status: 200, ...compile(template), answer });
  };
  // The gate's answers change when the user asks for access.
  const authChecks = new Map(Object.entries(data.authChecks ?? {}));
  const choice = (items: readonly Schema<'SelectionItem'>[] | undefined, id: string | null | undefined) =>
    items?.find((item) => item.id === id) ?? null;

  // The user's side.
  on('get', '/My/Applications', ({ query }) => pageOf(data.myApplications, query));
  on('get', '/My/Applications/{id}', ({ params }) =>
    find(data.myApplicationDetails, (d) => d.application.id === params.id),
  );
  on('put', '/My/Favourites', ({ body }) => body as Schema<'MyFavourites'>);
  let profile = data.profile;
  on('get', '/My/Profile', () => known(profile));
  on('put', '/My/Profile', ({ body }) => {
    const input = body as Schema<'ProfileInput'>;
    const { firstName, lastName, language } = input;
    profile = {
      ...known(profile),
      firstName,
      lastName,
      fullName: `${firstName} ${lastName}`.trim(),
      language,
      companyName: input.companyName ?? null,
      address: input.address ?? null,
    };
    return profile;
  });
  on('get', '/AuthCheck', ({ query }) => known(authChecks.get(query.get('clientId') ?? '')));
  on('get', '/My/Applications/Branding/{clientId}', ({ params }) => known(data.brandings?.[params.clientId ?? '']));
  // The catalogue and the user's requests change when the user asks for access or withdraws a request.
  let catalogue = data.catalogue;
  let requests = data.myAccessRequests;
  const listed = (id: string) => catalogue?.find((app) => app.id === id);
  const openRequest = (id: string) =>
    requests === undefined
      ? (listed(id)?.pendingRequestId ?? undefined) !== undefined || authChecks.get(id)?.status === 'requested'
      : requests.some((request) => request.applicationId === id && request.status === 'OPEN');
  const grantedForGood = (id: string) => {
    const app = listed(id);
    return app?.accessStatus === 'granted' && app.accessEndsAt === null;
  };
  /** Whether a new request may be sent, as the API works it out when it answers (the story's own answer without a catalogue). */
  const standing = (request: Schema<'MyAccessRequest'>): Schema<'MyAccessRequest'> =>
    catalogue === undefined
      ? request
      : {
          ...request,
          canRequestAgain:
            request.status !== 'OPEN' &&
            listed(request.applicationId) !== undefined &&
            !openRequest(request.applicationId) &&
            !grantedForGood(request.applicationId),
        };
  const mine = (id: string | undefined) => find(requests, (request) => request.id === id);
  /** The account accesses or roles whose label or key holds the search (the API's first 50). */
  const narrowed = (list: Schema<'SelectionList'>, search: string): Schema<'SelectionList'> => {
    if (search === '') return list;
    const items = list.items.filter((item) =>
      [item.label, item.key].some((text) => text.toLowerCase().includes(search)),
    );
    return { items, total: items.length };
  };

  on('get', '/My/Catalogue', ({ query }) => pageOf(catalogue, query, (app) => [app.id, app.label, app.description]));
  on('get', '/My/AccessRequests', ({ query }) => {
    const status = query.get('status');
    if (status !== null && !(accessRequestStatuses as readonly string[]).includes(status))
      throw new Refused(400, '400', 'Die Anfrage ist ungültig.');
    const chosen = known(requests)
      .filter((request) => status === null || request.status === status)
      .toSorted((a, b) => b.requestedAt.localeCompare(a.requestedAt) || b.id.localeCompare(a.id))
      .map(standing);
    // Searched by the application's label.
    return pageOf(chosen, query, (request) => [request.application.label]);
  });
  on('get', '/My/AccessRequests/{id}', ({ params }) => standing(mine(params.id)));
  let notifications = data.myNotifications;
  on('get', '/My/Notifications', ({ query }) => {
    const all = known(notifications);
    const chosen = query.get('unread') === 'true' ? all.filter((n) => n.readAt === null) : all;
    return { ...pageOf(chosen, query, () => []), unread: all.filter((n) => n.readAt === null).length };
  });
  on('post', '/My/Notifications/{id}/Read', ({ params }) => {
    find(notifications, (n) => n.id === params.id);
    const at = new Date().toISOString();
    notifications = notifications?.map((n) => (n.id === params.id ? { ...n, readAt: n.readAt ?? at } : n));
    return undefined;
  });
  on('post', '/My/AccessRequests/{id}/Cancel', ({ params }) => {
    const request = mine(params.id);
    if (request.status !== 'OPEN')
      throw new Refused(409, 'accessRequest.notOpen', 'Dieser Antrag ist nicht mehr offen.');
    const cancelled = { ...request, status: 'CANCELLED' as const, decidedAt: new Date().toISOString() };
    requests = requests?.map((r) => (r.id === cancelled.id ? cancelled : r));
    const id = cancelled.applicationId;
    catalogue = catalogue?.map((app) =>
      app.id === id
        ? { ...app, accessStatus: app.accessStatus === 'requested' ? 'none' : app.accessStatus, pendingRequestId: null }
        : app,
    );
    const check = authChecks.get(id);
    if (check?.status === 'requested') authChecks.set(id, { ...check, status: 'noAccess', requestable: true });
    return standing(cancelled);
  });
  on('get', '/My/Applications/{id}/AccessRequest', ({ params, query }) => {
    const options = known(data.accessRequestOptions?.[params.id ?? '']);
    const search = query.get('search')?.trim().toLowerCase() ?? '';
    return {
      ...options,
      accountAccesses: narrowed(options.accountAccesses, search),
      roles: narrowed(options.roles, search),
    };
  });
  on(
    'post',
    '/My/Applications/{id}/AccessRequest',
    ({ params, body }) => {
      const id = params.id ?? '';
      const check = authChecks.get(id);
      // The application as the catalogue lists it, or as the gate named it.
      const application = listed(id) ?? known(check).application;
      if (grantedForGood(id))
        throw new Refused(409, 'accessRequest.alreadyGranted', 'Sie haben bereits Zugriff auf diese Anwendung.');
      if (openRequest(id))
        throw new Refused(409, 'accessRequest.alreadyOpen', 'Für diese Anwendung ist bereits ein Antrag offen.');
      const options = data.accessRequestOptions?.[id];
      const input = body as Schema<'MyAccessRequestInput'>;
      if (check !== undefined) authChecks.set(id, { ...check, status: 'requested' });
      const requestId = crypto.randomUUID();
      catalogue = catalogue?.map((app) =>
        app.id === id
          ? {
              ...app,
              accessStatus: app.accessStatus === 'granted' ? 'granted' : 'requested',
              pendingRequestId: requestId,
            }
          : app,
      );
      const created: Schema<'MyAccessRequest'> = {
        id: requestId,
        applicationId: application.id,
        status: 'OPEN' as const,
        requestedAt: new Date().toISOString(),
        application: { id: application.id, label: application.label, logoUrl: application.logoUrl },
        requestedAccountAccess: choice(options?.accountAccesses.items, input.accountAccessId),
        requestedRole: choice(options?.roles.items, input.roleId),
        justification: input.justification ?? null,
        requestedEndsAt: input.endsAt ?? null,
        answers: (input.answers ?? []).flatMap(({ key, value }) =>
          value === null
            ? []
            : [{ key, value, label: options?.requirements.questions.find((q) => q.key === key)?.label ?? key }],
        ),
        decidedAt: null,
        reason: null,
        endsAt: null,
        expiredAt: null,
        canRequestAgain: false,
      };
      requests = requests === undefined ? undefined : [created, ...requests];
      return created;
    },
    201,
  );
  onServer('GET', '/auth/sessions', () => ({ sessions: known(data.sessions) }));

  // The console.
  on('get', '/Admin/Applications', ({ query }) => pageOf(data.administrable, query));
  on('get', '/Applications', ({ query }) => pageOf(data.applications, query));
  on('get', '/Admin/Mails', ({ query }) => {
    const status = query.get('status');
    return pageOf(
      data.mails?.filter((mail) => status === null || mail.status === status),
      query,
    );
  });
  on('get', '/Admin/MailSettings', () => known(data.mailSettings));
  on('get', '/Roles', ({ query }) =>
    pageOf(
      data.roles?.map(({ id, key, label, description }) => ({ id, key, label, description })),
      query,
    ),
  );
  // A role and its history change when an entry is undone (#19.7): the field as it was, as a change of its own.
  let roles = data.roles;
  const history = new Map(Object.entries(data.history ?? {}));
  on('get', '/Roles/{id}', ({ params }) => find(roles, (role) => role.id === params.id));
  on('get', '/Roles/{id}/History', ({ params, query }) => pageOf(history.get(params.id ?? '') ?? [], query));
  on('post', '/Roles/{id}/History/{entryId}/Revert', ({ params }) => {
    const role = find(roles, (r) => r.id === params.id);
    const entries = history.get(role.id) ?? [];
    const entry = find(entries, (e) => e.id === params.entryId);
    const field = entry.field as keyof Schema<'Role'> | null;
    if (!entry.revertible || field === null)
      throw new Refused(409, 'history.changedSince', 'Das Feld wurde seitdem erneut geändert.');
    const old: unknown = typeof role[field] === 'string' ? entry.oldValue : JSON.parse(entry.oldValue ?? 'null');
    const reverted = { ...role, [field]: old };
    roles = roles?.map((r) => (r.id === role.id ? reverted : r));
    history.set(role.id, [
      {
        ...entry,
        id: crypto.randomUUID(),
        oldValue: entry.value,
        value: entry.oldValue,
        updatedAt: new Date().toISOString(),
      },
      ...entries.map((e) => (e.field === field ? { ...e, revertible: false } : e)),
    ]);
    return reverted;
  });
  on('get', '/Permissions', ({ query }) => pageOf(data.permissions, query));
  const usageOf = ({ params }: Call) => known(data.usage?.[params.id ?? '']);
  on('get', '/Roles/{id}/Usage', usageOf);
  on('get', '/Permissions/{id}/Usage', usageOf);
  on('get', '/Applications/{id}/Usage', usageOf);
  on('get', '/Users/{id}/Usage', usageOf);
  on('get', '/AccountAccesses', ({ query }) => pageOf(data.accountAccesses, query));
  on('get', '/CustomFlows', ({ query }) => pageOf(data.customFlows, query));
  // An application's page: saved as the API saves it (#30.2: only linked account accesses are requestable).
  let applicationDetails = data.applicationDetails;
  on('get', '/Applications/{id}', ({ params }) => find(applicationDetails, (a) => a.id === params.id));
  on('get', '/Applications/{id}/History', ({ params, query }) => pageOf(history.get(params.id ?? '') ?? [], query));
  on('get', '/Admin/Applications/{id}/WebhookDeliveries', ({ params, query }) => {
    find(applicationDetails, (a) => a.id === params.id);
    return pageOf([], query);
  });
  on('put', '/Applications/{id}', ({ params, body }) => {
    const before = find(applicationDetails, (a) => a.id === params.id);
    const input = body as Schema<'ApplicationInput'>;
    const accountAccessIds = input.accountAccessIds ?? before.accountAccessIds;
    const requestable = input.requestableAccountAccessIds ?? before.requestableAccountAccessIds;
    if (requestable.some((id) => !accountAccessIds.includes(id)))
      throw new Refused(400, 'accountAccess.notLinked', 'Der Kontozugang ist nicht verknüpft.');
    const { webhook: _webhook, ...rest } = input;
    const saved: Schema<'Application'> = {
      ...before,
      ...rest,
      description: input.description ?? before.description,
      homePageUrl: input.homePageUrl ?? null,
      logoUrl: input.logoUrl ?? null,
      notificationEmail: input.notificationEmail ?? null,
      adminPermissionId: input.adminPermissionId ?? null,
      maxAccessDays: input.maxAccessDays === undefined ? before.maxAccessDays : input.maxAccessDays,
      requestableAccountAccessIds: requestable,
      webhook: before.webhook,
    };
    applicationDetails = applicationDetails?.map((a) => (a.id === saved.id ? saved : a));
    return saved;
  });
  // A user's access to an application (#30.2: its end set, extended or removed as the API does).
  const applicationUsers = new Map(Object.entries(data.applicationUsers ?? {}));
  const accessOf = (application: string | undefined, user: string | undefined) =>
    find(applicationUsers.get(application ?? ''), (u) => u.user.id === user);
  on('get', '/Admin/Applications/{id}/Users/{userId}', ({ params }) => accessOf(params.id, params.userId));
  on('get', '/Admin/Applications/{id}/Users/{userId}/AccessReasons', ({ params }) => {
    const access = accessOf(params.id, params.userId);
    return {
      applicationId: params.id ?? '',
      userId: access.user.id,
      hasAccess: access.hasAccess,
      accessSince: access.accessSince,
      reasons: [],
      roles: access.roles.map((ref) => ({ ref, reasons: [] })),
      accountAccesses: access.accountAccesses.map((ref) => ({ ref, reasons: [] })),
    };
  });
  on('put', '/Admin/Applications/{id}/Users/{userId}', ({ params, body }) => {
    const before = accessOf(params.id, params.userId);
    const input = body as Schema<'ApplicationUserInput'>;
    if (input.endsAt !== undefined && input.endsAt !== null && !before.timeBoundAccess)
      throw new Refused(
        400,
        'accessRequest.timeBoundNotAllowed',
        'Diese Anwendung vergibt keinen befristeten Zugriff.',
      );
    const choices = [...before.roles, ...(data.selections?.[params.id ?? '']?.roles.items ?? [])];
    const saved: Schema<'ApplicationUser'> = {
      ...before,
      hasAccess: true,
      endsAt: input.endsAt === undefined ? before.endsAt : input.endsAt,
      roles: input.roleIds.flatMap((id) => choices.filter((role) => role.id === id).slice(0, 1)),
    };
    applicationUsers.set(
      params.id ?? '',
      (applicationUsers.get(params.id ?? '') ?? []).map((u) => (u.user.id === saved.user.id ? saved : u)),
    );
    return saved;
  });
  on(
    'get',
    '/Admin/Applications/{id}/Selections/Roles',
    ({ params }) => known(data.selections?.[params.id ?? '']).roles,
  );
  on(
    'get',
    '/Admin/Applications/{id}/Selections/AccountAccesses',
    ({ params }) => known(data.selections?.[params.id ?? '']).accountAccesses,
  );
  // Attributes are saved as the API saves them (#30.1: only a Yes/No attribute requires an answer).
  let attributes = data.attributes;
  on('get', '/Attributes', ({ query }) =>
    pageOf(
      attributes?.map(({ id, key, label, dataType, editableByUser, editableByOthers }) => ({
        id,
        key,
        label,
        dataType,
        editableByUser,
        editableByOthers,
      })),
      query,
    ),
  );
  on('get', '/Attributes/{id}', ({ params }) => find(attributes, (a) => a.id === params.id));
  on('get', '/Attributes/{id}/History', ({ params, query }) => pageOf(history.get(params.id ?? '') ?? [], query));
  on('put', '/Attributes/{id}', ({ params, body }) => {
    const before = find(attributes, (a) => a.id === params.id);
    const input = body as Schema<'AttributeInput'>;
    if (input.requiredValue !== undefined && input.requiredValue !== null && input.dataType !== 'BOOLEAN')
      throw new Refused(
        400,
        'attribute.requiredValueNotBoolean',
        'Eine erforderliche Antwort gibt es nur bei Ja/Nein-Attributen.',
      );
    const saved: Schema<'Attribute'> = {
      ...before,
      key: input.key,
      label: input.label,
      dataType: input.dataType,
      requiredValue: input.dataType === 'BOOLEAN' ? (input.requiredValue ?? before.requiredValue) : null,
      permissionId: input.permissionId ?? null,
      directoryLink: input.directoryLink ?? null,
      editableByUser: input.editableByUser ?? before.editableByUser,
      editableByOthers: input.editableByOthers ?? before.editableByOthers,
    };
    attributes = attributes?.map((a) => (a.id === saved.id ? saved : a));
    return saved;
  });
  // The CSV import (#20.3): a dry run at once, applied a job (#28.6) read until it is finished.
  let jobReads = 0;
  onServer('POST', '/Admin/Applications/{id}/Users/Import', ({ body }) =>
    (body as Schema<'ApplicationUsersImport'>).apply
      ? new Accepted(known(data.importJob?.[0]))
      : known(data.importDryRun),
  );
  on('get', '/Admin/Applications/{id}/Jobs/{jobId}', () => {
    const jobs = known(data.importJob);
    jobReads = Math.min(jobReads + 1, jobs.length - 1);
    return known(jobs[jobReads]);
  });

  const calls: string[] = [];
  return {
    calls,
    async fetch(input, init) {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init);
      const url = new URL(request.url);
      const path = url.pathname.startsWith(`${apiPath}/`) ? url.pathname.slice(apiPath.length) : url.pathname;
      const call = `${request.method} ${path}`;
      calls.push(call);
      if (data.pending?.includes(call)) {
        // Never answered; the adapter's own timeout (or the story's end) aborts it.
        return new Promise<Response>((_, reject) => {
          request.signal.addEventListener(
            'abort',
            () => {
              const reason: unknown = request.signal.reason;
              reject(reason instanceof Error ? reason : new DOMException('The request was aborted.', 'AbortError'));
            },
            { once: true },
          );
        });
      }
      const failure = data.failing?.[call];
      if (typeof failure === 'number')
        return Response.json(
          { error: { code: String(failure), message: 'Fehler.', errors: [] } } satisfies Schema<'Error'>,
          { status: failure },
        );
      if (failure !== undefined) return Response.json(failure.body, { status: failure.status });
      const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
      for (const handler of handlers) {
        if (handler.method !== request.method) continue;
        const match = handler.pattern.exec(path);
        if (match === null) continue;
        const params = Object.fromEntries(
          handler.names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]),
        );
        try {
          const body = handler.answer({
            params,
            query: url.searchParams,
            body: text === '' ? undefined : JSON.parse(text),
          });
          if (body instanceof Accepted)
            return Response.json(body.job, { status: 202, headers: { Location: body.job.statusUrl } });
          return body === undefined
            ? new Response(null, { status: 204 })
            : Response.json(body, { status: handler.status });
        } catch (error) {
          if (error instanceof Refused) return Response.json(error.body(), { status: error.status });
          if (!(error instanceof Missing)) throw error;
          break;
        }
      }
      console.warn(`[story] the in-memory API has no answer for ${call}`);
      return Response.json(notFound, { status: 404 });
    },
  };
}
