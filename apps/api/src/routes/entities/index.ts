// Global administration of attributes, permissions, roles, account-access groups and custom
// flows: paged lists, CRUD and history, each behind its read/write permission. One spec per kind
// (attributes.ts, permissions.ts, roles.ts, account-accesses.ts, custom-flows.ts), the routes of each made by crud.ts.
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../context.ts';
import { accountAccesses } from './account-accesses.ts';
import { attributes } from './attributes.ts';
import { crudRoutes } from './crud.ts';
import { customFlows } from './custom-flows.ts';
import { permissions } from './permissions.ts';
import { roles } from './roles.ts';

export function entityRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.route('/', crudRoutes(deps, 'attributes', attributes));
  app.route('/', crudRoutes(deps, 'permissions', permissions));
  app.route('/', crudRoutes(deps, 'roles', roles));
  app.route('/', crudRoutes(deps, 'account_accesses', accountAccesses));
  app.route('/', crudRoutes(deps, 'custom_flows', customFlows));
  return app;
}
