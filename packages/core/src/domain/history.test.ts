import { describe, expect, it } from 'vitest';
import { historyChange, historyValue } from './history.ts';
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
