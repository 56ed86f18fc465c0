import { describe, expect, it } from 'vitest';
import { historyChange, historyRecordChanges, historyValue } from './history.ts';
import type { HistoryRef } from './history.ts';

const planner: HistoryRef = { kind: 'APPLICATION', id: 'a1', label: 'Küchenplaner', exists: true };
const gone: HistoryRef = { kind: 'PERMISSION', id: 'p1', label: 'old.key', exists: false };
const attribute: HistoryRef = { kind: 'ATTRIBUTE', id: 'x1', label: 'Kundennummer', exists: true };

describe('historyValue', () => {
  it('reads scalars: empty, text, numbers and booleans of their JSON text', () => {
    expect(historyValue('label', null, [])).toEqual({ type: 'empty' });
    expect(historyValue('label', '', [])).toEqual({ type: 'empty' });
    expect(historyValue('label', 'Küchen', [])).toEqual({ type: 'text', text: 'Küchen' });
    expect(historyValue('sortNumber', '12', [])).toEqual({ type: 'number', value: 12 });
    expect(historyValue('internal', 'false', [])).toEqual({ type: 'boolean', value: false });
    expect(historyValue('description', '{broken', [])).toEqual({ type: 'text', text: '{broken' });
  });

  it('replaces ids by the referenced entity, by the property that holds them', () => {
    expect(historyValue('adminPermissionId', 'p1', [gone])).toEqual({ type: 'ref', ref: gone });
    expect(historyValue('applicationIds', '["a1"]', [planner])).toEqual({
      type: 'list',
      items: [{ type: 'ref', ref: planner }],
    });
    expect(historyValue('applicationIds', '[]', [])).toEqual({ type: 'empty' });
    // A text that merely equals an id is not an entity.
    expect(historyValue('label', 'a1', [planner])).toEqual({ type: 'text', text: 'a1' });
    // An id the API could not name stays as text.
    expect(historyValue('parentId', 'zz', [])).toEqual({ type: 'text', text: 'zz' });
    // The account accesses a request may name (#19) are the application's account-access groups.
    const dealers: HistoryRef = { kind: 'ACCOUNT_ACCESS', id: 'g1', label: 'Küchenstudio Nord', exists: true };
    expect(historyValue('requestableAccountAccessIds', '["g1"]', [dealers])).toEqual({
      type: 'list',
      items: [{ type: 'ref', ref: dealers }],
    });
  });

  it('reads link records with their flags', () => {
    const value = historyValue(
      'attributes',
      JSON.stringify([{ attributeId: 'x1', outputInToken: true, required: false, visible: true }]),
      [attribute],
    );
    expect(value).toEqual({
      type: 'list',
      items: [
        {
          type: 'record',
          fields: [
            { name: 'attributeId', value: { type: 'ref', ref: attribute } },
            { name: 'outputInToken', value: { type: 'boolean', value: true } },
            { name: 'required', value: { type: 'boolean', value: false } },
            { name: 'visible', value: { type: 'boolean', value: true } },
          ],
        },
      ],
    });
  });

  it('reads the webhook: numbers, nulls and nested records', () => {
    expect(
      historyValue(
        'webhook',
        JSON.stringify({ enabled: true, username: null, timeout: 5, headers: [{ key: 'X-A', value: '1' }] }),
        [],
      ),
    ).toEqual({
      type: 'record',
      fields: [
        { name: 'enabled', value: { type: 'boolean', value: true } },
        { name: 'username', value: { type: 'empty' } },
        { name: 'timeout', value: { type: 'number', value: 5 } },
        {
          name: 'headers',
          value: {
            type: 'list',
            items: [
              {
                type: 'record',
                fields: [
                  { name: 'key', value: { type: 'text', text: 'X-A' } },
                  { name: 'value', value: { type: 'text', text: '1' } },
                ],
              },
            ],
          },
        },
      ],
    });
  });
});

describe('historyChange', () => {
  it('old → new for an update, only the value for a creation', () => {
    expect(historyChange({ mode: 'UPDATE', field: 'sortNumber', oldValue: '1', value: '2', references: [] })).toEqual({
      before: { type: 'number', value: 1 },
      after: { type: 'number', value: 2 },
    });
    expect(historyChange({ mode: 'CREATE', field: 'label', oldValue: null, value: 'A', references: [] })).toEqual({
      after: { type: 'text', text: 'A' },
    });
    expect(historyChange({ mode: 'DELETE', field: null, oldValue: null, value: null, references: [] })).toEqual({
      after: { type: 'empty' },
    });
    expect(
      historyChange({
        mode: 'UPDATE',
        field: 'parentId',
        oldValue: null,
        value: 'p1',
        references: [{ kind: 'ACCOUNT_ACCESS', id: 'p1', label: 'Nord', exists: true }],
      }),
    ).toEqual({
      before: { type: 'empty' },
      after: { type: 'ref', ref: { kind: 'ACCOUNT_ACCESS', id: 'p1', label: 'Nord', exists: true } },
    });
  });
});

describe('a record-valued field, property by property (#30.11)', () => {
  const webhook = (fields: Record<string, unknown>) => JSON.stringify(fields);
  const base = { enabled: true, endpointUrl: 'https://a.test/hook', onGrant: true, onAccessRequest: false };

  it('names only the properties that changed, old → new', () => {
    const change = historyChange({
      mode: 'UPDATE',
      field: 'webhook',
      oldValue: webhook(base),
      value: webhook({ ...base, onAccessRequest: true, endpointUrl: 'https://b.test/hook' }),
      references: [],
    });
    expect(historyRecordChanges(change)).toEqual([
      {
        name: 'endpointUrl',
        before: { type: 'text', text: 'https://a.test/hook' },
        after: { type: 'text', text: 'https://b.test/hook' },
      },
      { name: 'onAccessRequest', before: { type: 'boolean', value: false }, after: { type: 'boolean', value: true } },
    ]);
  });

  it('a new record lists each of its properties; a removed one says each is gone', () => {
    const created = historyRecordChanges(
      historyChange({ mode: 'CREATE', field: 'webhook', oldValue: null, value: webhook(base), references: [] }),
    );
    expect(created?.map((c) => c.name)).toEqual(['enabled', 'endpointUrl', 'onGrant', 'onAccessRequest']);
    expect(created?.[0]).toEqual({ name: 'enabled', after: { type: 'boolean', value: true } });
    // Set up on an application that had none: what it holds, its empty properties left out.
    const added = historyRecordChanges(
      historyChange({
        mode: 'UPDATE',
        field: 'webhook',
        oldValue: null,
        value: webhook({ ...base, username: null }),
        references: [],
      }),
    );
    expect(added?.map((c) => c.name)).toEqual(['enabled', 'endpointUrl', 'onGrant', 'onAccessRequest']);
    expect(added?.[1]).toEqual({ name: 'endpointUrl', after: { type: 'text', text: 'https://a.test/hook' } });
    const removed = historyRecordChanges(
      historyChange({ mode: 'UPDATE', field: 'webhook', oldValue: webhook(base), value: null, references: [] }),
    );
    expect(removed?.[1]).toEqual({
      name: 'endpointUrl',
      before: { type: 'text', text: 'https://a.test/hook' },
      after: { type: 'empty' },
    });
  });

  it('is not for a field of one value; an instant is a date-time to show in the reader’s language', () => {
    expect(
      historyRecordChanges(
        historyChange({ mode: 'UPDATE', field: 'label', oldValue: 'A', value: 'B', references: [] }),
      ),
    ).toBeUndefined();
    expect(historyValue('webhook.passwordChanged', '2026-11-20T09:15:00.000Z', [])).toEqual({
      type: 'dateTime',
      iso: '2026-11-20T09:15:00.000Z',
    });
    expect(historyValue('label', '2026-11-20 (Messe)', [])).toEqual({ type: 'text', text: '2026-11-20 (Messe)' });
  });
});
