// `GET /My/Catalogue` (#19): the applications the caller may ask for (not internal, requests allowed), searched, with
// where the caller stands with each and what a request asks.
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppEnv, Deps } from '../../context.ts';
import { pageAndTotal, parseList } from '../../http/list.ts';
import { cardColumns, cardOf } from '../../services/access.ts';
import { requirementsFrom } from '../../services/governance.ts';
import { requiredAnswer } from '../../services/values.ts';
import { standingOf } from './access-requests.ts';
import { isoOrNull, signedIn, type S } from './shared.ts';

export function catalogueRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const me = signedIn(deps);

  app.get('/My/Catalogue', async (c) => {
    const user = await me(c.req.header('authorization'));
    const list = parseList(c, { sorts: ['sortNumber'] as const, defaultSort: 'sortNumber' });
    // Not internal, requests allowed (specification §1, §6); searched in id, label and description (trigram index).
    const base = db
      .selectFrom('applications as a')
      .where('a.internal', '=', false)
      .where('a.access_request_allowed', '=', true)
      .$if(list.like !== undefined, (q) => q.where('a.search', 'like', list.like ?? ''));
    const [rows, total] = await pageAndTotal(
      base
        .select([
          ...cardColumns,
          'a.request_justification',
          'a.time_bound_access',
          'a.max_access_days',
          'a.role_required_on_access_request',
        ])
        .orderBy('a.sort_number')
        .orderBy('a.label')
        .orderBy('a.id'),
      base,
      list,
    );
    const ids = rows.map((r) => r.id);
    const now = new Date();
    const [accesses, counts, questions, standing] =
      ids.length === 0
        ? [[], [], [], await standingOf(db, user.userId, [])]
        : await Promise.all([
            // The first 20 requestable account accesses of each application by label, and how many there are.
            sql<{ application_id: string; id: string; key: string; label: string }>`
        SELECT application_id, id, key, label FROM (
          SELECT aa.application_id, x.id, x.key, x.label, row_number() OVER (PARTITION BY aa.application_id ORDER BY x.label, x.id) AS n
          FROM application_account_accesses aa JOIN account_accesses x ON x.id = aa.account_access_id
          WHERE aa.application_id = ANY(${ids}::text[]) AND aa.requestable) t
        WHERE n <= 20 ORDER BY application_id, n`
              .execute(db)
              .then((r) => r.rows),
            db
              .selectFrom('application_account_accesses')
              .select(['application_id', (eb) => eb.fn.countAll<string>().as('n')])
              .where('application_id', 'in', ids)
              .where('requestable', '=', true)
              .groupBy('application_id')
              .execute(),
            db
              .selectFrom('application_attributes as aa')
              .innerJoin('attributes as at', 'at.id', 'aa.attribute_id')
              .leftJoin('user_attribute_values as v', (j) =>
                j.onRef('v.attribute_id', '=', 'at.id').on('v.user_id', '=', user.userId),
              )
              .select(['aa.application_id', 'at.key', 'at.label', 'at.data_type', 'at.required_value', 'v.value'])
              .where('aa.application_id', 'in', ids)
              .where('aa.required', '=', true)
              .where('at.editable_by_user', '=', true)
              .orderBy('aa.application_id')
              .orderBy('aa.position')
              .orderBy('at.key')
              .execute(),
            standingOf(db, user.userId, ids),
          ]);
    const countOf = new Map(counts.map((x) => [x.application_id, Number(x.n)]));
    const items = rows.map((a): S['CatalogueApplication'] => {
      const granted = standing.grants.has(a.id);
      const pending = standing.open.get(a.id) ?? null;
      return {
        ...cardOf(a),
        accessStatus: granted ? 'granted' : pending ? 'requested' : 'none',
        accessEndsAt: isoOrNull(standing.grants.get(a.id)),
        pendingRequestId: pending,
        request: requirementsFrom(
          a,
          {
            items: accesses.filter((x) => x.application_id === a.id).map(({ id, key, label }) => ({ id, key, label })),
            total: countOf.get(a.id) ?? 0,
          },
          questions
            .filter((q) => q.application_id === a.id)
            .slice(0, 50)
            .map((q) => ({
              key: q.key,
              label: q.label,
              dataType: q.data_type as S['AttributeDataType'],
              value: q.value ?? null,
              requiredValue: requiredAnswer(q.required_value),
            })),
          now,
        ),
      };
    });
    return c.json({ items, total } satisfies S['CatalogueList']);
  });

  return app;
}
