// How a history entry reads (#17.14): its old and new value as a tree of display parts, with
// every id the API named in `references` replaced by that entity (its label, whether it still
// exists), booleans and numbers as such, lists and link records as structure. The console
// turns the tree into text and links; nothing here knows a language.

/** The kinds of entity a history value names by id (HistoryRefKind of the contract). */
export type HistoryRefKind = 'APPLICATION' | 'ATTRIBUTE' | 'PERMISSION' | 'ROLE' | 'ACCOUNT_ACCESS' | 'CUSTOM_FLOW';

export interface HistoryRef {
  readonly kind: HistoryRefKind;
  readonly id: string;
  /** As now, or as recorded with the change when the entity is gone. */
  readonly label: string;
  readonly exists: boolean;
}

/** One part of a value as the console shows it. */
export type HistoryValue =
  | { readonly type: 'empty' }
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'boolean'; readonly value: boolean }
  | { readonly type: 'number'; readonly value: number }
  /** An instant (ISO date-time, as the API writes it): the console shows it in the reader's language (#30.11). */
  | { readonly type: 'dateTime'; readonly iso: string }
  | { readonly type: 'ref'; readonly ref: HistoryRef }
  | { readonly type: 'list'; readonly items: readonly HistoryValue[] }
  /** An object: its fields by property name (a link record, the webhook, an activation group). */
  | { readonly type: 'record'; readonly fields: readonly { readonly name: string; readonly value: HistoryValue }[] };

/**
 * Which kind of entity a property holds ids of, by its name, at any depth of a value: the API
 * records the names of the entities a history value names by this table, the console shows them by it.
 */
export const historyRefKindOfProperty: Readonly<Record<string, HistoryRefKind>> = {
  adminPermissionId: 'PERMISSION',
  permissionId: 'PERMISSION',
  permissionIds: 'PERMISSION',
  attributeId: 'ATTRIBUTE',
  attributeIds: 'ATTRIBUTE',
  roleId: 'ROLE',
  roleIds: 'ROLE',
  accountAccessId: 'ACCOUNT_ACCESS',
  accountAccessIds: 'ACCOUNT_ACCESS',
  parentId: 'ACCOUNT_ACCESS',
  requestableAccountAccessIds: 'ACCOUNT_ACCESS',
  customFlowId: 'CUSTOM_FLOW',
  customFlowIds: 'CUSTOM_FLOW',
  applicationId: 'APPLICATION',
  applicationIds: 'APPLICATION',
};

function refKindOfProperty(name: string): HistoryRefKind | undefined {
  return historyRefKindOfProperty[name];
}

function parse(text: string): unknown {
  const first = text.trimStart()[0];
  if (first !== '[' && first !== '{') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** An ISO date-time as the API writes one (`2026-11-20T09:15:00.000Z`). */
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function valueOf(raw: unknown, kind: HistoryRefKind | undefined, refs: readonly HistoryRef[]): HistoryValue {
  if (raw === null || raw === undefined || raw === '') return { type: 'empty' };
  if (typeof raw === 'boolean') return { type: 'boolean', value: raw };
  if (typeof raw === 'number') return { type: 'number', value: raw };
  if (typeof raw === 'string') {
    const ref = kind === undefined ? undefined : refs.find((r) => r.id === raw && r.kind === kind);
    if (ref !== undefined) return { type: 'ref', ref };
    if (isoDateTime.test(raw) && !Number.isNaN(Date.parse(raw))) return { type: 'dateTime', iso: raw };
    return { type: 'text', text: raw };
  }
  if (Array.isArray(raw))
    return raw.length === 0 ? { type: 'empty' } : { type: 'list', items: raw.map((item) => valueOf(item, kind, refs)) };
  // What JSON leaves: an object.
  return {
    type: 'record',
    fields: Object.entries(raw as Record<string, unknown>).map(([name, value]) => ({
      name,
      value: valueOf(value, refKindOfProperty(name), refs),
    })),
  };
}

/** A value of the field as recorded (text: JSON for lists, objects, numbers and booleans). */
export function historyValue(field: string | null, text: string | null, refs: readonly HistoryRef[]): HistoryValue {
  if (text === null) return { type: 'empty' };
  const kind = field === null ? undefined : refKindOfProperty(field);
  const raw = parse(text);
  if (typeof raw === 'string') {
    // Numbers and booleans of scalar fields arrive as their JSON text.
    if (raw === 'true' || raw === 'false') return { type: 'boolean', value: raw === 'true' };
    if (/^-?\d+(\.\d+)?$/.test(raw) && kind === undefined) return { type: 'number', value: Number(raw) };
  }
  return valueOf(raw, kind, refs);
}

export interface HistoryChange {
  /** Absent for a creation or deletion (nothing before, or nothing recorded). */
  readonly before?: HistoryValue;
  readonly after: HistoryValue;
}

/** The change an entry records: old → new for an UPDATE, the value for a CREATE. */
export function historyChange(entry: {
  readonly mode: 'CREATE' | 'UPDATE' | 'DELETE';
  readonly field: string | null;
  readonly oldValue: string | null;
  readonly value: string | null;
  readonly references: readonly HistoryRef[];
}): HistoryChange {
  const after = historyValue(entry.field, entry.value, entry.references);
  if (entry.mode !== 'UPDATE') return { after };
  return { before: historyValue(entry.field, entry.oldValue, entry.references), after };
}

/** One property of a record-valued field (the webhook) as it changed. */
export interface HistoryPropertyChange {
  readonly name: string;
  /** Absent for a creation (nothing before). */
  readonly before?: HistoryValue;
  readonly after: HistoryValue;
}

const same = (a: HistoryValue, b: HistoryValue): boolean => JSON.stringify(a) === JSON.stringify(b);
const noValue: HistoryValue = { type: 'empty' };

/**
 * A change of a record-valued field (the webhook's settings) property by property (#30.11): only
 * those that differ, each with its old and new value; of a record that is new, what it holds.
 * Undefined when the field holds no record (shown as one value).
 */
export function historyRecordChanges(change: HistoryChange): readonly HistoryPropertyChange[] | undefined {
  const { before, after } = change;
  const fieldsOf = (value: HistoryValue | undefined) =>
    value === undefined || value.type === 'empty' ? [] : value.type === 'record' ? value.fields : undefined;
  if (after.type !== 'record' && before?.type !== 'record') return undefined;
  const old = fieldsOf(before);
  const now = fieldsOf(after);
  if (old === undefined || now === undefined) return undefined;
  const names = [...new Set([...now.map((f) => f.name), ...old.map((f) => f.name)])];
  return names.flatMap((name): HistoryPropertyChange[] => {
    const was = old.find((f) => f.name === name)?.value ?? noValue;
    const is = now.find((f) => f.name === name)?.value ?? noValue;
    // A record that is new (nothing before): what it holds, without the properties it leaves empty.
    if (before === undefined || before.type === 'empty') return is.type === 'empty' ? [] : [{ name, after: is }];
    return same(was, is) ? [] : [{ name, before: was, after: is }];
  });
}
