import { describe, expect, it } from 'vitest';
import { clampPage, consolePageSize, initialList, listParams, listReducer } from './list.ts';

describe('list state', () => {
  it("starts on page 1 with 50 rows (the API default of 25 is not the console's)", () => {
    expect(initialList('label')).toEqual({ page: 1, pageSize: 50, search: '', sort: 'label', order: 'asc' });
    expect(consolePageSize).toBe(50);
  });

  it('goes back to page 1 on search, sort and page size', () => {
    const onPage3 = listReducer(initialList('label'), { type: 'page', page: 3 });
    expect(onPage3.page).toBe(3);
    expect(listReducer(onPage3, { type: 'search', search: 'kit' }).page).toBe(1);
    expect(listReducer(onPage3, { type: 'sort', sort: 'key', order: 'desc' })).toMatchObject({
      page: 1,
      sort: 'key',
      order: 'desc',
    });
    expect(listReducer(onPage3, { type: 'pageSize', pageSize: 25 })).toMatchObject({ page: 1, pageSize: 25 });
  });

  it('refuses a page size the API does not know, and keeps the state for an unchanged search', () => {
    const state = initialList();
    expect(listReducer(state, { type: 'pageSize', pageSize: 33 })).toBe(state);
    expect(listReducer(state, { type: 'search', search: '' })).toBe(state);
  });

  it('builds the call parameters', () => {
    expect(listParams({ page: 2, pageSize: 10, search: ' a ', sort: 'key', order: 'desc' })).toEqual({
      page: 2,
      pageSize: 10,
      search: 'a',
      sort: 'key',
      order: 'desc',
    });
    expect(listParams(initialList())).toEqual({ page: 1, pageSize: 50 });
  });

  it('clamps a page past the end', () => {
    expect(clampPage(5, 25, 60)).toBe(3);
    expect(clampPage(0, 25, 0)).toBe(1);
  });
});
