// The console's routes (/Admin/…), one module per resource of an application it administers, and the mails. Mounted
// in this order: a literal segment before a parameter in its place (`Users/Export` before `Users/:userId`).
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../context.ts';
import { accessReasonRoutes } from './access-reasons.ts';
import { accessRequestRoutes } from './access-request.ts';
import { accessRequestListRoutes } from './access-requests.ts';
import { administeredApplicationRoutes } from './applications.ts';
import { bulkRoutes } from './bulk.ts';
import { deliveryRoutes } from './deliveries.ts';
import { importRoutes } from './import.ts';
import { jobRoutes } from './jobs.ts';
import { mailRoutes } from './mails.ts';
import { selectionRoutes } from './selections.ts';
import { signingSecretRoutes } from './signing-secrets.ts';
import { applicationUserRoutes } from './user.ts';
import { applicationUserListRoutes } from './users.ts';

export function adminRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const routes of [
    administeredApplicationRoutes,
    accessRequestListRoutes,
    accessRequestRoutes,
    applicationUserListRoutes,
    applicationUserRoutes,
    bulkRoutes,
    importRoutes,
    jobRoutes,
    selectionRoutes,
    deliveryRoutes,
    signingSecretRoutes,
    mailRoutes,
    accessReasonRoutes,
  ])
    app.route('/', routes(deps));
  return app;
}
