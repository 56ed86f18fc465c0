// The demo data of architecture §9: a fictional kitchen manufacturer with its applications,
// attributes, roles, account-access groups, a custom flow, open access requests, history,
// a webhook and one account of every kind (ids and e-mails from the contract's identities).
import { globalPermissions, type GlobalPermission } from '@portal/core';
import { directoryUserId } from '@portal/server';
import type { Database } from '../database.ts';
import { recordHistory } from '../../history.ts';
import type { SecretBox } from '../../secrets.ts';
import { sealPassword } from '../../webhooks/secrets.ts';
import {
  accessRequestId,
  accessRequests,
  accountAccesses,
  apps,
  attributes,
  customFlows,
  dealerShopLabel,
  demoAccounts,
  extraUserId,
  permissionId,
  roles,
  users,
} from './ids.ts';

export interface SeedOptions {
  portalUrl: string;
  dealerShopUrl: string;
  /** Seals the demo webhook's password (secrets at rest, #29.5). */
  secrets: SecretBox;
  /**
   * A user of the configured provider made the portal's global administrator (API_SEED_ADMIN):
   * the demo against a provider whose users are not the demo accounts (LemonLDAP::NG's rtyler),
   * under the directory's id of their subject at its issuer (ADR 0029).
   */
  providerAdmin?: ProviderAdmin | undefined;
}

/** A user of the provider the seed makes global administrator: their subject there and what the directory shows. */
export interface ProviderAdmin {
  issuer: string;
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
}

const APP_PERMISSIONS = [
  'portal.admin',
  'dealer_ordering.admin',
  'dealer_ordering.admin.access_requests',
  'dealer_ordering.order',
  'dealer_ordering.view',
  'kitchen_planner.admin',
  'kitchen_planner.admin.access_requests',
  'kitchen_planner.plan',
  'kitchen_planner.view',
  'service_portal.admin',
  'service_portal.use',
  'marketing.admin',
  'marketing.download',
  'hr.admin',
  'hr.use',
];
const ALL_PERMISSIONS = [...globalPermissions, ...APP_PERMISSIONS];
const permissionIdOf = (key: string) => permissionId(ALL_PERMISSIONS.indexOf(key) + 1);

const FIRST = [
  'Anna',
  'Ben',
  'Clara',
  'David',
  'Emma',
  'Felix',
  'Greta',
  'Hannes',
  'Ida',
  'Jonas',
  'Karla',
  'Lukas',
  'Mia',
  'Noah',
  'Olivia',
  'Paul',
  'Rosa',
  'Simon',
  'Tilda',
  'Vincent',
];
const LAST = [
  'Bauer',
  'Fischer',
  'Hoffmann',
  'Keller',
  'Koch',
  'Lange',
  'Meyer',
  'Neumann',
  'Richter',
  'Schmidt',
  'Schulz',
  'Wagner',
  'Weber',
  'Wolf',
  'Zimmermann',
];
const COMPANIES = ['Küchenstudio Nord GmbH', 'Möbelhaus Süd AG', 'Küchenwelt West KG', 'Einbauküchen Ost', null];

export async function isEmpty(db: Database): Promise<boolean> {
  const row = await db
    .selectFrom('applications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

export async function seedDemo(db: Database, options: SeedOptions): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const by = null;
    const hist = (table: string, entity: string, after: Record<string, unknown>) =>
      recordHistory(trx, { table, entity, mode: 'CREATE', by, after });

    // ---------------------------------------------------------------- users
    const companyOf: Record<string, string | null> = {
      'global-admin': 'HK Küchen GmbH',
      'app-admin': 'HK Küchen GmbH',
      partner: 'Küchenstudio Nord GmbH',
      customer: null,
      'internal-employee': 'HK Küchen GmbH',
      'new-user': null,
    };
    for (const a of demoAccounts) {
      await trx
        .insertInto('users')
        .values({
          id: a.id,
          email: a.email,
          first_name: a.firstName,
          last_name: a.lastName,
          company_name: companyOf[a.kind] ?? null,
          address: JSON.stringify(
            a.kind === 'partner'
              ? { street: 'Hafenstraße 12', postalCode: '20457', city: 'Hamburg', country: 'Deutschland' }
              : null,
          ),
          language: a.language,
          internal: a.internal,
        })
        .execute();
      await hist('users', a.id, { email: a.email, firstName: a.firstName, lastName: a.lastName });
    }
    const admin = options.providerAdmin;
    const providerAdminId = admin === undefined ? undefined : directoryUserId(admin.issuer, admin.subject);
    if (admin !== undefined && providerAdminId !== undefined) {
      await trx
        .insertInto('users')
        .values({
          id: providerAdminId,
          email: admin.email,
          first_name: admin.firstName,
          last_name: admin.lastName,
          address: JSON.stringify(null),
          language: 'de',
          internal: false,
          issuer: admin.issuer,
          subject: admin.subject,
        })
        .execute();
      await hist('users', providerAdminId, {
        email: admin.email,
        firstName: admin.firstName,
        lastName: admin.lastName,
      });
    }
    const extras: string[] = [];
    for (let n = 1; n <= 48; n++) {
      const first = FIRST[n % FIRST.length] ?? 'Anna';
      const last = LAST[(n * 7) % LAST.length] ?? 'Bauer';
      const id = extraUserId(n);
      extras.push(id);
      await trx
        .insertInto('users')
        .values({
          id,
          email: `${first}.${last}.${n}@example.test`.toLowerCase(),
          first_name: first,
          last_name: last,
          company_name: COMPANIES[n % COMPANIES.length] ?? null,
          address: JSON.stringify(null),
          language: n % 3 === 0 ? 'en' : 'de',
          internal: false,
        })
        .execute();
    }

    // ---------------------------------------------------------------- permissions
    const described: Partial<Record<GlobalPermission, string>> = {
      'all_users.read': 'Alle Benutzer ansehen',
      'all_users.write': 'Alle Benutzer bearbeiten',
      'applications.read': 'Anwendungen ansehen',
      'applications.write': 'Anwendungen bearbeiten und administrieren',
      'access_requests.manage': 'Zugriffsanträge aller Anwendungen bearbeiten',
    };
    const describe = new Map<string, string>(Object.entries(described));
    for (const key of ALL_PERMISSIONS) {
      await trx
        .insertInto('permissions')
        .values({ id: permissionIdOf(key), key, description: describe.get(key) ?? key.replace(/[._]/g, ' ') })
        .execute();
      await hist('permissions', permissionIdOf(key), { key });
    }

    // ---------------------------------------------------------------- attributes
    const attributeRows = [
      {
        id: attributes.firstName,
        key: 'firstName',
        label: 'Vorname',
        data_type: 'STRING',
        directory_link: 'givenName',
        editable_by_user: true,
        editable_by_others: false,
      },
      {
        id: attributes.lastName,
        key: 'lastName',
        label: 'Nachname',
        data_type: 'STRING',
        directory_link: 'surname',
        editable_by_user: true,
        editable_by_others: false,
      },
      {
        id: attributes.customerNumber,
        key: 'customerNumber',
        label: 'Kundennummer',
        data_type: 'STRING',
        directory_link: null,
        editable_by_user: true,
        editable_by_others: true,
      },
      {
        id: attributes.dealerNumber,
        key: 'dealerNumber',
        label: 'Händlernummer',
        data_type: 'STRING',
        directory_link: 'extension_dealerNumber',
        editable_by_user: true,
        editable_by_others: true,
      },
      {
        id: attributes.studioName,
        key: 'studioName',
        label: 'Studioname',
        data_type: 'STRING',
        directory_link: null,
        editable_by_user: true,
        editable_by_others: true,
      },
      {
        id: attributes.termsAccepted,
        key: 'termsAccepted',
        label: 'Nutzungsbedingungen akzeptiert',
        data_type: 'BOOLEAN',
        directory_link: null,
        editable_by_user: true,
        editable_by_others: false,
      },
      {
        id: attributes.phone,
        key: 'phone',
        label: 'Telefon',
        data_type: 'STRING',
        directory_link: 'telephoneNumber',
        editable_by_user: true,
        editable_by_others: true,
      },
      {
        id: attributes.website,
        key: 'website',
        label: 'Website',
        data_type: 'URL',
        directory_link: null,
        editable_by_user: true,
        editable_by_others: true,
      },
      {
        id: attributes.employeeNumber,
        key: 'employeeNumber',
        label: 'Personalnummer',
        data_type: 'NUMBER',
        directory_link: 'employeeId',
        editable_by_user: false,
        editable_by_others: true,
      },
    ];
    // The service terms must be accepted (#30.1): "Nutzungsbedingungen akzeptiert" takes only the answer Yes.
    const requiredValueOf = (id: string) => (id === attributes.termsAccepted ? 'true' : null);
    for (const a of attributeRows) {
      await trx
        .insertInto('attributes')
        .values({ ...a, permission_id: null, required_value: requiredValueOf(a.id) })
        .execute();
      await hist('attributes', a.id, {
        key: a.key,
        label: a.label,
        dataType: a.data_type,
        ...(requiredValueOf(a.id) === null ? {} : { requiredValue: requiredValueOf(a.id) }),
      });
    }

    // ---------------------------------------------------------------- roles
    const roleRows: { id: string; key: string; label: string; description: string; permissions: string[] }[] = [
      {
        id: roles.globalAdmin,
        key: 'portal.global_admin',
        label: 'Globaler Administrator',
        description: 'Verwaltet das gesamte Portal',
        permissions: [...globalPermissions, 'portal.admin'],
      },
      {
        id: roles.dealerOrderer,
        key: 'dealer_ordering.orderer',
        label: 'Besteller',
        description: 'Darf Bestellungen aufgeben',
        permissions: ['dealer_ordering.order', 'dealer_ordering.view'],
      },
      {
        id: roles.dealerViewer,
        key: 'dealer_ordering.viewer',
        label: 'Betrachter',
        description: 'Sieht Bestellungen',
        permissions: ['dealer_ordering.view'],
      },
      {
        id: roles.planner,
        key: 'kitchen_planner.planner',
        label: 'Planer',
        description: 'Plant Küchen',
        permissions: ['kitchen_planner.plan', 'kitchen_planner.view'],
      },
      {
        id: roles.plannerAdmin,
        key: 'kitchen_planner.admin',
        label: 'Planer-Administrator',
        description: 'Administriert den Küchenplaner',
        permissions: [
          'kitchen_planner.admin',
          'kitchen_planner.admin.access_requests',
          'kitchen_planner.plan',
          'kitchen_planner.view',
        ],
      },
      {
        id: roles.plannerViewer,
        key: 'kitchen_planner.viewer',
        label: 'Planbetrachter',
        description: 'Sieht Planungen',
        permissions: ['kitchen_planner.view'],
      },
      {
        id: roles.serviceUser,
        key: 'service_portal.user',
        label: 'Servicenutzer',
        description: 'Nutzt das Serviceportal',
        permissions: ['service_portal.use'],
      },
      {
        id: roles.marketingUser,
        key: 'marketing.user',
        label: 'Downloader',
        description: 'Lädt Marketingmaterial',
        permissions: ['marketing.download'],
      },
      {
        id: roles.hrUser,
        key: 'hr.user',
        label: 'Mitarbeiter',
        description: 'Nutzt die Personal-App',
        permissions: ['hr.use'],
      },
    ];
    for (const r of roleRows) {
      await trx
        .insertInto('roles')
        .values({ id: r.id, key: r.key, label: r.label, description: r.description })
        .execute();
      await trx
        .insertInto('role_permissions')
        .values(r.permissions.map((p) => ({ role_id: r.id, permission_id: permissionIdOf(p) })))
        .execute();
      await hist('roles', r.id, { key: r.key, label: r.label, permissionIds: r.permissions.map(permissionIdOf) });
    }

    // ---------------------------------------------------------------- account accesses
    const accessRows = [
      {
        id: accountAccesses.dealerNord,
        key: 'dealer.nord',
        label: 'Küchenstudio Nord GmbH',
        parent_id: null,
        parent_determination_method: 'NONE',
        child_determination_method: 'ATTRIBUTE',
        attribute_id: attributes.dealerNumber,
      },
      {
        id: accountAccesses.branchHamburg,
        key: 'dealer.nord.hamburg',
        label: 'Filiale Hamburg',
        parent_id: accountAccesses.dealerNord,
        parent_determination_method: 'ATTRIBUTE',
        child_determination_method: 'NONE',
        attribute_id: attributes.dealerNumber,
      },
      {
        id: accountAccesses.branchBremen,
        key: 'dealer.nord.bremen',
        label: 'Filiale Bremen',
        parent_id: accountAccesses.dealerNord,
        parent_determination_method: 'ATTRIBUTE',
        child_determination_method: 'NONE',
        attribute_id: attributes.dealerNumber,
      },
      {
        id: accountAccesses.dealerSued,
        key: 'dealer.sued',
        label: 'Möbelhaus Süd AG',
        parent_id: null,
        parent_determination_method: 'NONE',
        child_determination_method: 'MANUAL',
        attribute_id: attributes.dealerNumber,
      },
      {
        id: accountAccesses.branchMuenchen,
        key: 'dealer.sued.muenchen',
        label: 'Filiale München',
        parent_id: accountAccesses.dealerSued,
        parent_determination_method: 'MANUAL',
        child_determination_method: 'NONE',
        attribute_id: null,
      },
    ];
    for (const a of accessRows) {
      await trx.insertInto('account_accesses').values(a).execute();
      await hist('account_accesses', a.id, { key: a.key, label: a.label, parentId: a.parent_id });
    }

    // ---------------------------------------------------------------- custom flow
    await trx
      .insertInto('custom_flows')
      .values({
        id: customFlows.serviceTerms,
        key: 'service-terms',
        label: 'Nutzungsbedingungen Serviceportal',
        description: 'Bitte bestätigen Sie die Nutzungsbedingungen des Serviceportals.',
      })
      .execute();
    await trx
      .insertInto('custom_flow_attributes')
      .values({ custom_flow_id: customFlows.serviceTerms, attribute_id: attributes.termsAccepted, position: 0 })
      .execute();
    await hist('custom_flows', customFlows.serviceTerms, {
      key: 'service-terms',
      attributeIds: [attributes.termsAccepted],
    });

    // ---------------------------------------------------------------- applications
    const base = {
      logo_url: null,
      home_page_url: null,
      initiate_login_uri: null as string | null,
      notification_email: null,
      access_request_required: false,
      internal_copy_of_access_requests: false,
      role_required_on_access_request: false,
      internal: false,
      released: true,
      activation_groups: '[]',
    };
    const appRows = [
      {
        ...base,
        id: apps.portal,
        label: 'Kundenportal',
        description: 'Das Anmelde- und Kontoportal selbst; Träger der globalen Administrationsrechte.',
        url: options.portalUrl,
        sort_number: 0,
        admin_permission_id: permissionIdOf('portal.admin'),
        access_request_allowed: false,
        internal: true,
      },
      {
        ...base,
        id: apps.dealerOrdering,
        label: dealerShopLabel,
        description: 'Bestellungen für Fachhändler aufgeben und verfolgen.',
        url: options.dealerShopUrl,
        home_page_url: options.dealerShopUrl,
        // The shop starts its own sign-in there (#30.5, third-party initiated login): a tile opens it signed in.
        initiate_login_uri: `${options.dealerShopUrl}/login-initiate`,
        sort_number: 10,
        admin_permission_id: permissionIdOf('dealer_ordering.admin'),
        access_request_allowed: true,
        notification_email: 'haendler@hk-demo.test',
        internal_copy_of_access_requests: true,
      },
      {
        ...base,
        id: apps.kitchenPlanner,
        label: 'Küchenplaner',
        description: 'Küchen im Browser planen und als Angebot exportieren.',
        url: 'https://planner.hk-demo.test',
        sort_number: 20,
        admin_permission_id: permissionIdOf('kitchen_planner.admin'),
        access_request_allowed: true,
        role_required_on_access_request: false,
        notification_email: 'planer@hk-demo.test',
        // Time-bound access (#19): a request may ask for an end within a year.
        time_bound_access: true,
        max_access_days: 365,
      },
      {
        ...base,
        id: apps.servicePortal,
        label: 'Serviceportal',
        description: 'Reklamationen, Ersatzteile und Montageanleitungen.',
        url: 'https://service.hk-demo.test',
        sort_number: 30,
        admin_permission_id: permissionIdOf('service_portal.admin'),
        access_request_allowed: true,
      },
      {
        ...base,
        id: apps.marketing,
        label: 'Marketing-Downloads',
        description: 'Prospekte, Bilder und Logos für Händler.',
        url: 'https://media.hk-demo.test',
        sort_number: 40,
        admin_permission_id: permissionIdOf('marketing.admin'),
        access_request_allowed: true,
        access_request_required: true,
        // Sales staff get the downloads by their directory group (#29.3): the demo employee is in it
        // (the local provider's directory, identities.json), and only the group grants it to her.
        activation_groups: JSON.stringify([
          { directoryGroupName: 'HK-Vertrieb', roleIds: [roles.marketingUser], accountAccessIds: [] },
        ]),
      },
      {
        ...base,
        id: apps.hr,
        label: 'Personal-App',
        description: 'Urlaubsanträge und Gehaltsabrechnungen für Mitarbeitende.',
        url: 'https://hr.hk-demo.test',
        sort_number: 50,
        admin_permission_id: permissionIdOf('hr.admin'),
        access_request_allowed: false,
        internal: true,
        activation_groups: JSON.stringify([
          { directoryGroupName: 'HK-Mitarbeitende', roleIds: [roles.hrUser], accountAccessIds: [] },
        ]),
      },
    ];
    for (const a of appRows) {
      await trx.insertInto('applications').values(a).execute();
      await hist('applications', a.id, {
        label: a.label,
        url: a.url,
        description: a.description,
        sortNumber: a.sort_number,
        internal: a.internal,
        accessRequestAllowed: a.access_request_allowed,
        ...(a.initiate_login_uri === null ? {} : { initiateLoginUri: a.initiate_login_uri }),
      });
    }
    const links: [string, string, { output: boolean; required: boolean; visible: boolean }][] = [
      [apps.dealerOrdering, attributes.dealerNumber, { output: true, required: true, visible: true }],
      [apps.dealerOrdering, attributes.customerNumber, { output: true, required: false, visible: true }],
      [apps.dealerOrdering, attributes.phone, { output: false, required: false, visible: true }],
      [apps.kitchenPlanner, attributes.studioName, { output: true, required: false, visible: true }],
      [apps.kitchenPlanner, attributes.website, { output: false, required: false, visible: true }],
      [apps.servicePortal, attributes.customerNumber, { output: true, required: false, visible: true }],
      [apps.servicePortal, attributes.phone, { output: false, required: false, visible: true }],
      [apps.hr, attributes.employeeNumber, { output: true, required: false, visible: true }],
      [apps.marketing, attributes.customerNumber, { output: false, required: false, visible: false }],
    ];
    await trx
      .insertInto('application_attributes')
      .values(
        links.map(([application_id, attribute_id, l], position) => ({
          application_id,
          attribute_id,
          output_in_token: l.output,
          required: l.required,
          visible: l.visible,
          position,
        })),
      )
      .execute();
    const roleLinks: [string, string, boolean][] = [
      [apps.portal, roles.globalAdmin, false],
      [apps.dealerOrdering, roles.dealerOrderer, true],
      [apps.dealerOrdering, roles.dealerViewer, false],
      [apps.kitchenPlanner, roles.planner, true],
      [apps.kitchenPlanner, roles.plannerViewer, false],
      [apps.kitchenPlanner, roles.plannerAdmin, false],
      [apps.servicePortal, roles.serviceUser, true],
      [apps.marketing, roles.marketingUser, true],
      [apps.hr, roles.hrUser, true],
    ];
    await trx
      .insertInto('application_roles')
      .values(
        roleLinks.map(([application_id, role_id, is_default], position) => ({
          application_id,
          role_id,
          permission_id: role_id === roles.plannerAdmin ? permissionIdOf('kitchen_planner.admin') : null,
          visible: role_id !== roles.globalAdmin,
          is_default,
          position,
        })),
      )
      .execute();
    await trx
      .insertInto('application_account_accesses')
      .values([
        { application_id: apps.dealerOrdering, account_access_id: accountAccesses.dealerNord, position: 0 },
        { application_id: apps.dealerOrdering, account_access_id: accountAccesses.branchHamburg, position: 1 },
        { application_id: apps.dealerOrdering, account_access_id: accountAccesses.branchBremen, position: 2 },
        { application_id: apps.dealerOrdering, account_access_id: accountAccesses.dealerSued, position: 3 },
        { application_id: apps.dealerOrdering, account_access_id: accountAccesses.branchMuenchen, position: 4 },
        { application_id: apps.kitchenPlanner, account_access_id: accountAccesses.dealerNord, position: 0 },
        { application_id: apps.kitchenPlanner, account_access_id: accountAccesses.dealerSued, position: 1 },
      ])
      .execute();
    await trx
      .insertInto('application_custom_flows')
      .values({ application_id: apps.servicePortal, custom_flow_id: customFlows.serviceTerms, position: 0 })
      .execute();
    await trx
      .insertInto('webhooks')
      .values({
        application_id: apps.dealerOrdering,
        enabled: true,
        endpoint_url: `${options.dealerShopUrl}/webhooks/access`,
        username: 'portal',
        password: sealPassword(options.secrets, apps.dealerOrdering, 'demo-webhook-secret'),
        on_grant: true,
        on_remove: true,
        on_update: true,
        headers: JSON.stringify([{ key: 'X-Portal-Source', value: 'hk-portal' }]),
        key_vault_reference: null,
      })
      .execute();

    // ---------------------------------------------------------------- grants and values
    const grants: [string, string, string[], string[]][] = [
      [apps.portal, users.globalAdmin, [roles.globalAdmin], []],
      ...(providerAdminId === undefined
        ? []
        : [[apps.portal, providerAdminId, [roles.globalAdmin], []] satisfies [string, string, string[], string[]]]),
      [apps.kitchenPlanner, users.appAdmin, [roles.plannerAdmin], []],
      [apps.servicePortal, users.appAdmin, [roles.serviceUser], []],
      [apps.dealerOrdering, users.partner, [roles.dealerOrderer], [accountAccesses.dealerNord]],
      [apps.servicePortal, users.partner, [roles.serviceUser], []],
      [apps.servicePortal, users.customer, [roles.serviceUser], []],
      [apps.hr, users.employee, [roles.hrUser], []],
      [apps.servicePortal, users.employee, [roles.serviceUser], []],
      ...extras
        .slice(0, 30)
        .map((u, i): [string, string, string[], string[]] => [
          apps.kitchenPlanner,
          u,
          [i % 3 === 0 ? roles.plannerViewer : roles.planner],
          i % 2 ? [accountAccesses.dealerNord] : [accountAccesses.dealerSued],
        ]),
      ...extras
        .slice(10, 40)
        .map((u, i): [string, string, string[], string[]] => [
          apps.dealerOrdering,
          u,
          [i % 4 === 0 ? roles.dealerViewer : roles.dealerOrderer],
          [accountAccesses.branchHamburg],
        ]),
    ];
    for (const [application_id, user_id, role_ids, account_access_ids] of grants) {
      await trx
        .insertInto('application_users')
        .values({ application_id, user_id, role_ids, account_access_ids })
        .execute();
    }
    const values: [string, string, string][] = [
      [users.customer, attributes.customerNumber, 'K-100234'],
      [users.customer, attributes.termsAccepted, 'true'],
      [users.appAdmin, attributes.termsAccepted, 'true'],
      [users.employee, attributes.termsAccepted, 'true'],
      [users.employee, attributes.employeeNumber, '4711'],
      [users.partner, attributes.customerNumber, 'K-200871'],
      [users.partner, attributes.phone, '+49 40 123456'],
      [users.appAdmin, attributes.studioName, 'Planungsstudio Mitte'],
      ...extras
        .slice(10, 40)
        .map((u, i): [string, string, string] => [u, attributes.dealerNumber, `H-${String(3000 + i)}`]),
    ];
    await trx
      .insertInto('user_attribute_values')
      .values(values.map(([user_id, attribute_id, value]) => ({ user_id, attribute_id, value })))
      .execute();

    // ---------------------------------------------------------------- open access requests
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    const requestRows = [
      {
        id: accessRequests.partnerPlanner,
        application_id: apps.kitchenPlanner,
        user_id: users.partner,
        account_access_id: accountAccesses.dealerNord,
        comment: 'Wir möchten Küchen für unsere Kunden planen.',
        requested_at: new Date(now - 2 * day),
      },
      {
        id: accessRequests.customerPlanner,
        application_id: apps.kitchenPlanner,
        user_id: users.customer,
        account_access_id: null,
        comment: null,
        requested_at: new Date(now - day),
      },
      {
        id: accessRequests.customerMarketing,
        application_id: apps.marketing,
        user_id: users.customer,
        account_access_id: null,
        comment: 'Für unsere Hausausstellung',
        requested_at: new Date(now - 3 * day),
      },
      ...extras.slice(40, 46).map((u, i) => ({
        id: `60000000-0000-4000-8000-${String(100 + i).padStart(12, '0')}`,
        application_id: apps.kitchenPlanner,
        user_id: u,
        account_access_id: null,
        comment: null,
        requested_at: new Date(now - (i + 4) * day),
      })),
    ];
    for (const r of requestRows) {
      await trx
        .insertInto('access_requests')
        .values({ ...r, status: 'OPEN', role_id: null })
        .execute();
      await hist('access_requests', r.id, { applicationId: r.application_id, userId: r.user_id, status: 'OPEN' });
    }
    await trx
      .insertInto('access_requests')
      .values({
        id: accessRequestId(200),
        application_id: apps.kitchenPlanner,
        user_id: extras[46] ?? users.newUser,
        status: 'DENIED',
        requested_at: new Date(now - 10 * day),
        decided_at: new Date(now - 9 * day),
        decided_by: users.appAdmin,
        reason: 'Kein Fachhändler',
        account_access_id: null,
        role_id: null,
        comment: null,
      })
      .execute();
  });
}
