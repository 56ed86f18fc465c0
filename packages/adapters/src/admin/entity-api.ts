// The console's calls of one entity kind (applications, attributes, permissions, roles, account
// accesses, custom flows, users), made once for every kind from its name and its entry in a typed
// table (the validators of a page of its list and of one entity). The name gives the paths and the
// operations (`roles`: `/Roles…`, `listRoles`, `exportRoles`); the compiler reads from the contract
// which kinds have which paths and what each takes and answers, and refuses a kind or an entry
// that is not the contract's.

import type { operations, paths } from '@portal/contract';
import { decodeWire, type Validator } from '@portal/contract/decode';
import * as wire from '@portal/contract/validators';
import type { ApiClient, FetchResult } from '../http/client.ts';
import { unwrap, unwrapVoid } from '../http/client.ts';
import {
  exportQuery,
  historyQuery,
  listQuery,
  type ExportOperation,
  type HistoryParams,
  type ListOperation,
} from './list-query.ts';
import type { AdminHistoryEntry, AdminPage, DeleteResult, EntityUsage, ListParams } from './types.ts';

/** A list's search and sort, without paging: what a CSV download keeps. */
export type ExportParams = Omit<ListParams, 'page' | 'pageSize'>;

/** Create, read, update, delete and history of one entity kind. */
export interface EntityApi<Summary, Detail, Input, Removed = void> {
  list: (params: ListParams) => Promise<AdminPage<Summary>>;
  get: (id: string) => Promise<Detail>;
  create: (input: Input) => Promise<Detail>;
  update: (id: string, input: Input) => Promise<Detail>;
  remove: (id: string) => Promise<Removed>;
  history: (id: string, params: HistoryParams) => Promise<AdminPage<AdminHistoryEntry>>;
  /** Undoes one entry of the history (#19.7); the entity as saved. */
  revert: (id: string, entryId: string) => Promise<Detail>;
  /** The whole list with this search and sort as a CSV download (a link: the browser streams it to disk). */
  exportUrl: (params: ExportParams) => string;
}

/** Several entities of a list deleted at once, all or nothing (#20.3); how many were deleted. */
export interface BulkRemovable {
  removeMany: (ids: readonly string[]) => Promise<number>;
}

/** An entity others use (roles, account accesses, attributes, custom flows): its usage, and a delete that says what it was removed from. */
export interface UsedEntityApi<Summary, Detail, Input> extends EntityApi<Summary, Detail, Input, DeleteResult> {
  usage: (id: string) => Promise<EntityUsage>;
}

/** What deleting an entity would affect (#30.3): applications and users answer it, their delete nothing. */
export interface UsageOf {
  usage: (id: string) => Promise<EntityUsage>;
}

/** The users: listed, read, deleted (one or several) and downloaded; the console neither creates nor edits them. */
export type ListedEntityApi<Summary, Detail> = BulkRemovable &
  Pick<EntityApi<Summary, Detail, never>, 'list' | 'get' | 'remove' | 'exportUrl'>;

// ---- what the contract says of a kind's paths -------------------------------------------

type Json<R> = R extends { content: { 'application/json': infer J } } ? J : never;
/** The JSON an operation answers with success (200 or 201). */
type AnswerOf<Op> = Op extends { responses: infer R } ? Json<R[200 & keyof R] | R[201 & keyof R]> : never;
/** The JSON body an operation takes. */
type BodyOf<Op> = Op extends { requestBody?: infer B } ? Json<NonNullable<B>> : never;
type Has<P extends string, Method extends string> = P extends keyof paths
  ? paths[P] extends Record<Method, object>
    ? true
    : false
  : false;

/** A kind by the console's name of it (`accountAccesses`): its paths start with `/AccountAccesses`, its list and download
 * operations are `listAccountAccesses` and `exportAccountAccesses`, as the contract names them. */
type Base<K extends string> = `/${Capitalize<K>}`;
/** The console's names of the contract's top-level paths (`/AccountAccesses` → `accountAccesses`). */
type TopLevel = {
  [P in keyof paths]: P extends `/${infer Name}`
    ? Name extends `${string}/${string}`
      ? never
      : Uncapitalize<Name>
    : never;
}[keyof paths];
/** Whether the operation `Name` is the one the contract puts at `P` with `Method`. */
type OperationAt<Name extends string, P extends string, Method extends string> = Name extends keyof operations
  ? [operations[Name], Op<P, Method>] extends [Op<P, Method>, operations[Name]]
    ? true
    : false
  : false;

/** A kind that is listed, read, deleted (one or several) and downloaded: the users and every editable kind. */
export type ListedKind = {
  [K in TopLevel]: [
    `list${Capitalize<K>}` extends ListOperation ? OperationAt<`list${Capitalize<K>}`, Base<K>, 'get'> : false,
    Has<`${Base<K>}/{id}`, 'get' | 'delete'>,
    `export${Capitalize<K>}` extends ExportOperation
      ? OperationAt<`export${Capitalize<K>}`, `${Base<K>}/Export`, 'get'>
      : false,
    Has<`${Base<K>}/BulkDelete`, 'post'>,
  ] extends [true, true, true, true]
    ? K
    : never;
}[TopLevel];
/** A kind the console also creates, saves, and keeps the history of (an entry of which it can undo). */
export type EditableKind = {
  [K in ListedKind]: [
    Has<Base<K>, 'post'>,
    Has<`${Base<K>}/{id}`, 'put'>,
    Has<`${Base<K>}/{id}/History`, 'get'>,
    Has<`${Base<K>}/{id}/History/{entryId}/Revert`, 'post'>,
  ] extends [true, true, true, true]
    ? K
    : never;
}[ListedKind];
/** A kind that says what deleting one would affect (GET {id}/Usage). */
type AffectedKind = {
  [K in ListedKind]: Has<`${Base<K>}/{id}/Usage`, 'get'> extends true ? K : never;
}[ListedKind];
/** A kind others use: it answers where it is used, and its delete what it was removed from. */
export type UsedKind = {
  [K in EditableKind]: Has<`${Base<K>}/{id}/Usage`, 'get'> extends true
    ? AnswerOf<Op<`${Base<K>}/{id}`, 'delete'>> extends DeleteResult
      ? K
      : never
    : never;
}[EditableKind];

type Op<P extends string, Method extends string> = P extends keyof paths
  ? paths[P] extends Record<Method, infer O>
    ? O
    : never
  : never;
/** What a create and a save of a kind take, as the contract says. */
type InputOf<K extends EditableKind> = BodyOf<Op<Base<K>, 'post'>> & BodyOf<Op<`${Base<K>}/{id}`, 'put'>>;

/** The validators of a kind's answers and their schemas' names: a page of its list, and one entity (read, created,
 * saved, undone). */
export type KindDecoders<K extends ListedKind> = readonly [
  page: Validator<AnswerOf<Op<Base<K>, 'get'>>>,
  pageSchema: string,
  one: Validator<AnswerOf<Op<`${Base<K>}/{id}`, 'get'>>>,
  oneSchema: string,
];

// ---- the calls --------------------------------------------------------------------------

/** The request as the factory makes it over a kind's path templates. openapi-fetch cannot check a path built from a
 * type parameter, so its `request` is called through this type; the types above check each kind against the contract. */
type KindRequest = (
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  init?: {
    readonly params?: { readonly path?: Readonly<Record<string, string>>; readonly query?: object };
    readonly body?: unknown;
  },
) => Promise<FetchResult<unknown>>;

/** Makes the calls of the kinds, over one client; `exportUrl` makes a download's link. */
export function entityCalls(
  client: ApiClient,
  kinds: { readonly [K in ListedKind]: KindDecoders<K> },
  exportUrl: (path: string, query: Readonly<Record<string, string | undefined>>) => string,
) {
  const request = client.request as unknown as KindRequest;
  /** The answer checked by the schema's generated validator: a `WireDecodeError` names the bad value's path (ADR 0015). */
  const read =
    <T>(validator: Validator<T>, schema: string) =>
    (value: unknown): T =>
      decodeWire(validator, schema, value);
  const item = (id: string) => ({ params: { path: { id } } });

  /** The name of a kind in its paths and operations (`accountAccesses` → `AccountAccesses`). */
  const named = <K extends ListedKind>(kind: K) => `${kind.charAt(0).toUpperCase()}${kind.slice(1)}` as Capitalize<K>;

  /** List, read, delete (one or several) and download. */
  function listed<K extends ListedKind>(kind: K) {
    const name = named(kind);
    const base: Base<K> = `/${name}`;
    const [page, pageSchema, one, oneSchema] = kinds[kind];
    return {
      list: (params: ListParams) =>
        unwrap(request('get', base, { params: { query: listQuery(`list${name}`, params) } })).then(
          read(page, pageSchema),
        ),
      get: (id: string) => unwrap(request('get', `${base}/{id}`, item(id))).then(read(one, oneSchema)),
      remove: (id: string) => unwrapVoid(request('delete', `${base}/{id}`, item(id))),
      exportUrl: (params: ExportParams) => exportUrl(`${base}/Export`, exportQuery(`export${name}`, params)),
      removeMany: (ids: readonly string[]) =>
        unwrap(request('post', `${base}/BulkDelete`, { body: { ids: [...ids] } }))
          .then(read(wire.BulkResult, 'BulkResult'))
          .then((r) => r.count),
    };
  }

  /** As `listed`, and create, save, history and undo. */
  function editable<K extends EditableKind>(kind: K) {
    const base: Base<K> = `/${named(kind)}`;
    const [, , one, oneSchema] = kinds[kind];
    return {
      ...listed(kind),
      create: (input: InputOf<K>) => unwrap(request('post', base, { body: input })).then(read(one, oneSchema)),
      update: (id: string, input: InputOf<K>) =>
        unwrap(request('put', `${base}/{id}`, { ...item(id), body: input })).then(read(one, oneSchema)),
      history: (id: string, params: HistoryParams) =>
        unwrap(request('get', `${base}/{id}/History`, { params: { path: { id }, query: historyQuery(params) } })).then(
          read(wire.HistoryList, 'HistoryList'),
        ),
      revert: (id: string, entryId: string) =>
        unwrap(request('post', `${base}/{id}/History/{entryId}/Revert`, { params: { path: { id, entryId } } })).then(
          read(one, oneSchema),
        ),
    };
  }

  /** What deleting one of the kind would affect (#30.3). */
  function affected<K extends AffectedKind>(kind: K): UsageOf {
    const base: Base<K> = `/${named(kind)}`;
    return {
      usage: (id: string) =>
        unwrap(request('get', `${base}/{id}/Usage`, item(id))).then(read(wire.EntityUsage, 'EntityUsage')),
    };
  }

  /** As `editable`, with the usage, and a delete that answers what the entity was removed from. */
  function used<K extends UsedKind>(kind: K) {
    const base: Base<K> = `/${named(kind)}`;
    return {
      ...editable(kind),
      ...affected(kind),
      remove: (id: string) =>
        unwrap(request('delete', `${base}/{id}`, item(id))).then(read(wire.DeleteResult, 'DeleteResult')),
    };
  }

  return { listed, editable, used, affected };
}
