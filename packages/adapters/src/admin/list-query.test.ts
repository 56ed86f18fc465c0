import { describe, expect, it } from 'vitest';
import { exportQuery, historyQuery, listQuery, pageQuery } from './list-query.ts';

describe('listQuery', () => {
  it('sends page, size, sort and order, and drops an empty search', () => {
    expect(
      listQuery('listApplications', { page: 2, pageSize: 50, search: '  ', sort: 'label', order: 'desc' }),
    ).toEqual({ page: 2, pageSize: 50, sort: 'label', order: 'desc' });
    expect(listQuery('listRoles', { page: 1, pageSize: 25, search: ' kit ' })).toEqual({
      page: 1,
      pageSize: 25,
      search: 'kit',
    });
  });

  it('sends at most 200 characters of search', () => {
    expect(listQuery('listUsers', { page: 1, pageSize: 10, search: 'x'.repeat(250) }).search).toHaveLength(200);
  });

  it('refuses a sort key the operation does not take, before a request is made', () => {
    expect(() => listQuery('listRoles', { page: 1, pageSize: 10, sort: 'dataType' })).toThrow(
      'listRoles does not sort by "dataType"',
    );
    expect(listQuery('listAttributes', { page: 1, pageSize: 10, sort: 'dataType' }).sort).toBe('dataType');
  });

  it('takes only the operations whose query has page, size, search, sort and order', () => {
    // @ts-expect-error a download has no paging
    expect(() => listQuery('exportRoles', { page: 1, pageSize: 10 })).not.toThrow();
    // @ts-expect-error the pickers' selections are not sorted
    expect(() => listQuery('listApplicationRoleSelection', { page: 1, pageSize: 10 })).not.toThrow();
  });
});

describe('exportQuery', () => {
  it('is the list query without paging, the sort checked alike', () => {
    expect(exportQuery('exportUsers', { search: ' Anna ', sort: 'email', order: 'desc' })).toEqual({
      search: 'Anna',
      sort: 'email',
      order: 'desc',
    });
    expect(exportQuery('exportApplications', {})).toEqual({});
    expect(() => exportQuery('exportPermissions', { sort: 'label' })).toThrow(
      'exportPermissions does not sort by "label"',
    );
    // @ts-expect-error a list call is not a download
    expect(exportQuery('listUsers', {})).toEqual({});
  });
});

describe('pageQuery and historyQuery', () => {
  it('send what their operations take', () => {
    expect(pageQuery({ page: 1, pageSize: 25, search: ' ' })).toEqual({ page: 1, pageSize: 25 });
    expect(pageQuery({ page: 2, pageSize: 25, search: ' admin' })).toEqual({ page: 2, pageSize: 25, search: 'admin' });
    expect(historyQuery({ page: 1, pageSize: 10 })).toEqual({ page: 1, pageSize: 10 });
    expect(historyQuery({ page: 1, pageSize: 10, sort: 'field', order: 'asc' })).toEqual({
      page: 1,
      pageSize: 10,
      sort: 'field',
      order: 'asc',
    });
    // @ts-expect-error the history is sorted by time or field only
    historyQuery({ page: 1, pageSize: 10, sort: 'label' });
  });
});
