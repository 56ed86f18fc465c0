// The signed-in user's routes (/My/…) and the gate (/AuthCheck, /CustomFlow/:id), one module per resource. Mounted in
// this order: a literal segment before a parameter in its place (`Applications/Branding/:clientId` before
// `Applications/:id/AccessRequest`).
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../context.ts';
import { requestAccessRoutes } from './access-request.ts';
import { myAccessRequestRoutes } from './access-requests.ts';
import { myApplicationRoutes } from './applications.ts';
import { catalogueRoutes } from './catalogue.ts';
import { myExportRoutes } from './export.ts';
import { favouriteRoutes } from './favourites.ts';
import { gateRoutes } from './gate.ts';
import { myGroupRoutes } from './groups.ts';
import { notificationRoutes } from './notifications.ts';
import { profileRoutes } from './profile.ts';

export function myRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const routes of [
    myApplicationRoutes,
    requestAccessRoutes,
    favouriteRoutes,
    profileRoutes,
    myExportRoutes,
    gateRoutes,
    myGroupRoutes,
    catalogueRoutes,
    myAccessRequestRoutes,
    notificationRoutes,
  ])
    app.route('/', routes(deps));
  return app;
}
