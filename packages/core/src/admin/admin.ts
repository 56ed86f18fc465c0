// The admin console's use cases (issue #18.3): saving an application with its links, deciding
// an access request, granting and removing a user's access to an application. The rules live
// here, framework-free; the console calls them with an `AdminPort` over its admin API. Port
// failures are thrown as by every port (`HttpError`, network errors); a refused input is an
// outcome with its issues, keyed by the API's field paths, and nothing is written.
import type {
  AccessRequest,
  AccessRequestDecision,
  AccessRequestId,
  AccountAccessId,
  ApplicationId,
  RoleId,
  UserId,
} from '../domain/entities.ts';
import {
  validateAccessEnd,
  validateAccessRequestRoles,
  validateApplicationUserRoles,
  validateDenyReason,
  validateEndDate,
  validateMaxAccessDays,
  type ValidationIssue,
} from '../validation/validation.ts';
import { directoryGroupNameProblems } from '../domain/directory-groups.ts';

/**
 * What the use cases read of an application's settings and links (the written shape may hold
 * more; a field left out is not written: no `internal` is not internal, no groups are none).
 */
export interface ApplicationAccessSettings {
  /** Internal applications are not requested: their users come from the directory (spec §6). */
  readonly internal?: boolean | undefined;
  readonly accessRequestAllowed?: boolean | undefined;
  /** The internal activation groups: each by its directory group name. */
  readonly activationGroups?: readonly { readonly directoryGroupName: string }[] | undefined;
  /** Access may end at a date (#19, #30.2); its longest access in days (null: no maximum). */
  readonly timeBoundAccess?: boolean | undefined;
  readonly maxAccessDays?: number | null | undefined;
  /** The linked account-access groups, and those of them a request may name (#19, #30.2). */
  readonly accountAccessIds?: readonly AccountAccessId[] | undefined;
  readonly requestableAccountAccessIds?: readonly AccountAccessId[] | undefined;
}

/** A user's access to an application (#17.16): at least one role. */
export interface ApplicationAccess {
  readonly roleIds: readonly RoleId[];
  readonly accountAccessIds?: readonly AccountAccessId[] | undefined;
}

/**
 * The console's writes, in domain terms. `Change` is the application as it is written (settings
 * and links in one call), `Saved` what the API answers for it.
 */
export interface AdminPort<
  Change extends ApplicationAccessSettings = ApplicationAccessSettings,
  Saved = unknown,
  Access extends ApplicationAccess = ApplicationAccess,
  Granted = unknown,
> {
  createApplication(change: Change): Promise<Saved>;
  updateApplication(id: ApplicationId, change: Change): Promise<Saved>;
  decideAccessRequest(id: AccessRequestId, decision: AccessRequestDecision): Promise<void>;
  /** `Access` may carry more than the roles and account accesses (e.g. the user's attributes); `Granted` is the API's answer. */
  grantAccess(applicationId: ApplicationId, userId: UserId, access: Access): Promise<Granted>;
  removeAccess(applicationId: ApplicationId, userId: UserId): Promise<void>;
}

/** Issues by the API's field path (e.g. `roleIds`, `activationGroups.0.directoryGroupName`). */
export type AdminIssues = Readonly<Record<string, ValidationIssue>>;

export type AdminOutcome<T> =
  { readonly kind: 'done'; readonly value: T } | { readonly kind: 'invalid'; readonly issues: AdminIssues };

const done = <T>(value: T): AdminOutcome<T> => ({ kind: 'done', value });
const invalid = (issues: AdminIssues): { readonly kind: 'invalid'; readonly issues: AdminIssues } => ({
  kind: 'invalid',
  issues,
});
const isEmpty = (issues: AdminIssues) => Object.keys(issues).length === 0;

/**
 * The application as it is written: an internal application cannot be requested (spec §6), so
 * its `accessRequestAllowed` is false whatever the form said; directory group names trimmed;
 * access that is not time-bound has no longest access; only linked account-access groups can be
 * requested (#30.2: unlinking one takes it out of the requestable ones).
 */
export function applicationRules<Change extends ApplicationAccessSettings>(change: Change): Change {
  const linked = change.accountAccessIds;
  return {
    ...change,
    ...(change.internal === true ? { accessRequestAllowed: false } : {}),
    ...(change.timeBoundAccess === false ? { maxAccessDays: null } : {}),
    ...(linked === undefined || change.requestableAccountAccessIds === undefined
      ? {}
      : { requestableAccountAccessIds: change.requestableAccountAccessIds.filter((id) => linked.includes(id)) }),
    ...(change.activationGroups === undefined
      ? {}
      : {
          activationGroups: change.activationGroups.map((group) => ({
            ...group,
            directoryGroupName: group.directoryGroupName.trim(),
          })),
        }),
  };
}

/**
 * The rules of an application's links and request rules: each activation group needs its directory
 * group name (`validations.required`), each name once — trimmed, in any letters — (`validations.tagDuplicate`
 * on the repeated entry, as the tag input says): `directoryGroupNameProblems`, the API's rule too; time-bound
 * access lasts at most 1 to 3650 days (`validations.range` on `maxAccessDays`, #30.2).
 */
export function validateApplicationLinks(change: ApplicationAccessSettings): AdminIssues {
  const issues: Record<string, ValidationIssue> = {};
  const maxDays = change.timeBoundAccess === true ? validateMaxAccessDays(change.maxAccessDays) : undefined;
  if (maxDays !== undefined) issues['maxAccessDays'] = maxDays;
  const names = (change.activationGroups ?? []).map((group) => group.directoryGroupName);
  for (const { index, problem } of directoryGroupNameProblems(names))
    issues[`activationGroups.${index}.directoryGroupName`] = {
      code: problem === 'required' ? 'validations.required' : 'validations.tagDuplicate',
    };
  return issues;
}

/** Save an application with its links in one call: created without `id`, else updated; its rules first. */
export async function saveApplication<Change extends ApplicationAccessSettings, Saved>(
  port: Pick<AdminPort<Change, Saved>, 'createApplication' | 'updateApplication'>,
  id: ApplicationId | undefined,
  change: Change,
): Promise<AdminOutcome<Saved>> {
  const issues = validateApplicationLinks(change);
  if (!isEmpty(issues)) return invalid(issues);
  const written = applicationRules(change);
  return done(await (id === undefined ? port.createApplication(written) : port.updateApplication(id, written)));
}

/**
 * Decide an open access request (spec §5, #19): an accept needs at least one role and an end
 * date (if any) after `today` and within the application's longest access; a denial needs its
 * reason. A request no longer open is not decided again (`notOpen`).
 */
export async function decideAccessRequest(
  port: Pick<AdminPort, 'decideAccessRequest'>,
  request: Pick<AccessRequest, 'id' | 'status' | 'maxAccessDays'>,
  decision: AccessRequestDecision,
  today: string,
): Promise<AdminOutcome<AccessRequestDecision> | { readonly kind: 'notOpen' }> {
  if (request.status !== 'OPEN') return { kind: 'notOpen' };
  const issues: Record<string, ValidationIssue> = {};
  if (decision.kind === 'accept') {
    const roles = validateAccessRequestRoles(decision.roleIds);
    if (roles !== undefined) issues['roleIds'] = roles;
    const endDate = validateEndDate(decision.endDate ?? '', { today, maxDays: request.maxAccessDays });
    if (endDate !== undefined) issues['endDate'] = endDate;
  } else {
    const reason = validateDenyReason(decision.reason ?? '');
    if (reason !== undefined) issues['reason'] = reason;
  }
  if (!isEmpty(issues)) return invalid(issues);
  await port.decideAccessRequest(request.id, decision);
  return done(decision);
}

/**
 * A change of the last day of a user's access (#30.2): the new last day ('' removes the end) and
 * what the application allows (`validateAccessEnd`).
 */
export interface AccessEndChange {
  readonly endDate: string;
  readonly today: string;
  readonly timeBoundAccess: boolean;
  readonly maxDays?: number | undefined;
}

/**
 * Grant a user access to an application, or change it (#17.16): at least one role
 * (`validations.roleRequired` on `roleIds`). No role is not a way to take it away: that is `removeAccess`.
 * A changed last day (`end`, #30.2) is checked too (issue on `endsAt`, the API's field).
 */
export async function grantAccess<Access extends ApplicationAccess, Granted>(
  port: Pick<AdminPort<ApplicationAccessSettings, unknown, Access, Granted>, 'grantAccess'>,
  applicationId: ApplicationId,
  userId: UserId,
  access: Access,
  end?: AccessEndChange,
): Promise<AdminOutcome<Granted>> {
  const issues: Record<string, ValidationIssue> = {};
  const roles = validateApplicationUserRoles(access.roleIds);
  if (roles !== undefined) issues['roleIds'] = roles;
  const ends = end === undefined ? undefined : validateAccessEnd(end.endDate, end);
  if (ends !== undefined) issues['endsAt'] = ends;
  if (!isEmpty(issues)) return invalid(issues);
  return done(await port.grantAccess(applicationId, userId, access));
}

/** Take a user's access to an application away (its own action, after a confirmation). */
export async function removeAccess(
  port: Pick<AdminPort, 'removeAccess'>,
  applicationId: ApplicationId,
  userId: UserId,
): Promise<AdminOutcome<void>> {
  await port.removeAccess(applicationId, userId);
  return done(undefined);
}
