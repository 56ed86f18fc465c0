// One page of an entity's history: each entry with its old and new value, the author's name
// (as now, or as recorded when the account is gone) and the entities its values name, each
// with its label (as now, or as recorded) and whether it still exists (#17.14); and undoing one
// entry (#19.7): the entity's input as now with the entry's field as it was before. An entry is
// offered as revertible only when its undo would be saved now (#28.9): the same input is built
// and the kind's save checks run on it, read-only; a deleted entity's entries answer 409.
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { components } from '@portal/contract';
import type { Ctx } from '../context.ts';
import type { Database } from '../db/database.ts';
import type { DB, HistoryRefRow } from '../db/schema.ts';
import { REF_TABLES, historyText, referencesIn } from '../history.ts';
import type { RefKind } from '../history.ts';
import { validate } from '../http/body.ts';
import { validatorFor, type SchemaName, type Schemas } from '../http/contract.ts';
import { ApiError, conflict, notFound } from '../http/errors.ts';
import { parseList } from '../http/list.ts';

type S = components['schemas'];

type Fields = Readonly<Record<string, unknown>>;

/** An entity as its history records it now, and how such a record is written again as the entity's input. */
export interface EntityNow {
  readonly recorded: Fields;
  readonly toInput: (recorded: Fields) => Fields;
}

type Db = Database | Transaction<DB>;

/**
 * How a kind's changes are undone: the entity as it is now, the schema of its input and every
 * check its save makes before it writes (read-only: each refusal an ApiError, as the save's).
 */
export interface Undo<N extends SchemaName> {
  readonly now: EntityNow;
  readonly schema: N;
  readonly check: (db: Db, input: Schemas[N]) => Promise<void>;
}

/** What an entry needs to be undone: its field and old value (and whether that was recorded). */
interface Undoable {
  readonly mode: string;
  readonly field: string | null;
  readonly value: string | null;
  readonly old_value: string | null;
  readonly updated_by_name: string | null;
}

/**
 * The field an entry changed, when that change can be undone at all: an UPDATE of a field the
 * input writes, whose old value was recorded (entries written before 0004 kept no old value and no
 * author's name; since then every change of these kinds is by a named user).
 */
function undoableField(entry: Undoable, now: EntityNow | undefined): string | undefined {
  const unrecorded = entry.old_value === null && entry.updated_by_name === null;
  if (now === undefined || entry.mode !== 'UPDATE' || entry.field === null || unrecorded) return undefined;
  return Object.hasOwn(now.toInput(now.recorded), entry.field) ? entry.field : undefined;
}

/** The entry's change can be undone, and its field still holds the entry's new value (what the entry alone tells). */
function unchangedSince(entry: Undoable, now: EntityNow | undefined): boolean {
  const field = undoableField(entry, now);
  return field !== undefined && historyText(now?.recorded[field]) === entry.value;
}

/** The current label of every named entity that still exists, by `${kind}:${id}`. */
async function currentLabels(db: Db, refs: readonly HistoryRefRow[]): Promise<Map<string, string>> {
  const byKind = new Map<RefKind, Set<string>>();
  for (const ref of refs) {
    if (!(ref.kind in REF_TABLES)) continue;
    const kind = ref.kind as RefKind;
    byKind.set(kind, (byKind.get(kind) ?? new Set()).add(ref.id));
  }
  const labels = new Map<string, string>();
  await Promise.all(
    [...byKind].map(async ([kind, ids]) => {
      const { table, name } = REF_TABLES[kind];
      const { rows } = await sql<{
        id: string;
        name: string;
      }>`SELECT id, ${sql.ref(name)} AS name FROM ${sql.table(table)} WHERE id = ANY(${[...ids]}::text[])`.execute(db);
      for (const row of rows) labels.set(`${kind}:${row.id}`, row.name);
    }),
  );
  return labels;
}

/** A recorded value as written: JSON for lists and objects, else the text. */
function parseValue(text: string): unknown {
  if (!text.startsWith('[') && !text.startsWith('{')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A recorded old value as the input may take it: text for a text field, JSON otherwise (the schema decides when unclear). */
function candidates(text: string, now: unknown): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    return [text];
  }
  return typeof now === 'string' ? [text, parsed] : [parsed, text];
}

const recordedRefs = (refs: unknown): HistoryRefRow[] =>
  Array.isArray(refs)
    ? (refs as HistoryRefRow[])
    : typeof refs === 'string'
      ? (JSON.parse(refs) as HistoryRefRow[])
      : [];

const uuidPattern = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** One entry of one entity's history. */
export interface EntryAt {
  readonly table: string;
  readonly entity: string;
  readonly entryId: string;
}

/**
 * The input that undoes one entry of an entity's history (#19.7): the entity's input as now with
 * the entry's field set back to its old value. 404 for an entry not of this entity; 409 when it is
 * not the change of one field the input writes (history.notRevertible), when the field changed
 * since (history.changedSince) or when the old value names an entity that is gone
 * (history.referenceGone); 400 when the old value is no longer valid input. The kind's save
 * checks the input after (`Undo.check`).
 */
export async function revertedInput<N extends SchemaName>(
  trx: Db,
  at: EntryAt,
  now: EntityNow,
  schema: N,
): Promise<Schemas[N]> {
  if (!uuidPattern.test(at.entryId)) throw notFound();
  const entry = await trx
    .selectFrom('history')
    .select(['mode', 'field', 'value', 'old_value', 'updated_by_name', 'refs'])
    .where('id', '=', at.entryId.toLowerCase())
    .where('table_name', '=', at.table)
    .where('entity', '=', at.entity)
    .executeTakeFirst();
  if (!entry) throw notFound();
  const field = undoableField(entry, now);
  if (field === undefined)
    throw conflict('historyNotRevertible', 'history.notRevertible', [], entry.field ?? undefined);
  if (!unchangedSince(entry, now)) throw conflict('historyChangedSince', 'history.changedSince', [], field);
  const olds = entry.old_value === null ? [null] : candidates(entry.old_value, now.recorded[field]);
  const named = [...referencesIn(field, olds[0])].map(([key, kind]) => ({ kind, id: key.slice(kind.length + 1) }));
  const existing = await currentLabels(
    trx,
    named.map((ref) => ({ ...ref, label: '' })),
  );
  const gone = named.find((ref) => !existing.has(`${ref.kind}:${ref.id}`));
  if (gone !== undefined) {
    const label = recordedRefs(entry.refs).find((ref) => ref.kind === gone.kind && ref.id === gone.id)?.label;
    throw conflict('historyReferenceGone', 'history.referenceGone', [label || gone.id], field);
  }
  const inputs: unknown[] = olds.map((old) => now.toInput({ ...now.recorded, [field]: old }));
  const valid = validatorFor(schema);
  for (const input of inputs) if (valid(input)) return input;
  return validate(schema, inputs[0]);
}

/** Whether undoing the entry would be saved now: its input built and the kind's checks passed (nothing written). */
async function wouldRevert<N extends SchemaName>(db: Db, at: EntryAt, undo: Undo<N>): Promise<boolean> {
  try {
    await undo.check(db, await revertedInput(db, at, undo.now, undo.schema));
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return false;
    throw error;
  }
}

/**
 * Undoing an entry of an entity that is gone (#28.9): 409 history.entityGone when the entry is of
 * this entity (its history stays readable, but nothing is there to set back), else 404.
 */
export async function revertOfDeleted(db: Db, at: EntryAt): Promise<never> {
  const entry = uuidPattern.test(at.entryId)
    ? await db
        .selectFrom('history')
        .select('id')
        .where('id', '=', at.entryId.toLowerCase())
        .where('table_name', '=', at.table)
        .where('entity', '=', at.entity)
        .executeTakeFirst()
    : undefined;
  if (entry === undefined) throw notFound();
  throw conflict('historyEntityGone', 'history.entityGone');
}

/** 404 unless the entity has history (for a deleted entity, whose history stays readable). */
export async function someHistory(db: Database, table: string, entity: string): Promise<void> {
  const entry = await db
    .selectFrom('history')
    .select('id')
    .where('table_name', '=', table)
    .where('entity', '=', entity)
    .limit(1)
    .executeTakeFirst();
  if (!entry) throw notFound();
}

/**
 * One page of the entity's history; with `undo` (the entity exists) each entry says whether undoing
 * it would be saved now: what the entry tells first, then, for those left, the undo's input and the
 * kind's checks (read-only).
 */
export async function historyList<N extends SchemaName>(
  c: Ctx,
  db: Database,
  table: string,
  entity: string,
  undo?: Undo<N>,
): Promise<S['HistoryList']> {
  const list = parseList(c, { sorts: ['updatedAt', 'field'] as const, defaultSort: 'updatedAt', defaultOrder: 'desc' });
  const base = db.selectFrom('history').where('table_name', '=', table).where('entity', '=', entity);
  const [rows, total] = await Promise.all([
    base
      .leftJoin('users', 'users.id', 'history.updated_by')
      .selectAll('history')
      .select('users.full_name as author')
      .$if(list.sort === 'updatedAt', (q) => q.orderBy('history.updated_at', list.order))
      .$if(list.sort === 'field', (q) => q.orderBy('history.field', list.order).orderBy('history.updated_at', 'desc'))
      .orderBy('history.id')
      .limit(list.pageSize)
      .offset(list.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  // Entries written before 0004 recorded no names: the ids in their values, named as now (an
  // entity deleted since stays an id).
  const refsOf = (r: {
    field: string | null;
    value: string | null;
    old_value: string | null;
    refs: unknown;
  }): HistoryRefRow[] => {
    const refs = recordedRefs(r.refs);
    if (refs.length > 0 || r.field === null) return refs;
    const found = new Map<string, RefKind>();
    for (const text of [r.value, r.old_value]) if (text !== null) referencesIn(r.field, parseValue(text), found);
    return [...found].map(([key, kind]) => ({ kind, id: key.slice(kind.length + 1), label: '' }));
  };
  const labels = await currentLabels(db, rows.flatMap(refsOf));
  const revertible = await Promise.all(
    rows.map((r) =>
      undo !== undefined && unchangedSince(r, undo.now)
        ? wouldRevert(db, { table, entity, entryId: r.id }, undo)
        : Promise.resolve(false),
    ),
  );
  return {
    items: rows.map((r, i) => ({
      id: r.id,
      tableName: r.table_name,
      entity: r.entity,
      mode: r.mode as S['HistoryEntry']['mode'],
      field: r.field,
      oldValue: r.old_value,
      value: r.value,
      updatedAt: new Date(r.updated_at).toISOString(),
      updatedBy: r.updated_by,
      updatedByName: r.author ?? r.updated_by_name,
      references: refsOf(r).flatMap((ref) => {
        const now = labels.get(`${ref.kind}:${ref.id}`);
        if (now === undefined && ref.label === '') return [];
        return [
          { kind: ref.kind as S['HistoryRefKind'], id: ref.id, label: now ?? ref.label, exists: now !== undefined },
        ];
      }),
      revertible: revertible[i] ?? false,
    })),
    total: Number(total.n),
  };
}
