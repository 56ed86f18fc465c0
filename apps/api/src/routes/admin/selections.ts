// The pickers of an application's roles and account accesses (/Admin/Applications/:id/Selections/…).
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../context.ts';
import { parseList } from '../../http/list.ts';
import { accountAccessSelection, roleSelection } from '../../services/selections.ts';
import { guards, type S } from './shared.ts';

export function selectionRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const { administered } = guards(deps);

  app.get('/Admin/Applications/:id/Selections/Roles', async (c) => {
    const { me, a } = await administered(c);
    const list = parseList(c, { sorts: ['label'] as const, defaultSort: 'label' });
    // Without applications.write, only roles without a permission or with one the admin holds.
    const filter = me.permissions.has('applications.write') ? {} : { permissionKeys: [...me.permissions] };
    return c.json(
      (await roleSelection(
        db,
        a.id,
        { like: list.like, limit: list.pageSize, offset: list.offset },
        filter,
      )) satisfies S['SelectionList'],
    );
  });

  app.get('/Admin/Applications/:id/Selections/AccountAccesses', async (c) => {
    const { a } = await administered(c);
    const list = parseList(c, { sorts: ['label'] as const, defaultSort: 'label' });
    return c.json(
      (await accountAccessSelection(db, a.id, {
        like: list.like,
        limit: list.pageSize,
        offset: list.offset,
      })) satisfies S['SelectionList'],
    );
  });

  return app;
}
