// The gate an application's sign-in passes (`GET /AuthCheck`: may the caller open it, what is missing; `POST /AuthCheck`
// the missing values) and the custom flows (`GET`/`POST /CustomFlow/:id`, by id or key).
import { Hono } from 'hono';
import { isAnswered } from '@portal/core';
import type { AppEnv, Deps } from '../../context.ts';
import { readJson } from '../../http/body.ts';
import { fieldError, forbidden, notFound } from '../../http/errors.ts';
import { authCheck, storeValues, valuesOf } from '../../services/access.ts';
import { requiredAnswer } from '../../services/values.ts';
import { signedIn, storeOwnValues, type S } from './shared.ts';

export function gateRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const me = signedIn(deps);

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
    await storeOwnValues(db, user.userId, body.clientId, body.attributes, {
      onlyVisible: false,
      notGranted: forbidden,
    });
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
