// Entities of spec §3 as the portal uses them, derived from the contract's generated wire
// types (ADR 0015): a domain type picks, renames or narrows wire fields and names them the
// way core reads them (absent instead of null), but never writes them again. Core imports
// only types from @portal/contract (the layer lint refuses a value import).

import type { components } from '@portal/contract';

type Wire = components['schemas'];

/** A wire object with its `null`s as absent keys (core's convention: absent = no value). */
export type Present<T> = { readonly [K in keyof T as null extends T[K] ? never : K]: T[K] } & {
  readonly [K in keyof T as null extends T[K] ? K : never]?: Exclude<T[K], null>;
};

/** Every member of a wire enum once, in the order given; the compiler refuses a list that misses one. */
function everyOf<Union extends string | number>() {
  return <const List extends readonly Union[]>(
    list: List & ([Exclude<Union, List[number]>] extends [never] ? unknown : never),
  ): List => list;
}

export type ApplicationId = Wire['ApplicationIdValue'];
export type RoleId = Wire['Uuid'];
export type AccountAccessId = Wire['Uuid'];
export type UserId = Wire['Uuid'];
export type AccessRequestId = Wire['Uuid'];

/** Usage types of spec §3 (where an attribute is used). */
export type UsageType = Wire['UsageType'];
export const usageTypes = /* @__PURE__ */ everyOf<UsageType>()([
  'APPLICATION',
  'CUSTOM_FLOW',
  'ROLE',
  'APPLICATION_ACCOUNT_ACCESS',
]);

/** Data types an attribute can carry. */
export type AttributeDataType = Wire['AttributeDataType'];
export const attributeDataTypes = /* @__PURE__ */ everyOf<AttributeDataType>()([
  'STRING',
  'NUMBER',
  'BOOLEAN',
  'DATE',
  'EMAIL',
  'URL',
]);

/** An application the signed-in user administers (`GET /Admin/Applications`), with what they may do there. */
export type AdministrableApplication = Wire['AdminApplication'];

/** Permissions the signed-in user has on one application. */
export type ApplicationPermissions = AdministrableApplication['permissions'];

/**
 * An application as the launcher and the rules read it: the fields of the contract's
 * `MyApplication` every application answer shares, nulls as absent. The console reads the
 * contract's own types (`Application`, `AdminApplication`, …) through @portal/adapters/admin.
 */
export type Application = Present<
  Pick<Wire['MyApplication'], 'id' | 'label' | 'logoUrl' | 'url' | 'internal' | 'sortNumber'>
> &
  Partial<Pick<Wire['MyApplication'], 'description'>> & {
    /** The OpenID client id: the application's id (contract decision 3). */
    readonly clientId?: ApplicationId;
  };

/** Branding of an external application (external-app mode, architecture §7): the contract's `Branding` of a client id. */
export type ApplicationBranding = { readonly clientId: ApplicationId } & Present<Omit<Wire['Branding'], 'url'>> &
  Partial<Pick<Wire['Branding'], 'url'>>;

/** OPEN, ACCEPTED, DENIED (spec §4); CANCELLED by the requester and EXPIRED (the time-bound access it gave ended), #19. */
export type AccessRequestStatus = Wire['AccessRequestStatus'];
export const accessRequestStatuses = /* @__PURE__ */ everyOf<AccessRequestStatus>()([
  'OPEN',
  'ACCEPTED',
  'DENIED',
  'CANCELLED',
  'EXPIRED',
]);

/** An access request as the decision reads it: the contract's request, with the user, the account access and the role by id. */
export type AccessRequest = Readonly<Pick<Wire['AccessRequest'], 'id' | 'applicationId' | 'requestedAt' | 'status'>> &
  AccessRequestNames;

interface AccessRequestNames {
  /** The label of the account access asked for. */
  readonly requestedAccountAccess?: string;
  /** The account access asked for: pre-ticked when the request is accepted (#17.17). */
  readonly requestedAccountAccessId?: AccountAccessId;
  /** The role asked for: pre-ticked when the request is accepted (#17.17). */
  readonly requestedRoleId?: RoleId;
  readonly userId: UserId;
  /** Why the user asks (#19). */
  readonly justification?: string;
  /** The last day of access the user asked for (ISO day, #19). */
  readonly requestedEndDate?: string;
  /** The application's longest time-bound access in days (#19): a decision's end date may be at most this far ahead. */
  readonly maxAccessDays?: number;
}

/** An entry a picker offers (a role, an account-access group). */
export type Choice = Readonly<Wire['SelectionItem']>;

/** What an access request to one application may name (`GET /My/Applications/{id}/AccessRequest`). */
export interface AccessRequestOptions {
  /** The request must name a role (the application's roleRequiredOnAccessRequest). */
  readonly roleRequired: boolean;
  /** The request must name an account access (at least one is linked, whatever the search). */
  readonly accountAccessRequired: boolean;
  /** The linked account-access groups (one page, narrowed by the search). */
  readonly accountAccesses: Page<Choice>;
  /** The application's visible roles. */
  readonly roles: Page<Choice>;
  /** A justification is required (#19); absent or false: optional. */
  readonly justificationRequired?: boolean;
  /** At most this many characters of justification (#19); absent: `justificationMaxLength`. */
  readonly justificationMaxLength?: number;
  /** The application grants time-bound access (#19): the request may name an end date at most this many days ahead. */
  readonly maxAccessDays?: number;
  /** The application's questions the user answers (#19). */
  readonly questions?: readonly AccessRequestQuestion[];
}

/** A question an application asks in an access request (#19). */
export interface AccessRequestQuestion {
  readonly id: string;
  readonly label: string;
  readonly required: boolean;
  /** The one answer a Yes/No question accepts (#30.1): 'true' or 'false'; absent: any. */
  readonly requiredValue?: string;
}

/** What the user names in an access request. */
export interface AccessRequestChoice {
  readonly accountAccessId?: AccountAccessId;
  readonly roleId?: RoleId;
  /** Why the user asks (#19). */
  readonly justification?: string;
  /** The last day of access asked for (ISO day, #19). */
  readonly endDate?: string;
  /** Answers to the application's questions, by question id (#19). */
  readonly answers?: Readonly<Record<string, string>>;
}

/** Decision body (architecture §7): accept with roles (and account accesses), or deny. */
export type AccessRequestDecision =
  | {
      readonly kind: 'accept';
      readonly roleIds: readonly RoleId[];
      readonly accountAccessIds: readonly AccountAccessId[];
      readonly endDate?: string;
    }
  | { readonly kind: 'deny'; readonly reason?: string };

export type HistoryMode = Wire['HistoryEntry']['mode'];
export const historyModes = /* @__PURE__ */ everyOf<HistoryMode>()(['CREATE', 'UPDATE', 'DELETE']);

export type LocaleCode = Wire['Language'];
export const localeCodes = /* @__PURE__ */ everyOf<LocaleCode>()(['de', 'en', 'fr', 'es', 'it', 'nl', 'pl']);
export const defaultLocale: LocaleCode = 'de';

/** Lists (architecture §7). */
export type PageSize = components['parameters']['PageSize'];
export const pageSizes = /* @__PURE__ */ everyOf<PageSize>()([10, 25, 50, 100]);

/** One page of a list (`{ items, total }`). */
export type Page<T> = { readonly items: readonly T[] } & Readonly<Omit<Wire['SelectionList'], 'items'>>;

/** Navigation bar state (spec §2). */
export interface NavigationBarState {
  readonly title?: string;
  readonly subTitle?: string;
  readonly backLink?: string;
}
