// What each kind of job does (#28.6, ADR 0025): the work the call did before it was a job,
// through the same service functions, in the job runner's transaction. The input is the request's
// body as it was accepted (checked again here against the contract), the permissions the
// submitter's token held then. A refusal (ApiError) fails the job with the error the call
// answered; anything else is the runner's to retry.
import type { Transaction } from 'kysely';
import type { components } from '@portal/contract';
import type { DB } from '../db/schema.ts';
import { validate } from '../http/body.ts';
import { badRequest } from '../http/errors.ts';
import type { MailQueue } from '../mail/outbox.ts';
import { applyImport, bulkApplicationUsers, planImport } from '../services/bulk.ts';
import { decideRequests } from '../services/decisions.ts';
import type { Progress } from '../services/progress.ts';

type S = components['schemas'];
export type JobKind = S['JobKind'];

export interface JobContext {
  readonly trx: Transaction<DB>;
  readonly applicationId: string;
  /** The submitter and the permissions their token held when the job was accepted. */
  readonly me: { userId: string; permissions: ReadonlySet<string> };
  readonly mail: MailQueue | undefined;
  readonly progress: Progress;
}

export interface JobOutcome {
  /** The answer the call gave before it was a job (kept as the job's result). */
  readonly result: S['ApplicationUsersImportResult'] | S['BulkResult'];
  /** Webhook deliveries were queued (the dispatcher is woken once the work is committed). */
  readonly queued: boolean;
}

/** The number of rows a job's input names, when it is known before the work starts (the console shows "0 of n"). */
export function rowsOf(kind: JobKind, input: unknown): number | null {
  if (kind === 'USERS_BULK') return (input as S['ApplicationUsersBulk']).userIds.length;
  if (kind === 'ACCESS_REQUESTS_DECIDE') return (input as S['AccessRequestsDecision']).requestIds.length;
  return null;
}

export const jobWork: Record<JobKind, (context: JobContext, input: unknown) => Promise<JobOutcome>> = {
  /** An applied import: planned again in this transaction (what holds now), all lines or none. */
  USERS_IMPORT: async ({ trx, applicationId, me, mail, progress }, input) => {
    const body = validate('ApplicationUsersImport', input);
    const plan = await planImport(trx, applicationId, me, body.csv);
    if (plan.invalid.length) {
      throw badRequest(
        plan.invalid.map((p) => ({
          key: 'importLine' as const,
          field: `lines.${p.line}`,
          args: [p.line, { key: p.key, args: p.args }],
        })),
        'importInvalidRows',
        'import.invalidRows',
      );
    }
    const queued = await applyImport(trx, applicationId, me, plan, mail, progress);
    return { result: { applied: true, rows: plan.rows, invalid: [] }, queued };
  },
  USERS_BULK: async ({ trx, applicationId, me, mail, progress }, input) => {
    const { count, queued } = await bulkApplicationUsers(
      trx,
      applicationId,
      me,
      validate('ApplicationUsersBulk', input),
      mail,
      progress,
    );
    return { result: { count }, queued };
  },
  ACCESS_REQUESTS_DECIDE: async ({ trx, applicationId, me, mail, progress }, input) => {
    const { count, queued } = await decideRequests(
      trx,
      applicationId,
      me,
      validate('AccessRequestsDecision', input),
      mail,
      progress,
    );
    return { result: { count }, queued };
  },
};
