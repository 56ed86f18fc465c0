// Core's PortalApi port (and the other calls of the portal's user side) over the API
// client. The answers are mapped to core's shapes here (absent instead of null); the types
// of those shapes are derived from the contract's generated wire types, never written again
// (ADR 0015).

import type {
  ApplicationBranding,
  AuthCheckResult,
  AuthCheckTarget,
  MissingAttribute,
  PortalApi,
  Present,
} from '@portal/core';
import type { Schema } from '@portal/contract';
import type { ApiClient } from './client.ts';
import { unwrap, unwrapVoid } from './client.ts';
import { administrableApplications } from './administrable.ts';
import { allPages, listMyApplications, toMyApplication, type MyApplication } from './my-applications.ts';
import { endsAtOfLastDay, toAccessRequestOptions } from './my-access.ts';
import { decisionBody } from './access-request.ts';

export type { MyApplication } from './my-applications.ts';

/** A role shown by name: the contract's `Ref`. */
export type NamedRef = Readonly<Schema<'Ref'>>;

/** An attribute value of the user as a form field (text on the wire): the contract's `UserAttributeValue`. */
export type AttributeField = Readonly<Schema<'UserAttributeValue'>>;

/** `/settings/applications/{id}`: the contract's `MyApplicationDetail`, the application as the launcher's tile, `accessSince` absent instead of null. */
export type MyApplicationDetail = Present<
  Omit<Schema<'MyApplicationDetail'>, 'application' | 'roles' | 'attributes'>
> & {
  readonly application: MyApplication;
  readonly roles: readonly NamedRef[];
  readonly attributes: readonly AttributeField[];
};

/** A value to store: the attribute key and its text (null clears it); the contract's `AttributeValueInput`. */
export type AttributeValueInput = Readonly<Schema<'AttributeValueInput'>>;

export type Address = Readonly<Schema<'Address'>>;

/** The contract's `Profile`, company and address absent instead of null. */
export type Profile = Present<Schema<'Profile'>>;

/** The contract's `ProfileInput` (null clears the company or the address). */
export type ProfileInput = Readonly<Schema<'ProfileInput'>>;

/** `/flows/{key}`: a custom flow as the user fills it, the contract's `CustomFlowPage`. */
export type CustomFlowPage = Readonly<Omit<Schema<'CustomFlowPage'>, 'attributes'>> & {
  readonly attributes: readonly AttributeField[];
};

/** The port plus the other calls of the portal's user side. */
export interface UserPortalApi extends PortalApi {
  /** `GET /My/Applications` (all pages; `onlyWithValues` for settings/applications). */
  listMyApplications: (options?: { readonly onlyWithValues?: boolean }) => Promise<readonly MyApplication[]>;
  /** `GET /My/Applications/{id}`. */
  getMyApplication: (id: string) => Promise<MyApplicationDetail>;
  /** `PUT /My/Attributes`. */
  updateMyAttributes: (applicationId: string, values: readonly AttributeValueInput[]) => Promise<MyApplicationDetail>;
  /** `POST /My/Applications/{id}/Launch`: the user opened this tile (the launcher's "recently used"). */
  recordLaunch: (applicationId: string) => Promise<void>;
  /** `PUT /My/Favourites`: the launcher's pinned application ids, first to last; answers the stored list. */
  updateMyFavourites: (applicationIds: readonly string[]) => Promise<readonly string[]>;
  /** `GET /My/Profile`. */
  getProfile: () => Promise<Profile>;
  /** `PUT /My/Profile`. */
  updateProfile: (input: ProfileInput) => Promise<Profile>;
  /** `GET /My/Export`: everything the portal holds about the user, as the JSON file to save (GDPR Art. 15, 20). */
  exportMyData: () => Promise<{ readonly file: Blob; readonly fileName: string }>;
  /** `GET /CustomFlow/{idOrKey}`. */
  getCustomFlow: (idOrKey: string) => Promise<CustomFlowPage>;
  /** `POST /CustomFlow/{idOrKey}`. */
  submitCustomFlow: (idOrKey: string, values: readonly AttributeValueInput[]) => Promise<CustomFlowPage>;
}

type WireAttributeValue = Schema<'UserAttributeValue'>;
type WireAuthCheck = Schema<'AuthCheckResult'>;
type WireProfile = Schema<'Profile'>;
type WireAddress = NonNullable<WireProfile['address']>;

function toAttributeField(wire: WireAttributeValue): AttributeField {
  return {
    attributeId: wire.attributeId,
    key: wire.key,
    label: wire.label,
    dataType: wire.dataType,
    value: wire.value,
    required: wire.required,
    requiredValue: wire.requiredValue,
    editable: wire.editable,
  };
}

function toAddress(wire: WireAddress): Address {
  return {
    ...(wire.street === undefined ? {} : { street: wire.street }),
    ...(wire.postalCode === undefined ? {} : { postalCode: wire.postalCode }),
    ...(wire.city === undefined ? {} : { city: wire.city }),
    ...(wire.country === undefined ? {} : { country: wire.country }),
  };
}

function toProfile(wire: WireProfile): Profile {
  return {
    id: wire.id,
    email: wire.email,
    firstName: wire.firstName,
    lastName: wire.lastName,
    fullName: wire.fullName,
    ...(wire.companyName === null ? {} : { companyName: wire.companyName }),
    ...(wire.address === null ? {} : { address: toAddress(wire.address) }),
    language: wire.language,
    internal: wire.internal,
    canChangeEmail: wire.canChangeEmail,
    canChangePassword: wire.canChangePassword,
    createdAt: wire.createdAt,
  };
}

function toMissingAttribute(wire: Schema<'AttributeDefinition'>): MissingAttribute {
  return {
    attributeId: wire.id,
    key: wire.key,
    label: wire.label,
    dataType: wire.dataType,
    required: true,
    ...(wire.requiredValue === null ? {} : { requiredValue: wire.requiredValue }),
  };
}

/** The gate's wire answer in core's terms (`requested` is `noAccess` with `requested: true`). */
export function toAuthCheckResult(wire: WireAuthCheck): AuthCheckResult {
  const applicationId = wire.application.id;
  switch (wire.status) {
    case 'ok':
      return { status: 'ok', applicationId, url: wire.application.url };
    case 'missingAttributes':
      return {
        status: 'missingAttributes',
        applicationId,
        attributes: (wire.missingAttributes ?? []).map(toMissingAttribute),
      };
    case 'customFlow':
      return { status: 'customFlow', applicationId, flowKey: wire.customFlow?.key ?? '' };
    case 'requested':
      return { status: 'noAccess', applicationId, internal: wire.application.internal, requested: true };
    case 'noAccess':
      return {
        status: 'noAccess',
        applicationId,
        internal: wire.application.internal || wire.requestable === false,
        requested: false,
      };
  }
}

const clientIdOf = (target: AuthCheckTarget): string => ('clientId' in target ? target.clientId : target.applicationId);

function toDetail(wire: Schema<'MyApplicationDetail'>): MyApplicationDetail {
  return {
    application: toMyApplication(wire.application),
    ...(wire.accessSince === null ? {} : { accessSince: wire.accessSince }),
    roles: wire.roles.map((r) => ({ id: r.id, key: r.key, label: r.label })),
    attributes: wire.attributes.map(toAttributeField),
  };
}

function toFlowPage(wire: Schema<'CustomFlowPage'>): CustomFlowPage {
  return {
    id: wire.id,
    key: wire.key,
    label: wire.label,
    description: wire.description,
    completed: wire.completed,
    attributes: wire.attributes.map(toAttributeField),
  };
}

const valuesBody = (values: readonly AttributeValueInput[]) => values.map((v) => ({ key: v.key, value: v.value }));

export function createPortalApi(client: ApiClient): UserPortalApi {
  return {
    listAdministrableApplications: () => allPages((page) => administrableApplications(client, { page })),

    async getApplicationBranding(clientId): Promise<ApplicationBranding> {
      const wire = await unwrap(client.GET('/My/Applications/Branding/{clientId}', { params: { path: { clientId } } }));
      return {
        clientId,
        label: wire.label,
        ...(wire.logoUrl === null ? {} : { logoUrl: wire.logoUrl }),
        url: wire.url,
      };
    },

    async decideAccessRequest(id, decision) {
      await unwrap(
        client.PUT('/Admin/Applications/AccessRequests/{id}', {
          params: { path: { id } },
          body: decisionBody(decision),
        }),
      );
    },

    async authCheck(target) {
      return toAuthCheckResult(
        await unwrap(client.GET('/AuthCheck', { params: { query: { clientId: clientIdOf(target) } } })),
      );
    },

    async submitAttributes(target, values) {
      const attributes = Object.entries(values).map(([key, value]) => ({ key, value }));
      return toAuthCheckResult(
        await unwrap(client.POST('/AuthCheck', { body: { clientId: clientIdOf(target), attributes } })),
      );
    },

    async getAccessRequestOptions(applicationId, search) {
      const query = search === undefined ? {} : { search };
      const wire = await unwrap(
        client.GET('/My/Applications/{id}/AccessRequest', { params: { path: { id: applicationId }, query } }),
      );
      return toAccessRequestOptions(wire);
    },

    async requestAccess(target, choice) {
      const body = {
        ...(choice.accountAccessId === undefined ? {} : { accountAccessId: choice.accountAccessId }),
        ...(choice.roleId === undefined ? {} : { roleId: choice.roleId }),
        ...(choice.justification === undefined ? {} : { justification: choice.justification }),
        ...(choice.endDate === undefined ? {} : { endsAt: endsAtOfLastDay(choice.endDate) }),
        ...(choice.answers === undefined
          ? {}
          : { answers: Object.entries(choice.answers).map(([key, value]) => ({ key, value })) }),
      };
      await unwrap(
        client.POST('/My/Applications/{id}/AccessRequest', { params: { path: { id: clientIdOf(target) } }, body }),
      );
    },

    listMyApplications: (options) => listMyApplications(client, options),

    async getMyApplication(id) {
      return toDetail(await unwrap(client.GET('/My/Applications/{id}', { params: { path: { id } } })));
    },

    async updateMyAttributes(applicationId, values) {
      return toDetail(
        await unwrap(client.PUT('/My/Attributes', { body: { applicationId, attributes: valuesBody(values) } })),
      );
    },

    async recordLaunch(applicationId) {
      await unwrapVoid(client.POST('/My/Applications/{id}/Launch', { params: { path: { id: applicationId } } }));
    },

    async updateMyFavourites(applicationIds) {
      return (await unwrap(client.PUT('/My/Favourites', { body: { applicationIds: [...applicationIds] } })))
        .applicationIds;
    },

    async getProfile() {
      return toProfile(await unwrap(client.GET('/My/Profile')));
    },

    async updateProfile(input) {
      const body = {
        firstName: input.firstName,
        lastName: input.lastName,
        language: input.language,
        ...(input.companyName === undefined ? {} : { companyName: input.companyName }),
        ...(input.address === undefined ? {} : { address: input.address === null ? null : { ...input.address } }),
      };
      return toProfile(await unwrap(client.PUT('/My/Profile', { body })));
    },

    async exportMyData() {
      const result = await client.GET('/My/Export', { parseAs: 'blob' });
      const file = await unwrap(Promise.resolve(result));
      const fileName =
        /filename="([\w.-]+)"/.exec(result.response.headers.get('content-disposition') ?? '')?.[1] ??
        'hk-portal-meine-daten.json';
      return { file, fileName };
    },

    async getCustomFlow(idOrKey) {
      return toFlowPage(await unwrap(client.GET('/CustomFlow/{id}', { params: { path: { id: idOrKey } } })));
    },

    async submitCustomFlow(idOrKey, values) {
      return toFlowPage(
        await unwrap(
          client.POST('/CustomFlow/{id}', {
            params: { path: { id: idOrKey } },
            body: { attributes: valuesBody(values) },
          }),
        ),
      );
    },
  };
}
