// `POST /Admin/Applications/:id/Users/Bulk`: several users' access changed at once, as a job.
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../context.ts';
import { readJson } from '../../http/body.ts';
import { acceptJob } from './jobs.ts';
import { guards } from './shared.ts';

export function bulkRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { administered } = guards(deps);

  // Several users' access changed at once (#20.3): all or nothing, each user as the single PUT or DELETE; a job (#28.6).
  app.post('/Admin/Applications/:id/Users/Bulk', async (c) => {
    const { me, a } = await administered(c);
    const body = await readJson(c, 'ApplicationUsersBulk');
    return acceptJob(deps, c, { kind: 'USERS_BULK', applicationId: a.id, me, input: body });
  });

  return app;
}
