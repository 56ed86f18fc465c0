// The signed-in user's own calls: applications, attributes, access requests, profile,
// branding (anonymous), the gate and custom flows.
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { components } from '@portal/contract';
import { isAnswered } from '@portal/core';
import type { AppEnv, Deps } from '../context.ts';
import { newId } from '../context.ts';
import { readJson } from '../http/body.ts';
import { ApiError, badRequest, conflict, fieldError, forbidden, notFound } from '../http/errors.ts';
import { pageAndTotal, parseBooleanQuery, parseList } from '../http/list.ts';
import { recordHistory } from '../history.ts';
import {
  accessOf,
  applicationAttributes,
  authCheck,
  loadApplication,
  pick,
  queueRequestEvent,
  refsOf,
  storeValues,
  openRequestOf,
  tileColumns,
  tileOf,
  userAttributeValues,
  valuesOf,
} from '../services/access.ts';
import { ensureUser } from '../services/users.ts';
import { checkEndsAt, questionsOf, requirementsOf } from '../services/governance.ts';
import { checkValue, requiredAnswer } from '../services/values.ts';
import { myRequest } from './my-requests.ts';
import { accountAccessSelection, roleSelection } from '../services/selections.ts';
import { apps } from '../db/seed/ids.ts';

const portalClientId = apps.portal;
/** Launches kept per user (the launcher's "Zuletzt verwendet" row). */
export const recentLaunchesKept = 8;
import type { Principal } from '../auth.ts';
import type { DB, RequestAnswerRow } from '../db/schema.ts';
import { queueAccessRequestMails } from '../mail/outbox.ts';

type S = components['schemas'];
type Db = Kysely<DB> | Transaction<DB>;
const isoOrNull = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

export function myRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const me = async (authorization: string | undefined): Promise<Principal> => {
    const principal = await deps.auth.user(authorization);
    await ensureUser(db, principal);
    return principal;
  };

  app.get('/My/Applications/Branding/:clientId', async (c) => {
    const row = await db
      .selectFrom('applications')
      .select(['label', 'logo_url', 'url'])
      .where('id', '=', c.req.param('clientId'))
      .executeTakeFirst();
    if (!row) throw notFound();
    return c.json({ label: row.label, logoUrl: row.logo_url, url: row.url } satisfies S['Branding']);
  });

  app.get('/My/Applications', async (c) => {
    const user = await me(c.req.header('authorization'));
    const onlyWithValues = parseBooleanQuery(c, 'onlyWithValues', false);
    const list = parseList(c, { sorts: ['sortNumber'] as const, defaultSort: 'sortNumber', defaultPageSize: 100 });
    const granted = db
      .selectFrom('application_users as au')
      .innerJoin('applications as a', 'a.id', 'au.application_id')
      .leftJoin('user_favourites as f', (j) =>
        j.onRef('f.application_id', '=', 'a.id').on('f.user_id', '=', user.userId),
      )
      .leftJoin('user_launches as l', (j) => j.onRef('l.application_id', '=', 'a.id').on('l.user_id', '=', user.userId))
      .select([
        ...tileColumns,
        'a.search',
        sql<string>`'granted'`.as('access_status'),
        'f.position as favourite_position',
        'l.launched_at',
        'au.ends_at',
        // An open request to extend a granted access (#19).
        (eb) =>
          eb
            .selectFrom('access_requests as o')
            .select('o.id')
            .whereRef('o.application_id', '=', 'a.id')
            .where('o.user_id', '=', user.userId)
            .where('o.status', '=', 'OPEN')
            .limit(1)
            .as('pending_request_id'),
      ])
      .where('au.user_id', '=', user.userId)
      // The portal itself (holder of the global admin roles) is not a tile of its own launcher.
      .where('a.id', '<>', portalClientId)
      .$if(onlyWithValues, (q) =>
        q.where(({ exists, selectFrom }) =>
          exists(
            selectFrom('application_attributes as aa')
              .select('aa.attribute_id')
              .whereRef('aa.application_id', '=', 'a.id')
              .where('aa.visible', '=', true),
          ),
        ),
      );
    const union = onlyWithValues
      ? granted
      : granted.unionAll(
          db
            .selectFrom('access_requests as r')
            .innerJoin('applications as a', 'a.id', 'r.application_id')
            .select([
              ...tileColumns,
              'a.search',
              sql<string>`'requested'`.as('access_status'),
              sql<number | null>`NULL::integer`.as('favourite_position'),
              sql<Date | null>`NULL::timestamptz`.as('launched_at'),
              sql<Date | null>`NULL::timestamptz`.as('ends_at'),
              sql<string | null>`r.id`.as('pending_request_id'),
            ])
            .where('r.user_id', '=', user.userId)
            .where('r.status', '=', 'OPEN')
            // A request to extend a granted access is shown on the granted tile (pendingRequestId), not as a tile of its own.
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('application_users as g')
                    .select('g.user_id')
                    .whereRef('g.application_id', '=', 'r.application_id')
                    .whereRef('g.user_id', '=', 'r.user_id'),
                ),
              ),
            ),
        );
    const base = db
      .selectFrom(union.as('m'))
      .$if(list.like !== undefined, (q) => q.where('m.search', 'like', list.like ?? ''));
    const [rows, total] = await pageAndTotal(
      base.selectAll().orderBy('m.sort_number').orderBy('m.label').orderBy('m.id'),
      base,
      list,
    );
    return c.json({
      items: rows.map((r) => ({
        ...tileOf(r),
        accessStatus: r.access_status as 'granted' | 'requested',
        favouritePosition: r.favourite_position,
        lastLaunchedAt: isoOrNull(r.launched_at),
        accessEndsAt: isoOrNull(r.ends_at),
        pendingRequestId: r.pending_request_id ?? null,
      })),
      total,
    } satisfies S['MyApplicationList']);
  });

  async function myApplicationDetail(userId: string, applicationId: string): Promise<S['MyApplicationDetail']> {
    const a = await loadApplication(db, applicationId);
    const grant = await accessOf(db, a.id, userId);
    const open = await openRequestOf(db, a.id, userId);
    if (!grant && !open) throw notFound();
    const roles = grant ? await refsOf(db, 'roles', grant.role_ids) : new Map<string, S['Ref']>();
    return {
      application: {
        ...tileOf(a),
        accessStatus: grant ? 'granted' : 'requested',
        accessEndsAt: isoOrNull(grant?.ends_at),
        pendingRequestId: open?.id ?? null,
      },
      accessSince: isoOrNull(grant?.access_since),
      roles: grant ? pick(roles, grant.role_ids) : [],
      attributes: grant ? await userAttributeValues(db, userId, a.id, true, (x) => x.editable_by_user) : [],
    };
  }

  /**
   * The caller's own values (those a user may edit) for an application granted to them, in one
   * transaction; `notGranted` when it is not. `onlyVisible`: only the attributes the caller's
   * detail page shows (the gate asks for all of the application's).
   */
  async function storeOwnValues(
    userId: string,
    applicationId: string,
    values: readonly S['AttributeValueInput'][],
    options: { onlyVisible: boolean; notGranted: () => ApiError },
  ) {
    await db.transaction().execute(async (trx) => {
      const a = await loadApplication(trx, applicationId);
      const grant = await accessOf(trx, a.id, userId);
      if (!grant) throw options.notGranted();
      const allowed = await applicationAttributes(trx, a.id, options.onlyVisible);
      await storeValues(trx, {
        userId,
        by: userId,
        values,
        allowed,
        editable: (x) => x.editable_by_user,
        fieldPrefix: 'attributes',
      });
    });
  }

  app.get('/My/Applications/:id', async (c) => {
    const user = await me(c.req.header('authorization'));
    return c.json(await myApplicationDetail(user.userId, c.req.param('id')));
  });

  app.put('/My/Attributes', async (c) => {
    const user = await me(c.req.header('authorization'));
    const body = await readJson(c, 'MyAttributesInput');
    await storeOwnValues(user.userId, body.applicationId, body.attributes, { onlyVisible: true, notGranted: notFound });
    return c.json(await myApplicationDetail(user.userId, body.applicationId));
  });

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

  app.post('/My/Applications/:id/Launch', async (c) => {
    const user = await me(c.req.header('authorization'));
    const id = c.req.param('id');
    await db.transaction().execute(async (trx) => {
      // The portal itself is no application one launches.
      const grant = id === portalClientId ? undefined : await accessOf(trx, id, user.userId);
      if (!grant) throw notFound();
      // clock_timestamp(): launches within one transaction or millisecond still come in order.
      await trx
        .insertInto('user_launches')
        .values({ user_id: user.userId, application_id: id, launched_at: sql<Date>`clock_timestamp()` })
        .onConflict((oc) =>
          oc.columns(['user_id', 'application_id']).doUpdateSet({ launched_at: sql<Date>`clock_timestamp()` }),
        )
        .execute();
      // Only the last few are kept: the user's launches beyond them are forgotten.
      await trx
        .deleteFrom('user_launches')
        .where('user_id', '=', user.userId)
        .where('application_id', 'not in', (q) =>
          q
            .selectFrom('user_launches')
            .select('application_id')
            .where('user_id', '=', user.userId)
            .orderBy('launched_at', 'desc')
            .orderBy('application_id')
            .limit(recentLaunchesKept),
        )
        .execute();
    });
    return c.body(null, 204);
  });

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

  /** The user's favourites that are launcher tiles now (granted, not the portal), first to last. */
  const favouritesOf = async (trx: Db, userId: string): Promise<S['MyFavourites']> => {
    const rows = await trx
      .selectFrom('user_favourites as f')
      .innerJoin('application_users as au', (j) =>
        j.onRef('au.application_id', '=', 'f.application_id').onRef('au.user_id', '=', 'f.user_id'),
      )
      .select('f.application_id')
      .where('f.user_id', '=', userId)
      .where('f.application_id', '<>', portalClientId)
      .orderBy('f.position')
      .execute();
    return { applicationIds: rows.map((r) => r.application_id) };
  };

  app.get('/My/Favourites', async (c) => {
    const user = await me(c.req.header('authorization'));
    return c.json(await favouritesOf(db, user.userId));
  });

  app.put('/My/Favourites', async (c) => {
    const user = await me(c.req.header('authorization'));
    const { applicationIds } = await readJson(c, 'MyFavourites');
    const answer = await db.transaction().execute(async (trx) => {
      // One write of a user's favourites at a time (two tabs): the user's row is the lock.
      await trx.selectFrom('users').select('id').where('id', '=', user.userId).forUpdate().execute();
      // Only the user's own tiles may be pinned: an application they cannot open (or one that does not exist) is refused.
      const granted = new Set(
        applicationIds.length === 0
          ? []
          : (
              await trx
                .selectFrom('application_users')
                .select('application_id')
                .where('user_id', '=', user.userId)
                .where('application_id', 'in', applicationIds)
                .where('application_id', '<>', portalClientId)
                .execute()
            ).map((r) => r.application_id),
      );
      const problems = applicationIds.flatMap((id, index) =>
        granted.has(id) ? [] : [{ key: 'notYourApplication' as const, field: `applicationIds.${index}`, args: [id] }],
      );
      const first = problems[0];
      if (first !== undefined)
        throw new ApiError(400, 'notYourApplication', {
          code: 'favourites.unknownApplication',
          args: first.args,
          problems,
        });
      await trx.deleteFrom('user_favourites').where('user_id', '=', user.userId).execute();
      if (applicationIds.length > 0) {
        await trx
          .insertInto('user_favourites')
          .values(applicationIds.map((id, position) => ({ user_id: user.userId, application_id: id, position })))
          .execute();
      }
      return favouritesOf(trx, user.userId);
    });
    return c.json(answer);
  });

  async function profileOf(userId: string): Promise<S['Profile']> {
    const u = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!u) throw notFound();
    return {
      id: u.id,
      email: u.email,
      firstName: u.first_name,
      lastName: u.last_name,
      fullName: u.full_name,
      companyName: u.company_name,
      address: u.address ?? null,
      language: u.language as S['Language'],
      internal: u.internal,
      canChangeEmail: !u.internal,
      canChangePassword: !u.internal,
      createdAt: new Date(u.created_at).toISOString(),
    };
  }

  app.get('/My/Profile', async (c) => {
    const user = await me(c.req.header('authorization'));
    return c.json(await profileOf(user.userId));
  });

  app.put('/My/Profile', async (c) => {
    const user = await me(c.req.header('authorization'));
    const body = await readJson(c, 'ProfileInput');
    // Names are stored trimmed: one of blanks only is as missing as an empty one (#17.18).
    const blank = (['firstName', 'lastName'] as const).filter((field) => body[field].trim() === '');
    if (blank.length > 0) throw badRequest(blank.map((field) => ({ key: 'required' as const, field })));
    await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('users').selectAll().where('id', '=', user.userId).executeTakeFirstOrThrow();
      const after = {
        firstName: body.firstName.trim(),
        lastName: body.lastName.trim(),
        companyName: body.companyName ?? null,
        address: body.address ?? null,
        language: body.language,
      };
      await trx
        .updateTable('users')
        .set({
          first_name: after.firstName,
          last_name: after.lastName,
          company_name: after.companyName,
          address: JSON.stringify(after.address),
          language: after.language,
        })
        .where('id', '=', user.userId)
        .execute();
      await recordHistory(trx, {
        table: 'users',
        entity: user.userId,
        mode: 'UPDATE',
        by: user.userId,
        before: {
          firstName: before.first_name,
          lastName: before.last_name,
          companyName: before.company_name,
          address: before.address ?? null,
          language: before.language,
        },
        after,
      });
    });
    return c.json(await profileOf(user.userId));
  });

  // ---------------------------------------------------------------- my data (GDPR Art. 15, 20)
  /** Entries the user made, at most (the newest); entries about the user are all there. */
  const historyMadeLimit = 5000;

  app.get('/My/Export', async (c) => {
    const user = await me(c.req.header('authorization'));
    const id = user.userId;
    const profile = await profileOf(id);
    const [values, uses, grants, requests, favourites, launches, notifications] = await Promise.all([
      db
        .selectFrom('user_attribute_values as v')
        .innerJoin('attributes as at', 'at.id', 'v.attribute_id')
        .select(['at.id', 'at.key', 'at.label', 'v.value'])
        .where('v.user_id', '=', id)
        .orderBy('at.key')
        .execute(),
      db
        .selectFrom('user_attribute_values as v')
        .innerJoin('application_attributes as aa', 'aa.attribute_id', 'v.attribute_id')
        .innerJoin('applications as a', 'a.id', 'aa.application_id')
        .select(['v.attribute_id', 'a.label'])
        .where('v.user_id', '=', id)
        .orderBy('a.label')
        .execute(),
      db
        .selectFrom('application_users as au')
        .innerJoin('applications as a', 'a.id', 'au.application_id')
        .select(['a.id', 'a.label', 'au.access_since', 'au.role_ids', 'au.account_access_ids'])
        .where('au.user_id', '=', id)
        .orderBy('a.label')
        .execute(),
      db
        .selectFrom('access_requests as r')
        .innerJoin('applications as a', 'a.id', 'r.application_id')
        .select([
          'r.id',
          'a.label',
          'r.status',
          'r.requested_at',
          'r.comment',
          'r.decided_at',
          'r.reason',
          'r.requested_ends_at',
          'r.answers',
          'r.ends_at',
          'r.expired_at',
        ])
        .where('r.user_id', '=', id)
        .orderBy('r.requested_at', 'desc')
        .execute(),
      db
        .selectFrom('user_favourites as f')
        .innerJoin('applications as a', 'a.id', 'f.application_id')
        .select('a.label')
        .where('f.user_id', '=', id)
        .orderBy('f.position')
        .execute(),
      db
        .selectFrom('user_launches as l')
        .innerJoin('applications as a', 'a.id', 'l.application_id')
        .select(['a.label', 'l.launched_at'])
        .where('l.user_id', '=', id)
        .orderBy('l.launched_at', 'desc')
        .execute(),
      db
        .selectFrom('user_notifications')
        .select(['kind', 'application_label', 'ends_at', 'created_at', 'read_at'])
        .where('user_id', '=', id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),
    ]);
    const roleIds = [...new Set(grants.flatMap((g) => g.role_ids))];
    const accessIds = [...new Set(grants.flatMap((g) => g.account_access_ids))];
    const [roleRows, accessRows] = await Promise.all([
      roleIds.length === 0 ? [] : db.selectFrom('roles').select(['id', 'label']).where('id', 'in', roleIds).execute(),
      accessIds.length === 0
        ? []
        : db.selectFrom('account_accesses').select(['id', 'label']).where('id', 'in', accessIds).execute(),
    ]);
    const labelOf = (rows: readonly { id: string; label: string }[]) => new Map(rows.map((r) => [r.id, r.label]));
    const [roleLabels, accessLabels] = [labelOf(roleRows), labelOf(accessRows)];
    const requestIds = requests.map((r) => r.id);
    const historyColumns = [
      'updated_at',
      'table_name',
      'entity',
      'mode',
      'field',
      'old_value',
      'value',
      'updated_by',
    ] as const;
    const [about, made] = await Promise.all([
      db
        .selectFrom('history')
        .select(historyColumns)
        .where((eb) =>
          eb.or([
            eb.and([eb('table_name', '=', 'users'), eb('entity', '=', id)]),
            eb.and([eb('table_name', '=', 'application_users'), eb('entity', 'like', `%:${id}`)]),
            ...(requestIds.length === 0
              ? []
              : [eb.and([eb('table_name', '=', 'access_requests'), eb('entity', 'in', requestIds)])]),
          ]),
        )
        .execute(),
      db
        .selectFrom('history')
        .select(historyColumns)
        .where('updated_by', '=', id)
        .orderBy('updated_at', 'desc')
        .limit(historyMadeLimit + 1)
        .execute(),
    ]);
    type HistoryRow = (typeof about)[number];
    const isAbout = (h: HistoryRow) =>
      (h.table_name === 'users' && h.entity === id) ||
      (h.table_name === 'application_users' && h.entity.endsWith(`:${id}`)) ||
      (h.table_name === 'access_requests' && requestIds.includes(h.entity));
    const entries = new Map<string, HistoryRow>();
    for (const h of [...about, ...made.slice(0, historyMadeLimit)])
      entries.set(
        `${h.table_name}|${h.entity}|${h.field ?? ''}|${new Date(h.updated_at).toISOString()}|${h.value ?? ''}`,
        h,
      );
    const history: S['MyDataExport']['history'] = [...entries.values()]
      .sort((a, b) => new Date(b.updated_at).getTime() - new Date(a.updated_at).getTime())
      .map((h) => ({
        at: new Date(h.updated_at).toISOString(),
        about: isAbout(h),
        madeByYou: h.updated_by === id,
        table: h.table_name,
        entity: h.entity,
        mode: h.mode,
        field: h.field,
        oldValue: h.old_value,
        value: h.value,
      }));
    const exportedAt = new Date();
    const body: S['MyDataExport'] = {
      exportedAt: exportedAt.toISOString(),
      profile,
      attributes: values.map((v) => ({
        key: v.key,
        label: v.label,
        value: v.value,
        applications: uses.filter((u) => u.attribute_id === v.id).map((u) => u.label),
      })),
      applications: grants.map((g) => ({
        id: g.id,
        label: g.label,
        accessSince: new Date(g.access_since).toISOString(),
        roles: g.role_ids.map((r) => roleLabels.get(r) ?? r),
        accountAccesses: g.account_access_ids.map((a) => accessLabels.get(a) ?? a),
      })),
      accessRequests: requests.map((r) => ({
        id: r.id,
        application: r.label,
        status: r.status,
        requestedAt: new Date(r.requested_at).toISOString(),
        comment: r.comment,
        decidedAt: isoOrNull(r.decided_at),
        reason: r.reason,
        requestedEndsAt: isoOrNull(r.requested_ends_at),
        answers: r.answers,
        endsAt: isoOrNull(r.ends_at),
        expiredAt: isoOrNull(r.expired_at),
      })),
      launcher: {
        favourites: favourites.map((f) => f.label),
        launches: launches.map((l) => ({ application: l.label, at: new Date(l.launched_at).toISOString() })),
      },
      notifications: notifications.map((n) => ({
        kind: n.kind as S['MyNotificationKind'],
        application: n.application_label,
        endsAt: isoOrNull(n.ends_at),
        createdAt: new Date(n.created_at).toISOString(),
        readAt: isoOrNull(n.read_at),
      })),
      history,
      historyMadeTruncated: made.length > historyMadeLimit,
    };
    c.header(
      'Content-Disposition',
      `attachment; filename="hk-portal-meine-daten-${exportedAt.toISOString().slice(0, 10)}.json"`,
    );
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  });

  // ---------------------------------------------------------------- gate
  app.get('/AuthCheck', async (c) => {
    const user = await me(c.req.header('authorization'));
    const clientId = c.req.query('clientId');
    if (!clientId || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(clientId))
      throw fieldError('clientId', 'invalidValue', '400');
    return c.json(await authCheck(db, user.userId, clientId));
  });

  app.post('/AuthCheck', async (c) => {
    const user = await me(c.req.header('authorization'));
    const body = await readJson(c, 'AuthCheckInput');
    await storeOwnValues(user.userId, body.clientId, body.attributes, { onlyVisible: false, notGranted: forbidden });
    return c.json(await authCheck(db, user.userId, body.clientId));
  });

  async function flowPage(userId: string, idOrKey: string): Promise<S['CustomFlowPage']> {
    const isUuid = /^[0-9a-fA-F-]{36}$/.test(idOrKey);
    const flow = await db
      .selectFrom('custom_flows')
      .selectAll()
      .where((eb) =>
        isUuid ? eb.or([eb('id', '=', idOrKey.toLowerCase()), eb('key', '=', idOrKey)]) : eb('key', '=', idOrKey),
      )
      .executeTakeFirst();
    if (!flow) throw notFound();
    const attrs = await db
      .selectFrom('custom_flow_attributes as cfa')
      .innerJoin('attributes as at', 'at.id', 'cfa.attribute_id')
      .select(['at.id', 'at.key', 'at.label', 'at.data_type', 'at.required_value', 'at.editable_by_user'])
      .where('cfa.custom_flow_id', '=', flow.id)
      .orderBy('cfa.position')
      .orderBy('at.key')
      .execute();
    const values = await valuesOf(
      db,
      userId,
      attrs.map((a) => a.id),
    );
    const attributes = attrs.map((a) => ({
      attributeId: a.id,
      key: a.key,
      label: a.label,
      dataType: a.data_type as S['AttributeDataType'],
      value: values.get(a.id) ?? null,
      required: true,
      requiredValue: requiredAnswer(a.required_value),
      editable: a.editable_by_user,
    }));
    return {
      id: flow.id,
      key: flow.key,
      label: flow.label,
      description: flow.description,
      completed: attributes.every((a) => isAnswered(a.value, a.requiredValue)),
      attributes,
    };
  }

  app.get('/CustomFlow/:id', async (c) => {
    const user = await me(c.req.header('authorization'));
    return c.json(await flowPage(user.userId, c.req.param('id')));
  });

  app.post('/CustomFlow/:id', async (c) => {
    const user = await me(c.req.header('authorization'));
    const body = await readJson(c, 'CustomFlowInput');
    const page = await flowPage(user.userId, c.req.param('id'));
    await db.transaction().execute(async (trx) => {
      const attrs = await trx
        .selectFrom('custom_flow_attributes as cfa')
        .innerJoin('attributes as at', 'at.id', 'cfa.attribute_id')
        .select([
          'at.id',
          'at.key',
          'at.data_type',
          'at.required_value',
          'at.editable_by_user',
          'at.editable_by_others',
        ])
        .where('cfa.custom_flow_id', '=', page.id)
        .execute();
      await storeValues(trx, {
        userId: user.userId,
        by: user.userId,
        values: body.attributes,
        allowed: new Map(attrs.map((a) => [a.key, a])),
        editable: (x) => x.editable_by_user,
        fieldPrefix: 'attributes',
      });
    });
    return c.json(await flowPage(user.userId, page.id));
  });

  return app;
}
