// Bulk changes of an application's users and the CSV import of their access (#20.3). Every
// change goes through the single calls' own functions (grant, removeGrant, acceptOpenRequests:
// history per user and the same webhooks), all inside the caller's one transaction; a problem
// with any user or line throws before anything is written.
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { components } from '@portal/contract';
import type { DB } from '../db/schema.ts';
import { badRequest, type FieldProblem } from '../http/errors.ts';
import { parseCsv } from '../http/csv.ts';
import type { MessageKey } from '../http/messages.ts';
import { acceptOpenRequests, checkAccountAccesses, checkRoles, grant, removeGrant } from './access.ts';
import type { MailQueue } from '../mail/outbox.ts';
import { ACCESS, accountAccessesAsItems, markExplicit, rolesAsItems } from './access-sources.ts';
import { noProgress, type Progress } from './progress.ts';

type S = components['schemas'];
type Who = { userId: string; permissions: ReadonlySet<string> };

const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])];
const without = (a: readonly string[], b: readonly string[]) => a.filter((id) => !b.includes(id));
const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * Applies one bulk action to the users of an application; the number of users whose access changed and whether a
 * webhook was queued. An open request of a user who gets access is accepted (its mail queued with `mail`, #29).
 * `progress` counts the users (a job's, #28.6).
 */
export async function bulkApplicationUsers(
  trx: Transaction<DB>,
  applicationId: string,
  me: Who,
  body: S['ApplicationUsersBulk'],
  mail: MailQueue | undefined,
  progress: Progress = noProgress,
): Promise<{ count: number; queued: boolean }> {
  const userIds = body.userIds.map((id) => id.toLowerCase());
  progress.total(userIds.length);
  const roleIds = body.roleIds ?? [];
  const accountAccessIds = body.accountAccessIds ?? [];
  if ((body.action === 'addRoles' || body.action === 'removeRoles') && roleIds.length === 0)
    throw badRequest([{ key: 'required', field: 'roleIds' }]);
  if (
    (body.action === 'addAccountAccesses' || body.action === 'removeAccountAccesses') &&
    accountAccessIds.length === 0
  ) {
    throw badRequest([{ key: 'required', field: 'accountAccessIds' }]);
  }
  await checkRoles(trx, applicationId, roleIds, me.permissions, 'roleIds');
  await checkAccountAccesses(trx, applicationId, accountAccessIds, 'accountAccessIds');
  const users = new Map(
    (await trx.selectFrom('users').select(['id', 'email']).where('id', 'in', userIds).execute()).map((u) => [
      u.id,
      u.email,
    ]),
  );
  const grants = new Map(
    (
      await trx
        .selectFrom('application_users')
        .select(['user_id', 'role_ids', 'account_access_ids'])
        .where('application_id', '=', applicationId)
        .where('user_id', 'in', userIds)
        .forUpdate()
        .execute()
    ).map((g) => [g.user_id, g]),
  );
  const problems: FieldProblem[] = [];
  const plan: { userId: string; remove: boolean; roleIds: string[]; accountAccessIds: string[]; isNew: boolean }[] = [];
  userIds.forEach((userId, i) => {
    const field = `userIds.${i}`;
    const email = users.get(userId);
    if (email === undefined) {
      problems.push({ key: 'referenceNotFound', field, args: [userId] });
      return;
    }
    const current = grants.get(userId);
    if (body.action === 'addRoles') {
      plan.push({
        userId,
        remove: false,
        isNew: !current,
        roleIds: union(current?.role_ids ?? [], roleIds),
        accountAccessIds: current?.account_access_ids ?? [],
      });
      return;
    }
    if (!current) {
      problems.push({ key: 'noAccess', field, args: [email] });
      return;
    }
    if (body.action === 'removeAccess') {
      plan.push({ userId, remove: true, isNew: false, roleIds: [], accountAccessIds: [] });
      return;
    }
    const nextRoles = body.action === 'removeRoles' ? without(current.role_ids, roleIds) : current.role_ids;
    if (nextRoles.length === 0) {
      problems.push({ key: 'lastRole', field, args: [email] });
      return;
    }
    const nextAccesses =
      body.action === 'addAccountAccesses'
        ? union(current.account_access_ids, accountAccessIds)
        : body.action === 'removeAccountAccesses'
          ? without(current.account_access_ids, accountAccessIds)
          : current.account_access_ids;
    plan.push({ userId, remove: false, isNew: false, roleIds: nextRoles, accountAccessIds: nextAccesses });
  });
  if (problems.length) {
    const first = problems[0]?.key ?? 'badRequest';
    throw badRequest(
      problems,
      first,
      first === 'referenceNotFound' ? 'reference.notFound' : `applicationUser.${first}`,
    );
  }
  let count = 0;
  let queued = false;
  // Named by the administrator: what a group granted too stays when the user leaves the group (#29.3).
  const named =
    body.action === 'addRoles'
      ? [ACCESS, ...rolesAsItems(roleIds)]
      : body.action === 'addAccountAccesses'
        ? [ACCESS, ...accountAccessesAsItems(accountAccessIds)]
        : [];
  for (const step of plan) {
    await progress.step();
    const current = grants.get(step.userId);
    if (current && !step.remove)
      await markExplicit(trx, applicationId, step.userId, named, { kind: 'DIRECT_GRANT', by: me.userId });
    if (
      !step.remove &&
      current &&
      same(current.role_ids, step.roleIds) &&
      same(current.account_access_ids, step.accountAccessIds)
    )
      continue;
    count += 1;
    if (step.remove) {
      if (await removeGrant(trx, applicationId, step.userId, me.userId)) queued = true;
      continue;
    }
    const access = {
      applicationId,
      userId: step.userId,
      roleIds: step.roleIds,
      accountAccessIds: step.accountAccessIds,
      by: me.userId,
    };
    if (await grant(trx, access)) queued = true;
    if (step.isNew && (await acceptOpenRequests(trx, { ...access, mail }))) queued = true;
  }
  return { count, queued };
}

// ------------------------------------------------------------------ CSV import

interface ImportProblem {
  line: number;
  email: string | null;
  key: MessageKey;
  args: readonly (string | number)[];
}
export interface ImportPlan {
  rows: S['ApplicationUsersImportRow'][];
  invalid: ImportProblem[];
}

const splitKeys = (cell: string) =>
  cell
    .split('|')
    .map((k) => k.trim())
    .filter((k) => k !== '');

/** The entries the keys name (in any case), each once in the order first named; a key naming none is left out. */
const refsOf = (keys: readonly string[], byKey: ReadonlyMap<string, S['Ref']>): S['Ref'][] => [
  ...new Map(
    keys.flatMap((k) => {
      const entry = byKey.get(k.toLowerCase());
      return entry ? [[entry.id, { id: entry.id, key: entry.key, label: entry.label }] as const] : [];
    }),
  ).values(),
];

/** What the file would change, line by line, and each invalid line with its reason (a message key and its arguments). */
export async function planImport(
  trx: Transaction<DB>,
  applicationId: string,
  me: Who,
  csv: string,
): Promise<ImportPlan> {
  const { records, unclosedAt } = parseCsv(csv);
  const invalid: ImportProblem[] = [];
  if (unclosedAt !== undefined) invalid.push({ line: unclosedAt, email: null, key: 'importQuote', args: [] });
  const [header, ...lines] = records;
  const names = (header?.cells ?? []).map((h) => h.trim().toLowerCase());
  const column = {
    email: names.indexOf('email'),
    roles: names.indexOf('roles'),
    accountAccesses: names.indexOf('accountaccesses'),
  };
  if (!header || column.email < 0 || column.roles < 0)
    return { rows: [], invalid: [{ line: header?.line ?? 1, email: null, key: 'importHeader', args: [] }, ...invalid] };
  if (lines.length === 0 && unclosedAt === undefined)
    return { rows: [], invalid: [{ line: header.line, email: null, key: 'importEmpty', args: [] }] };

  const roles = await trx
    .selectFrom('application_roles as ar')
    .innerJoin('roles as r', 'r.id', 'ar.role_id')
    .leftJoin('permissions as p', 'p.id', 'ar.permission_id')
    .select(['r.id', 'r.key', 'r.label', 'p.key as permission'])
    .where('ar.application_id', '=', applicationId)
    .execute();
  const roleByKey = new Map(roles.map((r) => [r.key.toLowerCase(), r]));
  const accesses = await trx
    .selectFrom('application_account_accesses as aa')
    .innerJoin('account_accesses as x', 'x.id', 'aa.account_access_id')
    .select(['x.id', 'x.key', 'x.label'])
    .where('aa.application_id', '=', applicationId)
    .execute();
  const accessByKey = new Map(accesses.map((x) => [x.key.toLowerCase(), x]));
  const emails = [
    ...new Set(lines.map((l) => (l.cells[column.email] ?? '').trim().toLowerCase()).filter((e) => e !== '')),
  ];
  const users =
    emails.length === 0
      ? []
      : await trx
          .selectFrom('users')
          .select(['id', 'email'])
          .where(sql<string>`lower(email)`, 'in', emails)
          .execute();
  const userByEmail = new Map(users.map((u) => [u.email.toLowerCase(), u]));
  const grants =
    users.length === 0
      ? new Map<string, { role_ids: string[]; account_access_ids: string[] }>()
      : new Map(
          (
            await trx
              .selectFrom('application_users')
              .select(['user_id', 'role_ids', 'account_access_ids'])
              .where('application_id', '=', applicationId)
              .where(
                'user_id',
                'in',
                users.map((u) => u.id),
              )
              .forUpdate()
              .execute()
          ).map((g) => [g.user_id, g]),
        );
  const mayGrant = (permission: string | null) =>
    permission === null || me.permissions.has(permission) || me.permissions.has('applications.write');

  const rows: S['ApplicationUsersImportRow'][] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of lines) {
    const email = (cells[column.email] ?? '').trim();
    const fail = (key: MessageKey, args: readonly (string | number)[] = []) =>
      invalid.push({ line, email: email === '' ? null : email, key, args });
    if (cells.length !== header.cells.length) {
      fail('importColumns', [cells.length, header.cells.length]);
      continue;
    }
    if (email === '') {
      fail('importEmailMissing');
      continue;
    }
    const user = userByEmail.get(email.toLowerCase());
    if (!user) {
      fail('importUnknownUser', [email]);
      continue;
    }
    const earlier = seen.get(user.id);
    if (earlier !== undefined) {
      fail('importDuplicateUser', [email, earlier]);
      continue;
    }
    seen.set(user.id, line);
    const roleKeys = splitKeys(cells[column.roles] ?? '');
    const accessKeys = column.accountAccesses < 0 ? [] : splitKeys(cells[column.accountAccesses] ?? '');
    const unknownRole = roleKeys.find((k) => !roleByKey.has(k.toLowerCase()));
    if (unknownRole !== undefined) {
      fail('importUnknownRole', [unknownRole]);
      continue;
    }
    const forbiddenRole = roleKeys.find((k) => !mayGrant(roleByKey.get(k.toLowerCase())?.permission ?? null));
    if (forbiddenRole !== undefined) {
      fail('importRoleNotAllowed', [forbiddenRole]);
      continue;
    }
    const unknownAccess = accessKeys.find((k) => !accessByKey.has(k.toLowerCase()));
    if (unknownAccess !== undefined) {
      fail('importUnknownAccountAccess', [unknownAccess]);
      continue;
    }
    if (roleKeys.length === 0 && accessKeys.length > 0) {
      fail('importAccountAccessWithoutRole');
      continue;
    }
    const nextRoles = refsOf(roleKeys, roleByKey);
    const nextAccesses = refsOf(accessKeys, accessByKey);
    const current = grants.get(user.id);
    const roleIds = nextRoles.map((r) => r.id);
    const accessIds = nextAccesses.map((x) => x.id);
    const change: S['ImportChange'] = !current
      ? roleIds.length === 0
        ? 'UNCHANGED'
        : 'GRANT'
      : roleIds.length === 0
        ? 'REMOVE'
        : same(current.role_ids, roleIds) && same(current.account_access_ids, accessIds)
          ? 'UNCHANGED'
          : 'UPDATE';
    rows.push({ line, email: user.email, userId: user.id, change, roles: nextRoles, accountAccesses: nextAccesses });
  }
  invalid.sort((a, b) => a.line - b.line);
  return { rows, invalid };
}

/**
 * Writes a plan without invalid lines; whether a webhook was queued. Accepted open requests queue their mail with `mail`
 * (#29). `progress` counts the lines (a job's, #28.6).
 */
export async function applyImport(
  trx: Transaction<DB>,
  applicationId: string,
  me: Who,
  plan: ImportPlan,
  mail: MailQueue | undefined,
  progress: Progress = noProgress,
): Promise<boolean> {
  let queued = false;
  progress.total(plan.rows.length);
  for (const row of plan.rows) {
    await progress.step();
    if (row.change === 'UNCHANGED') continue;
    if (row.change === 'REMOVE') {
      if (await removeGrant(trx, applicationId, row.userId, me.userId)) queued = true;
      continue;
    }
    const roleIds = row.roles.map((r) => r.id);
    const accountAccessIds = row.accountAccesses.map((x) => x.id);
    if (await grant(trx, { applicationId, userId: row.userId, roleIds, accountAccessIds, by: me.userId }))
      queued = true;
    await markExplicit(trx, applicationId, row.userId, [ACCESS], { kind: 'DIRECT_GRANT', by: me.userId });
    if (
      row.change === 'GRANT' &&
      (await acceptOpenRequests(trx, {
        applicationId,
        userId: row.userId,
        roleIds,
        accountAccessIds,
        by: me.userId,
        mail,
      }))
    )
      queued = true;
  }
  return queued;
}
