// #17.14: history entries carry the old value, the author's name and the entities their
// values name (by label, whether they still exist). #17.15: where a role, account access,
// attribute or custom flow is used (GET {id}/Usage), and what DELETE removed it from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimsOf } from '../src/services/access.ts';
import { accountAccesses, apps, attributes, customFlows, roles, users } from '../src/db/seed/ids.ts';
import type { Schema } from '@portal/contract';
import { checkedCall } from './openapi.ts';
import { harness, token } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
let admin: string;
let partner: string;

type Usage = Schema<'EntityUsage'>;
type History = Schema<'HistoryList'>;
type Deleted = Schema<'DeleteResult'>;

/** The answer, checked against the document and read as `T` (the contract's type for the status the test expects). */
const call = <T = unknown>(method: string, path: string, init: { body?: unknown; as?: string } = {}) =>
  checkedCall<T>(h, method, path, { token: init.as ?? admin, body: init.body });

beforeAll(async () => {
  h = await harness();
  const claims = await claimsOf(h.db, users.globalAdmin);
  admin = await token({ sub: users.globalAdmin, permissions: claims.hkData.permissions });
  partner = await token({ sub: users.partner, permissions: [] });
});
afterAll(() => h.close());

describe('history (#17.14)', () => {
  it('an update records the old and the new value and the author by name', async () => {
    const before = (await call<Schema<'Application'>>('GET', `/Applications/${apps.kitchenPlanner}`)).body;
    const { id: _id, accessRequestsAmount: _a, adminPermissionKey: _k, released: _r, webhook: _w, ...input } = before;
    expect(
      (
        await call('PUT', `/Applications/${apps.kitchenPlanner}`, {
          body: { ...input, sortNumber: before.sortNumber + 7 },
        })
      ).status,
    ).toBe(200);
    const history = (await call<History>('GET', `/Applications/${apps.kitchenPlanner}/History`)).body;
    const entry = history.items.find((x) => x.field === 'sortNumber');
    expect(entry).toMatchObject({
      mode: 'UPDATE',
      oldValue: String(before.sortNumber),
      value: String(before.sortNumber + 7),
      updatedBy: users.globalAdmin,
      updatedByName: 'Greta Gruber',
      references: [],
    });
  });

  it('names linked entities by label, and keeps the label of one deleted since', async () => {
    const permission = (
      await call<Schema<'Permission'>>('POST', '/Permissions', { body: { key: 'history.probe', description: '' } })
    ).body;
    const role = (
      await call<Schema<'Role'>>('POST', '/Roles', {
        body: { key: 'history.role', label: 'Verlaufsrolle', permissionIds: [], applicationIds: [] },
      })
    ).body;
    await call('PUT', `/Roles/${role.id}`, {
      body: {
        key: 'history.role',
        label: 'Verlaufsrolle',
        permissionIds: [permission.id],
        applicationIds: [apps.marketing],
      },
    });
    const entries = (await call<History>('GET', `/Roles/${role.id}/History`)).body.items;
    const permissions = entries.find((x) => x.mode === 'UPDATE' && x.field === 'permissionIds');
    expect(permissions).toMatchObject({
      oldValue: '[]',
      value: JSON.stringify([permission.id]),
      references: [{ kind: 'PERMISSION', id: permission.id, label: 'history.probe', exists: true }],
    });
    const applications = entries.find((x) => x.mode === 'UPDATE' && x.field === 'applicationIds');
    expect(applications?.references).toEqual([
      { kind: 'APPLICATION', id: apps.marketing, label: 'Marketing-Downloads', exists: true },
    ]);

    expect((await call('DELETE', `/Permissions/${permission.id}`)).status).toBe(200);
    const after = (await call<History>('GET', `/Roles/${role.id}/History`)).body.items.find(
      (x) => x.id === permissions?.id,
    );
    expect(after?.references).toEqual([
      { kind: 'PERMISSION', id: permission.id, label: 'history.probe', exists: false },
    ]);
  });

  it('names the entities of entries written before names were recorded, as they are now', async () => {
    const role = (
      await call<Schema<'Role'>>('POST', '/Roles', {
        body: { key: 'history.legacy', label: 'Altrolle', permissionIds: [], applicationIds: [] },
      })
    ).body;
    await h.db
      .insertInto('history')
      .values({
        table_name: 'roles',
        entity: role.id,
        mode: 'UPDATE',
        field: 'applicationIds',
        value: JSON.stringify([apps.hr, 'a1000000-0000-4000-8000-0000000000ff']),
        updated_by: null,
      })
      .execute();
    const legacy = (await call<History>('GET', `/Roles/${role.id}/History`)).body.items.find(
      (x) => x.field === 'applicationIds' && x.oldValue === null && x.mode === 'UPDATE',
    );
    expect(legacy?.references).toEqual([{ kind: 'APPLICATION', id: apps.hr, label: 'Personal-App', exists: true }]);
    expect(legacy?.updatedByName).toBeNull();
  });

  it('an account access names its parent and attribute; a creation has no old value', async () => {
    const created = (
      await call<Schema<'AccountAccess'>>('POST', '/AccountAccesses', {
        body: {
          key: 'history.branch',
          label: 'Filiale Verlauf',
          parentId: accountAccesses.dealerNord,
          parentDeterminationMethod: 'MANUAL',
          childDeterminationMethod: 'NONE',
          attributeId: attributes.dealerNumber,
        },
      })
    ).body;
    const entries = (await call<History>('GET', `/AccountAccesses/${created.id}/History?sort=field&order=asc`)).body
      .items;
    expect(entries.find((x) => x.field === 'parentId')).toMatchObject({
      mode: 'CREATE',
      oldValue: null,
      references: [{ kind: 'ACCOUNT_ACCESS', id: accountAccesses.dealerNord, exists: true }],
    });
    expect(entries.find((x) => x.field === 'attributeId')?.references).toEqual([
      { kind: 'ATTRIBUTE', id: attributes.dealerNumber, label: 'Händlernummer', exists: true },
    ]);
  });
});

describe('usage and delete (#17.15)', () => {
  it('a role: applications, users and activation groups; the delete answers the same and takes it everywhere', async () => {
    const usage = (await call<Usage>('GET', `/Roles/${roles.hrUser}/Usage`)).body;
    const kinds = usage.groups.map((g) => g.kind);
    expect(kinds).toEqual(['APPLICATION', 'USER', 'ACTIVATION_GROUP']);
    expect(usage.groups[0]).toMatchObject({ count: 1, first: [{ id: apps.hr, label: 'Personal-App' }] });
    expect(usage.groups[1]?.count).toBeGreaterThanOrEqual(1);
    expect(usage.groups[1]?.first.map((u) => u.id)).toContain(users.employee);
    expect(usage.groups[2]?.first).toEqual([{ id: apps.hr, label: 'Personal-App' }]);

    const deleted = await call<Deleted>('DELETE', `/Roles/${roles.hrUser}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ removedFrom: usage.groups });
    const app = (await call<Schema<'Application'>>('GET', `/Applications/${apps.hr}`)).body;
    expect(app.activationGroups).toEqual([
      { directoryGroupName: 'HK-Mitarbeitende', roleIds: [], accountAccessIds: [] },
    ]);
    expect(app.roles.map((r) => r.roleId)).not.toContain(roles.hrUser);
    const access = (
      await call<Schema<'ApplicationUser'>>('GET', `/Admin/Applications/${apps.hr}/Users/${users.employee}`)
    ).body;
    expect(access.roles.map((r) => r.id)).not.toContain(roles.hrUser);
    expect((await call('GET', `/Roles/${roles.hrUser}/Usage`)).status).toBe(404);
  });

  it('an account access: applications, users and child groups (which lose their parent)', async () => {
    const usage = (await call<Usage>('GET', `/AccountAccesses/${accountAccesses.dealerNord}/Usage`)).body;
    const children = usage.groups.find((g) => g.kind === 'ACCOUNT_ACCESS');
    expect(children?.first.map((x) => x.id)).toEqual(
      expect.arrayContaining([accountAccesses.branchHamburg, accountAccesses.branchBremen]),
    );
    expect(usage.groups.map((g) => g.kind)).toContain('APPLICATION');
    const deleted = await call<Deleted>('DELETE', `/AccountAccesses/${accountAccesses.dealerNord}`);
    expect(deleted.body.removedFrom).toEqual(usage.groups);
    expect(
      (await call<Schema<'AccountAccess'>>('GET', `/AccountAccesses/${accountAccesses.branchHamburg}`)).body.parentId,
    ).toBeNull();
  });

  it('an attribute: applications, custom flows, account accesses and users with a value; counts and at most five names', async () => {
    const usage = (await call<Usage>('GET', `/Attributes/${attributes.customerNumber}/Usage`)).body;
    const byKind = Object.fromEntries(usage.groups.map((g) => [g.kind, g]));
    expect(byKind.APPLICATION?.count).toBeGreaterThanOrEqual(1);
    for (const group of usage.groups) {
      expect(group.first.length).toBe(Math.min(5, group.count));
      const labels = group.first.map((x) => x.label);
      expect(labels).toEqual(
        [...labels].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
      );
    }
    const deleted = await call<Deleted>('DELETE', `/Attributes/${attributes.customerNumber}`);
    expect(deleted.body.removedFrom).toEqual(usage.groups);
  });

  it('a custom flow: the applications that ask for it; an unused one answers no groups', async () => {
    const usage = (await call<Usage>('GET', `/CustomFlows/${customFlows.serviceTerms}/Usage`)).body;
    expect(usage).toEqual({
      groups: [{ kind: 'APPLICATION', count: 1, first: [{ id: apps.servicePortal, label: 'Serviceportal' }] }],
    });
    const unused = (
      await call<Schema<'CustomFlowDefinition'>>('POST', '/CustomFlows', {
        body: { key: 'unused-flow', label: 'Unbenutzt', description: '', attributeIds: [] },
      })
    ).body;
    expect((await call<Usage>('GET', `/CustomFlows/${unused.id}/Usage`)).body).toEqual({ groups: [] });
    expect((await call<Deleted>('DELETE', `/CustomFlows/${unused.id}`)).body).toEqual({ removedFrom: [] });
  });

  it('needs the read permission and a known id', async () => {
    expect((await call('GET', `/Roles/${roles.planner}/Usage`, { as: partner })).status).toBe(403);
    expect((await call('GET', '/Roles/00000000-0000-4000-8000-00000000dead/Usage')).status).toBe(404);
    expect((await call('GET', '/Roles/not-a-uuid/Usage')).status).toBe(404);
  });
});
