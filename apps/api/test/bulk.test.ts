// #20.3: bulk changes on the console's lists and the CSV import of users' access. Each is all
// or nothing in one transaction, recorded in the history per entity and fires the same webhooks
// as the single calls; an application's administrator acts only on their applications.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRequests, accountAccesses, apps, extraUserId, roles, users } from '../src/db/seed/ids.ts';
import { claimsOf } from '../src/services/access.ts';
import type { ApiError, Schema } from '@portal/contract';
import { harness, token } from './harness.ts';
import { anyNumber } from './matchers.ts';
import type { Harness } from './harness.ts';

let h: Harness;
let admin = '';
let appAdmin = '';

beforeAll(async () => {
  h = await harness();
  admin = await token({
    sub: users.globalAdmin,
    permissions: (await claimsOf(h.db, users.globalAdmin)).hkData.permissions,
  });
  appAdmin = await token({
    sub: users.appAdmin,
    permissions: (await claimsOf(h.db, users.appAdmin)).hkData.permissions,
  });
});
afterAll(async () => {
  await h.close();
});

type Count = Schema<'BulkResult'>;
type Imported = Schema<'ApplicationUsersImportResult'>;
/** The answer read as `T`, the contract's type for the status the test expects (null for a 204). */
async function send<T = unknown>(
  method: string,
  path: string,
  body: unknown,
  as = admin,
  lang?: string,
): Promise<{ status: number; body: T }> {
  const init = { token: as, ...(lang === undefined ? {} : { headers: { lang } }) };
  // A bulk change, a decision of several requests and an applied import are jobs (#28.6): followed to their end.
  const r = await h.finish(await h.request(method, path, { ...init, body }), init);
  return { status: r.status, body: r.status === 204 ? (null as T) : ((await r.json()) as T) };
}
const grantOf = (applicationId: string, userId: string) =>
  h.db
    .selectFrom('application_users')
    .select(['role_ids', 'account_access_ids'])
    .where('application_id', '=', applicationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
const historyOf = (table: string, entity: string) =>
  h.db
    .selectFrom('history')
    .select(['mode', 'field', 'value'])
    .where('table_name', '=', table)
    .where('entity', '=', entity)
    .orderBy('id')
    .execute();
const deliveries = (applicationId: string) =>
  h.db
    .selectFrom('webhook_deliveries')
    .select(['event', 'user_id'])
    .where('application_id', '=', applicationId)
    .where('event', '!=', 'TEST')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
const emailOf = async (id: string) =>
  (await h.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;
const bulk = (applicationId: string) => `/Admin/Applications/${applicationId}/Users/Bulk`;

describe('several users of an application at once', () => {
  it('adds a role to three users of the kitchen planner in one call, with history per user', async () => {
    const three = [extraUserId(2), extraUserId(3), extraUserId(5)];
    const r = await send<Count>(
      'POST',
      bulk(apps.kitchenPlanner),
      { action: 'addRoles', userIds: three, roleIds: [roles.plannerViewer] },
      appAdmin,
    );
    expect(r).toEqual({ status: 200, body: { count: anyNumber() } });
    for (const id of three) {
      expect((await grantOf(apps.kitchenPlanner, id))?.role_ids).toContain(roles.plannerViewer);
    }
    // extra 3 (index 2 → i % 3 … ) may already have had it: count is the users whose access changed.
    const changed = (
      await Promise.all(three.map((id) => historyOf('application_users', `${apps.kitchenPlanner}:${id}`)))
    ).filter((entries) => entries.some((e) => e.mode === 'UPDATE' && e.field === 'roleIds'));
    expect(changed.length).toBe(r.body.count);
  });

  it('fires the same webhooks as single writes: GRANT for a new user, UPDATE for a user with access, REMOVE for a removed access', async () => {
    const before = (await deliveries(apps.dealerOrdering)).length;
    const queued = h.queued.count;
    const add = await send<Count>('POST', bulk(apps.dealerOrdering), {
      action: 'addRoles',
      userIds: [users.partner, users.newUser],
      roleIds: [roles.dealerViewer],
    });
    expect(add.body).toEqual({ count: 2 });
    expect((await deliveries(apps.dealerOrdering)).slice(before).map((d) => [d.event, d.user_id])).toEqual([
      ['UPDATE', users.partner],
      ['GRANT', users.newUser],
    ]);
    expect(h.queued.count).toBe(queued + 1);
    const removed = await send<Count>('POST', bulk(apps.dealerOrdering), {
      action: 'removeAccess',
      userIds: [users.newUser],
    });
    expect(removed.body).toEqual({ count: 1 });
    expect((await deliveries(apps.dealerOrdering)).at(-1)).toEqual({ event: 'REMOVE', user_id: users.newUser });
    expect(await grantOf(apps.dealerOrdering, users.newUser)).toBeUndefined();
    expect(
      (await historyOf('application_users', `${apps.dealerOrdering}:${users.newUser}`)).map((e) => e.mode),
    ).toEqual(expect.arrayContaining(['CREATE', 'DELETE']));
  });

  it('adds and removes account accesses', async () => {
    const id = extraUserId(7);
    expect(
      (
        await send('POST', bulk(apps.kitchenPlanner), {
          action: 'addAccountAccesses',
          userIds: [id],
          accountAccessIds: [accountAccesses.dealerSued, accountAccesses.dealerNord],
        })
      ).status,
    ).toBe(200);
    expect((await grantOf(apps.kitchenPlanner, id))?.account_access_ids.sort()).toEqual(
      [accountAccesses.dealerNord, accountAccesses.dealerSued].sort(),
    );
    expect(
      (
        await send('POST', bulk(apps.kitchenPlanner), {
          action: 'removeAccountAccesses',
          userIds: [id],
          accountAccessIds: [accountAccesses.dealerSued],
        })
      ).status,
    ).toBe(200);
    expect((await grantOf(apps.kitchenPlanner, id))?.account_access_ids).toEqual([accountAccesses.dealerNord]);
  });

  it('all or nothing: a user left without a role, or without access, refuses the whole call with the reason per user', async () => {
    const ok = extraUserId(8);
    const lonely = extraUserId(10);
    const grants = await Promise.all([ok, lonely].map((id) => grantOf(apps.kitchenPlanner, id)));
    await send('POST', bulk(apps.kitchenPlanner), {
      action: 'addRoles',
      userIds: [ok],
      roleIds: [roles.plannerViewer, roles.planner],
    });
    const okBefore = await grantOf(apps.kitchenPlanner, ok);
    const lonelyRoles = grants[1]?.role_ids ?? [];
    const r = await send<ApiError>('POST', bulk(apps.kitchenPlanner), {
      action: 'removeRoles',
      userIds: [ok, lonely],
      roleIds: lonelyRoles,
    });
    expect(r.status).toBe(400);
    const body = r.body;
    expect(body.error.code).toBe('applicationUser.lastRole');
    expect(body.error.errors).toEqual([
      {
        field: 'userIds.1',
        message: `Dem Benutzer ${await emailOf(lonely)} bliebe keine Rolle. Entziehen Sie stattdessen den Zugriff.`,
      },
    ]);
    expect(await grantOf(apps.kitchenPlanner, ok)).toEqual(okBefore);
    const none = await send<ApiError>(
      'POST',
      bulk(apps.kitchenPlanner),
      { action: 'removeAccess', userIds: [ok, users.newUser] },
      admin,
      'en',
    );
    expect(none.status).toBe(400);
    expect(none.body.error.errors).toEqual([
      { field: 'userIds.1', message: 'The user new@hk-demo.test has no access to this application.' },
    ]);
    expect(await grantOf(apps.kitchenPlanner, ok)).toEqual(okBefore);
    const unknown = await send<ApiError>('POST', bulk(apps.kitchenPlanner), {
      action: 'removeAccess',
      userIds: ['00000000-0000-4000-8000-0000000000ff'],
    });
    expect(unknown.body.error.code).toBe('reference.notFound');
    expect((await send('POST', bulk(apps.kitchenPlanner), { action: 'addRoles', userIds: [ok] })).status).toBe(400);
    expect(
      (
        await send('POST', bulk(apps.kitchenPlanner), {
          action: 'addRoles',
          userIds: [ok],
          roleIds: [roles.dealerViewer],
        })
      ).status,
    ).toBe(400);
  });

  it('an application administrator acts only on their applications', async () => {
    expect(
      (await send('POST', bulk(apps.dealerOrdering), { action: 'removeAccess', userIds: [users.partner] }, appAdmin))
        .status,
    ).toBe(403);
    expect(await grantOf(apps.dealerOrdering, users.partner)).toBeDefined();
    expect(
      (
        await h.request('POST', bulk(apps.kitchenPlanner), {
          body: { action: 'removeAccess', userIds: [users.partner] },
        })
      ).status,
    ).toBe(401);
  });
});

describe('several access requests decided at once', () => {
  const open = async () =>
    await h.db
      .selectFrom('access_requests')
      .select(['id', 'user_id'])
      .where('application_id', '=', apps.kitchenPlanner)
      .where('status', '=', 'OPEN')
      .orderBy('id')
      .execute();
  const decide = `/Admin/Applications/${apps.kitchenPlanner}/AccessRequests/Decide`;

  it("refuses all when one request is another application's or already decided", async () => {
    const [first] = await open();
    const other = await send<ApiError>(
      'POST',
      decide,
      { requestIds: [first?.id, accessRequests.customerMarketing], decision: { decision: 'DENY' } },
      appAdmin,
    );
    expect(other.status).toBe(400);
    expect(other.body.error.errors).toEqual([expect.objectContaining({ field: 'requestIds.1' })]);
    const decided = await h.db
      .selectFrom('access_requests')
      .select('id')
      .where('application_id', '=', apps.kitchenPlanner)
      .where('status', '=', 'DENIED')
      .executeTakeFirstOrThrow();
    const twice = await send(
      'POST',
      decide,
      { requestIds: [first?.id, decided.id], decision: { decision: 'DENY' } },
      appAdmin,
    );
    expect(twice.status).toBe(409);
    expect((await open())[0]?.id).toBe(first?.id);
  });

  it("names the decider as recorded once the decider's account is gone (#30.7)", async () => {
    const deciderId = '00000000-0000-4000-8000-0000000000d1';
    await h.db
      .insertInto('users')
      .values({
        id: deciderId,
        email: 'dora.decider@hk-demo.test',
        first_name: 'Dora',
        last_name: 'Decider',
        language: 'de',
        internal: false,
      })
      .execute();
    const decider = await token({ sub: deciderId, permissions: ['applications.write', 'access_requests.manage'] });
    const [request] = await open();
    const denied = await send(
      'PUT',
      `/Admin/Applications/AccessRequests/${request?.id ?? ''}`,
      { decision: 'DENY', reason: 'Kein Bedarf' },
      decider,
    );
    expect(denied.body).toMatchObject({ status: 'DENIED', decidedBy: deciderId, decidedByName: 'Dora Decider' });
    expect((await send('DELETE', `/Users/${deciderId}`, undefined)).status).toBe(204);
    const after = await send('GET', `/Admin/Applications/AccessRequests/${request?.id ?? ''}`, undefined);
    expect(after.body).toMatchObject({ decidedBy: deciderId, decidedByName: 'Dora Decider' });
  });

  it('accepts two requests with a role (each granted, history per request) and denies two with a reason', async () => {
    const requests = await open();
    const [a, b, c, d] = requests;
    const accept = await send(
      'POST',
      decide,
      { requestIds: [a?.id, b?.id], decision: { decision: 'ACCEPT', roleIds: [roles.planner] } },
      appAdmin,
    );
    expect(accept).toEqual({ status: 200, body: { count: 2 } });
    for (const r of [a, b]) {
      expect((await grantOf(apps.kitchenPlanner, r?.user_id ?? ''))?.role_ids).toContain(roles.planner);
      expect(
        (await historyOf('access_requests', r?.id ?? '')).filter((e) => e.field === 'status').map((e) => e.value),
      ).toContain('ACCEPTED');
    }
    const deny = await send(
      'POST',
      decide,
      { requestIds: [c?.id, d?.id], decision: { decision: 'DENY', reason: 'Kein Bedarf' } },
      appAdmin,
    );
    expect(deny.body).toEqual({ count: 2 });
    const rows = await h.db
      .selectFrom('access_requests')
      .select(['status', 'reason'])
      .where('id', 'in', [c?.id ?? '', d?.id ?? ''])
      .execute();
    expect(rows).toEqual([
      { status: 'DENIED', reason: 'Kein Bedarf' },
      { status: 'DENIED', reason: 'Kein Bedarf' },
    ]);
    // Each decided request names who decided it and when (#30.7), as the single decision does.
    const appAdminName = (
      await h.db.selectFrom('users').select('full_name').where('id', '=', users.appAdmin).executeTakeFirstOrThrow()
    ).full_name;
    for (const r of [a, c]) {
      const detail = await send<Schema<'AccessRequest'>>(
        'GET',
        `/Admin/Applications/AccessRequests/${r?.id ?? ''}`,
        undefined,
        appAdmin,
      );
      expect(detail.body).toMatchObject({ decidedBy: users.appAdmin, decidedByName: appAdminName });
      expect(typeof detail.body.decidedAt).toBe('string');
    }
    expect((await open()).length).toBe(requests.length - 4);
    const noRole = await send<ApiError>(
      'POST',
      decide,
      { requestIds: [(await open())[0]?.id], decision: { decision: 'ACCEPT', roleIds: [] } },
      appAdmin,
    );
    expect(noRole.body.error.code).toBe('accessRequest.roleRequired');
  });

  it('needs manageAccessRequests on the application', async () => {
    const dealer = `/Admin/Applications/${apps.dealerOrdering}/AccessRequests/Decide`;
    expect(
      (
        await send(
          'POST',
          dealer,
          { requestIds: [accessRequests.customerMarketing], decision: { decision: 'DENY' } },
          appAdmin,
        )
      ).status,
    ).toBe(403);
  });
});

describe('bulk delete on the global lists', () => {
  it('deletes roles at once, takes them from users, records each; an unknown id deletes nothing', async () => {
    const created = await Promise.all(
      ['bulk.one', 'bulk.two'].map((key) =>
        send<Schema<'Role'>>('POST', '/Roles', {
          key,
          label: key,
          permissionIds: [],
          applicationIds: [apps.kitchenPlanner],
        }),
      ),
    );
    const ids = created.map((r) => r.body.id);
    await send('POST', bulk(apps.kitchenPlanner), {
      action: 'addRoles',
      userIds: [extraUserId(11)],
      roleIds: [ids[0]],
    });
    const unknown = await send<ApiError>('POST', '/Roles/BulkDelete', {
      ids: [...ids, '00000000-0000-4000-8000-0000000000ff'],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.errors).toEqual([expect.objectContaining({ field: 'ids.2' })]);
    expect((await h.db.selectFrom('roles').select('id').where('id', 'in', ids).execute()).length).toBe(2);
    expect((await send('POST', '/Roles/BulkDelete', { ids }, appAdmin)).status).toBe(403);
    expect(await send('POST', '/Roles/BulkDelete', { ids })).toEqual({ status: 200, body: { count: 2 } });
    expect((await h.db.selectFrom('roles').select('id').where('id', 'in', ids).execute()).length).toBe(0);
    expect((await grantOf(apps.kitchenPlanner, extraUserId(11)))?.role_ids).not.toContain(ids[0]);
    for (const id of ids) expect((await historyOf('roles', id)).map((e) => e.mode)).toContain('DELETE');
  });

  it("deletes applications at once with their users' access, recorded each; an unknown id deletes nothing", async () => {
    const ids = await Promise.all(
      ['Sammel A', 'Sammel B'].map(
        async (label) =>
          (
            await send<Schema<'Application'>>('POST', '/Applications', {
              label,
              url: 'https://sammel.example.test',
              roles: [{ roleId: roles.planner, permissionId: null, visible: true, default: false }],
            })
          ).body.id,
      ),
    );
    await send('POST', bulk(ids[0] ?? ''), { action: 'addRoles', userIds: [users.customer], roleIds: [roles.planner] });
    expect((await send('POST', '/Applications/BulkDelete', { ids: [...ids, 'gibt-es-nicht'] })).status).toBe(400);
    expect((await h.db.selectFrom('applications').select('id').where('id', 'in', ids).execute()).length).toBe(2);
    expect((await send('POST', '/Applications/BulkDelete', { ids }, appAdmin)).status).toBe(403);
    expect(await send('POST', '/Applications/BulkDelete', { ids })).toEqual({ status: 200, body: { count: 2 } });
    expect(await grantOf(ids[0] ?? '', users.customer)).toBeUndefined();
    for (const id of ids) expect((await historyOf('applications', id)).map((e) => e.mode)).toContain('DELETE');
  });

  it('deletes users at once with a REMOVE delivery for each access they had', async () => {
    const before = (await deliveries(apps.dealerOrdering)).length;
    await send('POST', bulk(apps.dealerOrdering), {
      action: 'addRoles',
      userIds: [extraUserId(20), extraUserId(21)],
      roleIds: [roles.dealerViewer],
    });
    expect(await send('POST', '/Users/BulkDelete', { ids: [extraUserId(20), extraUserId(21)] })).toEqual({
      status: 200,
      body: { count: 2 },
    });
    expect(
      (await deliveries(apps.dealerOrdering))
        .slice(before)
        .map((d) => d.event)
        .slice(-2),
    ).toEqual(['REMOVE', 'REMOVE']);
    expect((await historyOf('users', extraUserId(20))).map((e) => e.mode)).toContain('DELETE');
    expect((await send('POST', '/Users/BulkDelete', { ids: [extraUserId(20)] })).status).toBe(400);
  });
});

describe("CSV import of users' access", () => {
  const path = `/Admin/Applications/${apps.kitchenPlanner}/Users/Import`;

  it('a dry run lists what would change and each invalid line with its reason, and writes nothing', async () => {
    const keep = await emailOf(extraUserId(13));
    const current = await grantOf(apps.kitchenPlanner, extraUserId(13));
    const keepRoles = (
      await h.db
        .selectFrom('roles')
        .select('key')
        .where('id', 'in', current?.role_ids ?? [])
        .execute()
    )
      .map((r) => r.key)
      .join('|');
    const keepAccesses = (
      await h.db
        .selectFrom('account_accesses')
        .select('key')
        .where('id', 'in', current?.account_access_ids ?? [])
        .execute()
    )
      .map((r) => r.key)
      .join('|');
    const csv = [
      'email;roles;accountAccesses',
      'new@hk-demo.test;kitchen_planner.planner;dealer.nord',
      `${await emailOf(extraUserId(14))};kitchen_planner.viewer|kitchen_planner.planner;`,
      `${await emailOf(extraUserId(15))};;`,
      `${keep};${keepRoles};${keepAccesses}`,
      'nobody@example.test;kitchen_planner.planner;',
      'NEW@hk-demo.test;kitchen_planner.viewer;',
      `${await emailOf(extraUserId(16))};dealer_ordering.viewer;`,
    ].join('\r\n');
    const before = await h.db
      .selectFrom('application_users')
      .selectAll()
      .where('application_id', '=', apps.kitchenPlanner)
      .orderBy('user_id')
      .execute();
    const r = await send<Imported>('POST', path, { csv, apply: false }, appAdmin);
    expect(r.status).toBe(200);
    expect(r.body.applied).toBe(false);
    expect(r.body.rows.map((row) => [row.line, row.change])).toEqual([
      [2, 'GRANT'],
      [3, 'UPDATE'],
      [4, 'REMOVE'],
      [5, 'UNCHANGED'],
    ]);
    expect(r.body.rows[0]?.roles).toEqual([{ id: roles.planner, key: 'kitchen_planner.planner', label: 'Planer' }]);
    expect(r.body.invalid).toEqual([
      {
        line: 6,
        email: 'nobody@example.test',
        message: 'Es gibt keinen Benutzer mit der E-Mail-Adresse „nobody@example.test“.',
      },
      { line: 7, email: 'NEW@hk-demo.test', message: 'Der Benutzer „NEW@hk-demo.test“ steht bereits in Zeile 2.' },
      {
        line: 8,
        email: await emailOf(extraUserId(16)),
        message: 'Die Rolle „dealer_ordering.viewer“ gehört nicht zu dieser Anwendung.',
      },
    ]);
    expect(
      await h.db
        .selectFrom('application_users')
        .selectAll()
        .where('application_id', '=', apps.kitchenPlanner)
        .orderBy('user_id')
        .execute(),
    ).toEqual(before);
    const en = await send<Imported>('POST', path, { csv: 'mail,roles\nx,y', apply: false }, appAdmin, 'en');
    expect(en.body.invalid).toEqual([
      {
        line: 1,
        email: null,
        message: 'The first line must name the columns "email" and "roles" (optionally "accountAccesses").',
      },
    ]);
  });

  it('apply refuses a file with an invalid line (nothing written) and writes a valid one all at once, with history and webhooks', async () => {
    const bad = 'email,roles\nnew@hk-demo.test,kitchen_planner.planner\nnobody@example.test,kitchen_planner.planner';
    const refused = await send<ApiError>('POST', path, { csv: bad, apply: true }, appAdmin);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('import.invalidRows');
    expect(refused.body.error.errors).toEqual([
      { field: 'lines.3', message: 'Zeile 3: Es gibt keinen Benutzer mit der E-Mail-Adresse „nobody@example.test“.' },
    ]);
    expect(await grantOf(apps.kitchenPlanner, users.newUser)).toBeUndefined();
    const good = `email,roles\nnew@hk-demo.test,kitchen_planner.planner\n${await emailOf(extraUserId(15))},`;
    const applied = await send('POST', path, { csv: good, apply: true }, appAdmin);
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({
      applied: true,
      invalid: [],
      rows: [
        { line: 2, change: 'GRANT' },
        { line: 3, change: 'REMOVE' },
      ],
    });
    expect((await grantOf(apps.kitchenPlanner, users.newUser))?.role_ids).toEqual([roles.planner]);
    expect(await grantOf(apps.kitchenPlanner, extraUserId(15))).toBeUndefined();
    expect(
      (await historyOf('application_users', `${apps.kitchenPlanner}:${users.newUser}`)).map((e) => e.mode),
    ).toContain('CREATE');
    const before = (await deliveries(apps.dealerOrdering)).length;
    await send('POST', `/Admin/Applications/${apps.dealerOrdering}/Users/Import`, {
      csv: 'email,roles\nnew@hk-demo.test,dealer_ordering.viewer',
      apply: true,
    });
    expect((await deliveries(apps.dealerOrdering)).slice(before)).toEqual([{ event: 'GRANT', user_id: users.newUser }]);
    expect(
      (
        await send(
          'POST',
          `/Admin/Applications/${apps.dealerOrdering}/Users/Import`,
          { csv: good, apply: false },
          appAdmin,
        )
      ).status,
    ).toBe(403);
  });
});
