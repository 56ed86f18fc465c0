// The rules of an application's input: its own (URLs, webhook, directory groups, duplicates) and the entities it
// links exist; read-only, before the save (save.ts).
import type { Transaction } from 'kysely';
import { directoryGroupNameProblems, isHttpUrl } from '@portal/core';
import type { components } from '@portal/contract';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { ApiError, badRequest } from '../../http/errors.ts';
import type { FieldProblem } from '../../http/errors.ts';
import { isForbiddenHeaderName, isValidHeaderValue } from '../../webhooks/headers.ts';

type S = components['schemas'];

async function checkExisting(
  trx: Database | Transaction<DB>,
  table: 'permissions' | 'attributes' | 'roles' | 'account_accesses' | 'custom_flows',
  wanted: readonly { id: string; field: string }[],
): Promise<void> {
  if (wanted.length === 0) return;
  const found = new Set(
    (
      await trx
        .selectFrom(table)
        .select('id')
        .where('id', 'in', [...new Set(wanted.map((w) => w.id))])
        .execute()
    ).map((r) => r.id),
  );
  const missing = wanted.filter((w) => !found.has(w.id));
  if (missing.length)
    throw badRequest(
      missing.map((m): FieldProblem => ({ key: 'referenceNotFound', field: m.field, args: [m.id] })),
      'referenceNotFound',
      'reference.notFound',
    );
}

/**
 * Every entry after the first of the same value (trimmed, case-insensitive: header names and
 * directory group names are), as 'Doppelter Eintrag' on `${field}.${i}${suffix}`.
 */
function duplicates(values: readonly string[], field: string, suffix = ''): FieldProblem[] {
  const seen = new Set<string>();
  return values.flatMap((v, i) => {
    const k = v.trim().toLowerCase();
    if (seen.has(k)) return [{ key: 'duplicateEntry' as const, field: `${field}.${i}${suffix}` }];
    seen.add(k);
    return [];
  });
}

function validateInput(input: S['ApplicationInput'], allowHttpWebhooks: boolean): void {
  const problems: FieldProblem[] = [];
  const urlField = (field: string, value: string | null | undefined) => {
    if (value === null || value === undefined || value.startsWith('/Applications/Image/')) return;
    if (!isHttpUrl(value)) problems.push({ key: 'url', field, args: [value] });
  };
  urlField('url', input.url);
  urlField('homePageUrl', input.homePageUrl);
  urlField('initiateLoginUri', input.initiateLoginUri);
  urlField('logoUrl', input.logoUrl);
  problems.push(
    ...duplicates(
      (input.attributes ?? []).map((l) => l.attributeId),
      'attributes',
    ),
  );
  problems.push(
    ...duplicates(
      (input.roles ?? []).map((l) => l.roleId),
      'roles',
    ),
  );
  const groups = input.activationGroups ?? [];
  // Core's rule of the names, the console's too: each given (a blank name is missing, #17.18), each once
  // (trimmed, in any letters).
  problems.push(
    ...directoryGroupNameProblems(groups.map((g) => g.directoryGroupName)).map(({ index, problem }) => ({
      key: problem === 'required' ? ('required' as const) : ('duplicateEntry' as const),
      field: `activationGroups.${index}.directoryGroupName`,
    })),
  );
  groups.forEach((g, i) => {
    problems.push(
      ...duplicates(g.roleIds, `activationGroups.${i}.roleIds`),
      ...duplicates(g.accountAccessIds, `activationGroups.${i}.accountAccessIds`),
    );
  });
  const linked = new Set(input.accountAccessIds ?? []);
  (input.requestableAccountAccessIds ?? []).forEach((a, i) => {
    if (!linked.has(a))
      problems.push({ key: 'accountAccessNotLinked', field: `requestableAccountAccessIds.${i}`, args: [a] });
  });
  const hook = input.webhook;
  if (hook) {
    urlField('webhook.endpointUrl', hook.endpointUrl);
    if (!allowHttpWebhooks && hook.endpointUrl.toLowerCase().startsWith('http:'))
      problems.push({ key: 'url', field: 'webhook.endpointUrl', args: [hook.endpointUrl] });
    (hook.headers ?? []).forEach((h, i) => {
      if (isForbiddenHeaderName(h.key))
        problems.push({ key: 'headerForbidden', field: `webhook.headers.${i}.key`, args: [h.key] });
      if (!isValidHeaderValue(h.value)) problems.push({ key: 'invalidValue', field: `webhook.headers.${i}.value` });
    });
    problems.push(
      ...duplicates(
        (hook.headers ?? []).map((h) => h.key),
        'webhook.headers',
        '.key',
      ),
    );
  }
  if (problems.length) {
    const first = problems[0];
    throw new ApiError(400, first?.key ?? 'badRequest', {
      ...(first?.args === undefined ? {} : { args: first.args }),
      problems,
      code: first?.key === 'url' ? 'validation.url' : '400',
    });
  }
}

/** Every rule of a save (the input's own, the entities it links exist): read-only, before `save`. */
export async function check(
  trx: Database | Transaction<DB>,
  input: S['ApplicationInput'],
  allowHttpWebhooks: boolean,
): Promise<void> {
  validateInput(input, allowHttpWebhooks);
  await checkExisting(trx, 'permissions', [
    ...(input.adminPermissionId ? [{ id: input.adminPermissionId, field: 'adminPermissionId' }] : []),
    ...(input.roles ?? []).flatMap((l, i) =>
      l.permissionId ? [{ id: l.permissionId, field: `roles.${i}.permissionId` }] : [],
    ),
  ]);
  await checkExisting(
    trx,
    'attributes',
    (input.attributes ?? []).map((l, i) => ({ id: l.attributeId, field: `attributes.${i}.attributeId` })),
  );
  await checkExisting(trx, 'roles', [
    ...(input.roles ?? []).map((l, i) => ({ id: l.roleId, field: `roles.${i}.roleId` })),
    ...(input.activationGroups ?? []).flatMap((g, i) =>
      g.roleIds.map((r, j) => ({ id: r, field: `activationGroups.${i}.roleIds.${j}` })),
    ),
  ]);
  await checkExisting(trx, 'account_accesses', [
    ...(input.accountAccessIds ?? []).map((a, i) => ({ id: a, field: `accountAccessIds.${i}` })),
    ...(input.activationGroups ?? []).flatMap((g, i) =>
      g.accountAccessIds.map((r, j) => ({ id: r, field: `activationGroups.${i}.accountAccessIds.${j}` })),
    ),
  ]);
  await checkExisting(
    trx,
    'custom_flows',
    (input.customFlowIds ?? []).map((f, i) => ({ id: f, field: `customFlowIds.${i}` })),
  );
}
