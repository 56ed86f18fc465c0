// The five kinds' table: each kind's path, permission area and input schema, and what its CRUD spec (attributes.ts,
// permissions.ts, roles.ts, account-accesses.ts, custom-flows.ts) says to crud.ts.
import type { Selectable, Transaction } from 'kysely';
import type { components } from '@portal/contract';
import type { GlobalPermission } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { SchemaName } from '../../http/contract.ts';
import type { Listing } from './listing.ts';
import type { Table } from './rows.ts';

type S = components['schemas'];

/** An entity's answer: its id and, for some kinds, the first places it is used (neither is recorded in its history). */
export interface Entity {
  id: string;
  usages?: S['Usage'][];
}

/** The entity as its history records it: the same fields as its input. */
export function recorded({ id: _id, usages: _usages, ...fields }: Entity): Record<string, unknown> {
  return fields;
}

/** The schemas of each kind: its answer, its input and the row of its list. */
export interface KindSchemas {
  attributes: { dto: S['Attribute']; input: S['AttributeInput']; summary: S['AttributeSummary'] };
  permissions: { dto: S['Permission']; input: S['PermissionInput']; summary: S['PermissionSummary'] };
  roles: { dto: S['Role']; input: S['RoleInput']; summary: S['RoleSummary'] };
  account_accesses: { dto: S['AccountAccess']; input: S['AccountAccessInput']; summary: S['AccountAccessSummary'] };
  custom_flows: {
    dto: S['CustomFlowDefinition'];
    input: S['CustomFlowDefinitionInput'];
    summary: S['CustomFlowSummary'];
  };
}

/** The permission areas of the global permissions (`<area>.read`, `<area>.write`). */
type AreaOf<P> = P extends `${infer A}.read` ? A : never;

/** Each kind's routes: their path, their permissions' area and the schema of their input. */
export const kinds = {
  attributes: { path: '/Attributes', area: 'attributes', inputSchema: 'AttributeInput' },
  permissions: { path: '/Permissions', area: 'permissions', inputSchema: 'PermissionInput' },
  roles: { path: '/Roles', area: 'roles', inputSchema: 'RoleInput' },
  account_accesses: { path: '/AccountAccesses', area: 'accountaccesses', inputSchema: 'AccountAccessInput' },
  custom_flows: { path: '/CustomFlows', area: 'customflows', inputSchema: 'CustomFlowDefinitionInput' },
} as const satisfies { [T in Table]: { path: string; area: AreaOf<GlobalPermission>; inputSchema: SchemaName } };

/** What differs between the kinds' CRUD routes besides their `kinds` entry. */
export interface Crud<T extends Table, Dto extends Entity = KindSchemas[T]['dto'], Input = KindSchemas[T]['input']> {
  /** The list (GET path) and its CSV download (GET path/Export, #20.3). */
  listing: Listing<KindSchemas[T]['summary']>;
  /** The answer made from the entity's row. */
  get: (db: Database | Transaction<DB>, row: Selectable<DB[T]>) => Promise<Dto>;
  /** Every rule of a save that reads the database (a key taken, a link to nothing, a cycle): read-only, before `save`. */
  check: (db: Database | Transaction<DB>, id: string, input: Input) => Promise<void>;
  /** Writes an input `check` passed. */
  save: (trx: Transaction<DB>, id: string, input: Input, isNew: boolean) => Promise<void>;
  /** Where the entity is used (#17.15): GET {id}/Usage, and the answer of DELETE. */
  usage?: (db: Database | Transaction<DB>, id: string) => Promise<S['UsageGroup'][]>;
}
