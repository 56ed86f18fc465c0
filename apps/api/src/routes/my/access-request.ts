// Asking for access to an application (/My/Applications/:id/AccessRequest): `GET` what may be asked for (roles, account
// accesses, the application's questions and requirements), `POST` the request. The caller's requests: access-requests.ts.
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../context.ts';
import { newId } from '../../context.ts';
import type { RequestAnswerRow } from '../../db/schema.ts';
import { readJson } from '../../http/body.ts';
import { ApiError, conflict, fieldError } from '../../http/errors.ts';
import { parseList } from '../../http/list.ts';
import { recordHistory } from '../../history.ts';
import { queueAccessRequestMails } from '../../mail/outbox.ts';
import { accessOf, loadApplication, openRequestOf, queueRequestEvent } from '../../services/access.ts';
import { checkEndsAt, questionsOf, requirementsOf } from '../../services/governance.ts';
import { accountAccessSelection, roleSelection } from '../../services/selections.ts';
import { checkValue } from '../../services/values.ts';
import { myRequest } from './access-requests.ts';
import { signedIn, type Db, type S } from './shared.ts';

export function requestAccessRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const me = signedIn(deps);

  const requestableApplication = async (trx: Db, id: string) => {
    const a = await loadApplication(trx, id);
    if (a.internal || !a.access_request_allowed)
      throw new ApiError(403, 'notRequestable', { code: 'accessRequest.notRequestable' });
    return a;
  };

  /** Whether a requestable account-access group is linked to the application (then a request names one). */
  const linkedAccountAccess = async (trx: Db, applicationId: string) =>
    (await trx
      .selectFrom('application_account_accesses')
      .select('account_access_id')
      .where('application_id', '=', applicationId)
      .where('requestable', '=', true)
      .limit(1)
      .executeTakeFirst()) !== undefined;

  app.get('/My/Applications/:id/AccessRequest', async (c) => {
    const user = await me(c.req.header('authorization'));
    const { like } = parseList(c, { sorts: ['label'] as const, defaultSort: 'label' });
    const a = await requestableApplication(db, c.req.param('id'));
    const page = { like, limit: 50, offset: 0 };
    const [accountAccesses, roles, requirements] = await Promise.all([
      accountAccessSelection(db, a.id, page, { requestableOnly: true }),
      roleSelection(db, a.id, page, { visibleOnly: true }),
      requirementsOf(db, a, user.userId),
    ]);
    return c.json({
      roleRequired: a.role_required_on_access_request,
      accountAccessRequired: requirements.accountAccessRequired,
      accountAccesses,
      roles,
      requirements,
    } satisfies S['MyAccessRequestOptions']);
  });

  app.post('/My/Applications/:id/AccessRequest', async (c) => {
    const user = await me(c.req.header('authorization'));
    const body = await readJson(c, 'MyAccessRequestInput');
    const { id: createdId, queued } = await db.transaction().execute(async (trx) => {
      const a = await requestableApplication(trx, c.req.param('id'));
      // A granted access without an end is there for good; one that ends may be extended by a new request (#19).
      const grant = await accessOf(trx, a.id, user.userId);
      if (grant && grant.ends_at === null) throw conflict('alreadyGranted', 'accessRequest.alreadyGranted');
      const open = await openRequestOf(trx, a.id, user.userId);
      if (open) throw conflict('alreadyRequested', 'accessRequest.alreadyOpen');
      const roleId = body.roleId ?? null;
      if (a.role_required_on_access_request && !roleId)
        throw fieldError('roleId', 'roleOnRequestRequired', 'accessRequest.roleRequired');
      if (roleId) {
        const link = await trx
          .selectFrom('application_roles')
          .select('role_id')
          .where('application_id', '=', a.id)
          .where('role_id', '=', roleId)
          .where('visible', '=', true)
          .executeTakeFirst();
        if (!link) throw fieldError('roleId', 'roleNotLinked', 'role.notLinked', [roleId]);
      }
      const accountAccessId = body.accountAccessId ?? null;
      if (accountAccessId) {
        const link = await trx
          .selectFrom('application_account_accesses')
          .select(['account_access_id', 'requestable'])
          .where('application_id', '=', a.id)
          .where('account_access_id', '=', accountAccessId)
          .executeTakeFirst();
        if (!link)
          throw fieldError('accountAccessId', 'accountAccessNotLinked', 'accountAccess.notLinked', [accountAccessId]);
        if (!link.requestable)
          throw fieldError(
            'accountAccessId',
            'accountAccessNotRequestable',
            'accessRequest.accountAccessNotRequestable',
            [accountAccessId],
          );
      } else if (await linkedAccountAccess(trx, a.id)) {
        throw fieldError('accountAccessId', 'accountAccessOnRequestRequired', 'accessRequest.accountAccessRequired');
      }
      // The justification (comment is its older name), trimmed; required when the application says so.
      const justification = (body.justification ?? body.comment ?? '').trim() || null;
      if (a.request_justification === 'required' && justification === null) {
        throw fieldError('justification', 'justificationRequired', 'accessRequest.justificationRequired');
      }
      const requestedEndsAt = checkEndsAt(a, body.endsAt, 'endsAt');
      const answers = await answersOf(trx, a.id, user.userId, body.answers ?? []);
      const id = newId();
      const row = await trx
        .insertInto('access_requests')
        .values({
          id,
          application_id: a.id,
          user_id: user.userId,
          status: 'OPEN',
          account_access_id: accountAccessId,
          role_id: roleId,
          comment: justification,
          requested_ends_at: requestedEndsAt,
          answers: JSON.stringify(answers),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordHistory(trx, {
        table: 'access_requests',
        entity: id,
        mode: 'CREATE',
        by: user.userId,
        after: {
          applicationId: a.id,
          userId: user.userId,
          status: 'OPEN',
          accountAccessId,
          roleId,
          comment: justification,
          requestedEndsAt: requestedEndsAt?.toISOString() ?? null,
          answers: answers.length ? answers : null,
        },
      });
      // The approvers' mail (#29): to the notification address and the internal copy, with the request.
      await queueAccessRequestMails(trx, deps.mail, id);
      return { id, queued: await queueRequestEvent(trx, row, 'ACCESS_REQUEST_CREATED') };
    });
    if (queued) deps.onWebhookQueued();
    return c.json(await myRequest(db, user.userId, createdId), 201);
  });

  /**
   * The answers to the application's questions, checked: each key one of its questions, once, typed
   * like the attribute; answering is optional (the gate asks after the acceptance, as before).
   */
  async function answersOf(
    trx: Db,
    applicationId: string,
    userId: string,
    given: readonly S['AttributeValueInput'][],
  ): Promise<RequestAnswerRow[]> {
    const questions = await questionsOf(trx, applicationId, userId);
    const byKey = new Map(questions.map((q) => [q.key, q]));
    const seen = new Set<string>();
    const answers: RequestAnswerRow[] = [];
    given.forEach((answer, i) => {
      if (seen.has(answer.key)) throw fieldError(`answers.${i}.key`, 'duplicateEntry', 'duplicateEntry');
      seen.add(answer.key);
      const question = byKey.get(answer.key);
      if (!question) throw fieldError(`answers.${i}.key`, 'attributeNotLinked', 'attribute.notLinked', [answer.key]);
      const value = answer.value?.trim() ?? '';
      if (value === '') return;
      checkValue(`answers.${i}.value`, question.dataType, value, question.requiredValue);
      answers.push({ key: question.key, label: question.label, value });
    });
    return answers;
  }

  return app;
}
