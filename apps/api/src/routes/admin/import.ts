// `POST /Admin/Applications/:id/Users/Import`: users' access from a CSV file, planned (a dry run) or applied (a job).
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../context.ts';
import { readJson } from '../../http/body.ts';
import { translate } from '../../http/messages.ts';
import { planImport } from '../../services/bulk.ts';
import { acceptJob } from './jobs.ts';
import { guards, type S } from './shared.ts';

export function importRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const { administered } = guards(deps);

  // Users' access from a CSV file (#20.3): a dry run lists what would change and each invalid line (at once: 10,000
  // lines take about 150 ms); applied, the import is a job (#28.6) that writes all or nothing.
  app.post('/Admin/Applications/:id/Users/Import', async (c) => {
    const { me, a } = await administered(c);
    const body = await readJson(c, 'ApplicationUsersImport');
    if (body.apply) return acceptJob(deps, c, { kind: 'USERS_IMPORT', applicationId: a.id, me, input: body });
    const lang = c.get('lang');
    // Read only: the transaction is rolled back, whatever the plan locked is let go.
    const plan = await db.transaction().execute(async (trx) => planImport(trx, a.id, me, body.csv));
    return c.json({
      applied: false,
      rows: plan.rows,
      invalid: plan.invalid.map((p) => ({ line: p.line, email: p.email, message: translate(p.key, lang, p.args) })),
    } satisfies S['ApplicationUsersImportResult']);
  });

  return app;
}
