// #19.7: undoing one entry of an entity's history. The revert is saved as a PUT with the field
// as it was (its checks, a history entry of its own); it is refused, changing nothing, when the
// entry is not the change of one field, the field changed since, or the old value names an
// entity that is gone. Each entry of the list says whether it may be undone now: only when the undo
// would be saved (#28.9: the save's checks run on the undo's input, read-only). A deleted entity's
// history stays readable; undoing one of its entries answers 409 history.entityGone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimsOf } from '../src/services/access.ts';
import { apps, users } from '../src/db/seed/ids.ts';
import type { ApiError, Schema } from '@portal/contract';
import { checkedCall } from './openapi.ts';
import { harness, token } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
let admin: string;
let partner: string;

type Application = Schema<'Application'>;
type History = Schema<'HistoryList'>;
type Permission = Schema<'Permission'>;
type AccountAccess = Schema<'AccountAccess'>;

/** The answer, checked against the document and read as `T` (the contract's type for the status the test expects). */
const call = <T = unknown>(method: string, path: string, init: { body?: unknown; as?: string; lang?: string } = {}) =>
  checkedCall<T>(h, method, path, {
    token: init.as ?? admin,
    body: init.body,
    ...(init.lang === undefined ? {} : { headers: { lang: init.lang } }),
  });

/** The newest UPDATE entry of `field` in an entity's history. */
async function entryOf(path: string, field: string): Promise<Schema<'HistoryEntry'>> {
  const { items } = (await call<History>('GET', `${path}/History`)).body;
  const entry = items.find((x) => x.mode === 'UPDATE' && x.field === field);
  if (!entry) throw new Error(`no UPDATE of ${field} in the history of ${path}`);
  return entry;
}

const applicationInput = (dto: Application): Schema<'ApplicationInput'> => {
  const { id: _i, accessRequestsAmount: _a, adminPermissionKey: _k, released: _r, webhook, ...input } = dto;
  if (webhook === null) return { ...input, webhook: null };
  const { consecutiveFailures: _f, pausedAt: _p, passwordSet: _s, ...settings } = webhook;
  return { ...input, webhook: settings };
};

beforeAll(async () => {
  h = await harness();
  const claims = await claimsOf(h.db, users.globalAdmin);
  admin = await token({ sub: users.globalAdmin, permissions: claims.hkData.permissions });
  partner = await token({ sub: users.partner, permissions: [] });
});
afterAll(() => h.close());

describe('reverting a change from the history (#19.7)', () => {
  it("sets an application's field back as a new change, recorded in the history; the entry cannot be undone twice", async () => {
    const path = `/Applications/${apps.kitchenPlanner}`;
    const before = (await call<Application>('GET', path)).body;
    await call('PUT', path, { body: { ...applicationInput(before), label: 'Küchenplaner (neu)' } });
    const entry = await entryOf(path, 'label');
    expect(entry).toMatchObject({ oldValue: before.label, value: 'Küchenplaner (neu)', revertible: true });

    const reverted = await call<Application>('POST', `${path}/History/${entry.id}/Revert`);
    expect(reverted.status).toBe(200);
    expect(reverted.body.label).toBe(before.label);
    const undo = await entryOf(path, 'label');
    expect(undo).toMatchObject({
      oldValue: 'Küchenplaner (neu)',
      value: before.label,
      updatedBy: users.globalAdmin,
      revertible: true,
    });
    const { items } = (await call<History>('GET', `${path}/History`)).body;
    expect(items.find((x) => x.id === entry.id)?.revertible).toBe(false);

    const again = await call<ApiError>('POST', `${path}/History/${entry.id}/Revert`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('history.changedSince');
    expect((await call<Application>('GET', path)).body.label).toBe(before.label);
  });

  it("reverts an application's webhook settings and keeps its stored password", async () => {
    const path = `/Applications/${apps.dealerOrdering}`;
    const before = (await call<Application>('GET', path)).body;
    const input = applicationInput(before);
    await call('PUT', path, { body: { ...input, webhook: { ...input.webhook, onUpdate: false } } });
    const entry = await entryOf(path, 'webhook');
    expect(entry.revertible).toBe(true);
    const reverted = await call<Application>('POST', `${path}/History/${entry.id}/Revert`);
    expect(reverted.status).toBe(200);
    expect(reverted.body.webhook).toMatchObject({ onUpdate: true, passwordSet: true, username: 'portal' });
  });

  it('takes the old value as text for a text field even when it reads like JSON', async () => {
    const attribute = (
      await call<Schema<'Attribute'>>('POST', '/Attributes', {
        body: { key: 'revert.probe', label: 'Probe', dataType: 'STRING', directoryLink: '123' },
      })
    ).body;
    const path = `/Attributes/${attribute.id}`;
    const { id: _i, usages: _u, ...input } = attribute;
    await call('PUT', path, { body: { ...input, directoryLink: null } });
    const entry = await entryOf(path, 'directoryLink');
    const reverted = await call<Schema<'Attribute'>>('POST', `${path}/History/${entry.id}/Revert`);
    expect(reverted.status).toBe(200);
    expect(reverted.body.directoryLink).toBe('123');
  });

  it('refuses, in the language asked for, when the old value names an entity deleted since', async () => {
    const first = (await call<Permission>('POST', '/Permissions', { body: { key: 'revert.first', description: '' } }))
      .body;
    const second = (await call<Permission>('POST', '/Permissions', { body: { key: 'revert.second', description: '' } }))
      .body;
    const role = (
      await call<Schema<'Role'>>('POST', '/Roles', {
        body: { key: 'revert.role', label: 'Rückgängig', permissionIds: [first.id], applicationIds: [] },
      })
    ).body;
    const path = `/Roles/${role.id}`;
    await call('PUT', path, {
      body: { key: 'revert.role', label: 'Rückgängig', permissionIds: [second.id], applicationIds: [] },
    });
    expect((await entryOf(path, 'permissionIds')).revertible).toBe(true);
    await call('DELETE', `/Permissions/${first.id}`);
    // Not offered (#28.9), and refused when asked all the same.
    const entry = await entryOf(path, 'permissionIds');
    expect(entry.revertible).toBe(false);
    const refused = await call<ApiError>('POST', `${path}/History/${entry.id}/Revert`, { lang: 'en' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('history.referenceGone');
    expect(refused.body.error.message).toBe('"revert.first" no longer exists, so the change cannot be undone.');
    expect((await call<Schema<'Role'>>('GET', path)).body.permissionIds).toEqual([second.id]);
  });

  it("refuses with the save's own check when the old value is no longer allowed (a key taken since)", async () => {
    const permission = (
      await call<Permission>('POST', '/Permissions', { body: { key: 'revert.key', description: '' } })
    ).body;
    const path = `/Permissions/${permission.id}`;
    await call('PUT', path, { body: { key: 'revert.key.renamed', description: '' } });
    expect((await entryOf(path, 'key')).revertible).toBe(true);
    await call('POST', '/Permissions', { body: { key: 'revert.key', description: 'taken' } });
    const entry = await entryOf(path, 'key');
    expect(entry.revertible).toBe(false);
    const refused = await call<ApiError>('POST', `${path}/History/${entry.id}/Revert`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.errors[0]?.field).toBe('key');
    expect((await call<Permission>('GET', path)).body.key).toBe('revert.key.renamed');
  });

  it('refuses a creation, and answers 404 for an unknown entry or one of another entity', async () => {
    const flow = (
      await call<Schema<'CustomFlowDefinition'>>('POST', '/CustomFlows', {
        body: { key: 'revert-flow', label: 'Ablauf', description: '', attributeIds: [] },
      })
    ).body;
    const path = `/CustomFlows/${flow.id}`;
    const { items } = (await call<History>('GET', `${path}/History`)).body;
    const created = items.find((x) => x.mode === 'CREATE');
    expect(created?.revertible).toBe(false);
    const refused = await call<ApiError>('POST', `${path}/History/${created?.id}/Revert`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('history.notRevertible');

    const other = await entryOf(`/Applications/${apps.kitchenPlanner}`, 'label');
    expect((await call('POST', `${path}/History/${other.id}/Revert`)).status).toBe(404);
    expect((await call('POST', `${path}/History/00000000-0000-4000-8000-000000000000/Revert`)).status).toBe(404);
    expect((await call('POST', `${path}/History/not-an-id/Revert`)).status).toBe(404);
  });

  it('refuses an entry written before old values were kept (its old value is unknown)', async () => {
    const permission = (
      await call<Permission>('POST', '/Permissions', { body: { key: 'revert.legacy', description: 'jetzt' } })
    ).body;
    const path = `/Permissions/${permission.id}`;
    // As entries were written before 0004: no old value, no author's name.
    await h.db
      .insertInto('history')
      .values({
        table_name: 'permissions',
        entity: permission.id,
        mode: 'UPDATE',
        field: 'description',
        value: 'jetzt',
        updated_by: users.globalAdmin,
      })
      .execute();
    const legacy = await entryOf(path, 'description');
    expect(legacy).toMatchObject({ oldValue: null, updatedByName: 'Greta Gruber', revertible: false });
    const refused = await call<ApiError>('POST', `${path}/History/${legacy.id}/Revert`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('history.notRevertible');
    expect((await call<Permission>('GET', path)).body.description).toBe('jetzt');
  });

  it('needs the write permission', async () => {
    const path = `/Applications/${apps.kitchenPlanner}`;
    const entry = await entryOf(path, 'label');
    expect((await call('POST', `${path}/History/${entry.id}/Revert`, { as: partner })).status).toBe(403);
  });

  it('does not offer an undo that the save would refuse by a rule of its kind (a cycle of account-access groups)', async () => {
    const accessInput = (key: string, parentId: string | null) => ({
      key,
      label: key,
      parentId,
      parentDeterminationMethod: 'NONE',
      childDeterminationMethod: 'NONE',
      attributeId: null,
    });
    const b = (await call<AccountAccess>('POST', '/AccountAccesses', { body: accessInput('revert.b', null) })).body;
    const a = (await call<AccountAccess>('POST', '/AccountAccesses', { body: accessInput('revert.a', b.id) })).body;
    const path = `/AccountAccesses/${a.id}`;
    await call('PUT', path, { body: accessInput('revert.a', null) });
    expect((await entryOf(path, 'parentId')).revertible).toBe(true);
    // B under A now: A back under B would be a cycle.
    await call('PUT', `/AccountAccesses/${b.id}`, { body: accessInput('revert.b', a.id) });
    const entry = await entryOf(path, 'parentId');
    expect(entry.revertible).toBe(false);
    const refused = await call<ApiError>('POST', `${path}/History/${entry.id}/Revert`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('accountAccess.cycle');
    expect((await call<AccountAccess>('GET', path)).body.parentId).toBeNull();
  });

  it.each([
    ['a permission', '/Permissions', { key: 'revert.gone', description: '' }, { description: 'changed' }],
    [
      'a role',
      '/Roles',
      { key: 'revert.gone.role', label: 'Weg', permissionIds: [], applicationIds: [] },
      { label: 'Weg (geändert)' },
    ],
  ])(
    '%s deleted: its history stays readable, nothing in it is offered, an undo answers 409 with the reason (#28.9)',
    async (_, kind, input, change) => {
      const entity = (await call<Permission | Schema<'Role'>>('POST', kind, { body: input })).body;
      const path = `${kind}/${entity.id}`;
      await call('PUT', path, { body: { ...input, ...change } });
      const [field] = Object.keys(change);
      expect((await entryOf(path, field ?? '')).revertible).toBe(true);
      await call('DELETE', path);
      const { items } = (await call<History>('GET', `${path}/History`)).body;
      expect(new Set(items.map((x) => x.mode))).toEqual(new Set(['CREATE', 'UPDATE', 'DELETE']));
      expect(items.every((x) => x.revertible === false)).toBe(true);
      const entry = items.find((x) => x.field === field);
      const refused = await call<ApiError>('POST', `${path}/History/${entry?.id}/Revert`, { lang: 'en' });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({
        code: 'history.entityGone',
        message: 'This entry cannot be undone: the item it belongs to has been deleted. The history stays readable.',
      });
      // An entry not of this entity, or none at all, is still 404.
      const other = await entryOf(`/Applications/${apps.kitchenPlanner}`, 'label');
      expect((await call('POST', `${path}/History/${other.id}/Revert`)).status).toBe(404);
      expect((await call('POST', `${path}/History/00000000-0000-4000-8000-000000000000/Revert`)).status).toBe(404);
    },
  );

  it("a deleted application's entries answer 409 too", async () => {
    const created = (
      await call<Application>('POST', '/Applications', {
        body: {
          ...applicationInput((await call<Application>('GET', `/Applications/${apps.kitchenPlanner}`)).body),
          label: 'Weg',
        },
      })
    ).body;
    const path = `/Applications/${created.id}`;
    await call('PUT', path, { body: { ...applicationInput(created), label: 'Weg (geändert)' } });
    const entry = await entryOf(path, 'label');
    expect(entry.revertible).toBe(true);
    await call('DELETE', path);
    expect((await entryOf(path, 'label')).revertible).toBe(false);
    const refused = await call<ApiError>('POST', `${path}/History/${entry.id}/Revert`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('history.entityGone');
  });
});
