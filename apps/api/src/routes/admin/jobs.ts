// The jobs of an application (#28.6, ADR 0025): `GET /Admin/Applications/:id/Jobs/:jobId`, and `acceptJob`, how the
// long writes (bulk.ts, import.ts, access-requests.ts' Decide) are accepted as a job.
import { Hono } from 'hono';
import { managesAccessRequests } from '../../context.ts';
import type { AppEnv, Ctx, Deps } from '../../context.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { jobAnswer, jobOf, jobUrl, submitJob, type Submit } from '../../jobs/queue.ts';
import { guards, pathId } from './shared.ts';

/**
 * A write that may outlast a proxy's patience, accepted as a job (#28.6, ADR 0025): queued (or the same submit's
 * job found), this instance's runner woken, and the job answered as it stands after a moment (a small one is done by
 * then) with 202 and its address.
 */
export async function acceptJob(deps: Deps, c: Ctx, submit: Omit<Submit, 'idempotencyKey'>) {
  const { job } = await submitJob(deps.db, { ...submit, idempotencyKey: idempotencyKeyOf(c) });
  let now = job;
  if (job.status === 'QUEUED' || job.status === 'RUNNING') {
    deps.jobs.wake();
    await deps.jobs.settled(job.id, deps.jobs.answerWaitMs);
    // Still running here: answered from memory (on PGlite its transaction holds the only connection).
    now = deps.jobs.running(job.id) ?? (await jobOf(deps.db, job.application_id, job.id)) ?? job;
  }
  c.header('Location', jobUrl(deps.publicUrl, now));
  return c.json(jobAnswer(now, c.get('lang'), deps.publicUrl), 202);
}

/** The request's Idempotency-Key (#28.6): 8 to 200 printable ASCII characters; another value is 400. */
function idempotencyKeyOf(c: Ctx): string | undefined {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return undefined;
  if (!/^[\x21-\x7e]{8,200}$/.test(key)) throw badRequest([{ key: 'invalidValue', field: 'Idempotency-Key' }]);
  return key;
}

export function jobRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const { adminOf } = guards(deps);

  // A job of the application (#28.6): for whoever may start that kind of job on it now.
  app.get('/Admin/Applications/:id/Jobs/:jobId', async (c) => {
    const me = await deps.auth.user(c.req.header('authorization'));
    const a = await adminOf(me, c.req.param('id'));
    const job = await jobOf(db, a.id, pathId(c.req.param('jobId')));
    if (!job) throw notFound();
    if (
      job.kind === 'ACCESS_REQUESTS_DECIDE' &&
      !managesAccessRequests(me, a.admin_permission_key, a.access_request_allowed)
    )
      throw forbidden();
    return c.json(jobAnswer(job, c.get('lang'), deps.publicUrl));
  });

  return app;
}
