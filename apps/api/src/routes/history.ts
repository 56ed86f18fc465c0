// One page of an entity's history.
import type { components } from '@portal/contract';
import type { Ctx } from '../context.ts';
import type { Database } from '../db/database.ts';
import { parseList } from '../http/list.ts';

export async function historyList(c: Ctx, db: Database, table: string, entity: string): Promise<components['schemas']['HistoryList']> {
  const list = parseList(c, { sorts: ['updatedAt', 'field'] as const, defaultSort: 'updatedAt', defaultOrder: 'desc' });
  const base = db.selectFrom('history').where('table_name', '=', table).where('entity', '=', entity);
  const [rows, total] = await Promise.all([
    base.selectAll().$if(list.sort === 'updatedAt', (q) => q.orderBy('updated_at', list.order))
      .$if(list.sort === 'field', (q) => q.orderBy('field', list.order).orderBy('updated_at', 'desc'))
      .orderBy('id').limit(list.pageSize).offset(list.offset).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({ id: r.id, tableName: r.table_name, entity: r.entity, mode: r.mode as 'CREATE' | 'UPDATE' | 'DELETE', field: r.field,
      value: r.value, updatedAt: new Date(r.updated_at).toISOString(), updatedBy: r.updated_by })),
    total: Number(total.n),
  };
}
