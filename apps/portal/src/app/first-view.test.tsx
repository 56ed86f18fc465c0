import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FirstViewProvider, readFirstViewData, useFirstViewApps } from './first-view.tsx';
import type { FirstViewData } from '../../first-view.ts';

const doc = (text: string | undefined) =>
  ({
    getElementById: (id: string) => (id === 'hk-first-view' && text !== undefined ? { textContent: text } : null),
  }) as unknown as Document;

describe("the first view's data (#16)", () => {
  it("reads the launcher's list and the branding the server rendered with", () => {
    const data = { myApps: { userId: 'u1', list: [] }, externalApp: { clientId: 'shop', label: 'Shop' } };
    expect(readFirstViewData(doc(JSON.stringify(data)))).toEqual(data);
  });
  it('ignores a missing or unreadable block: the page then loads it', () => {
    expect(readFirstViewData(doc(undefined))).toEqual({});
    expect(readFirstViewData(doc('{not json'))).toEqual({});
    expect(readFirstViewData(doc('null'))).toEqual({});
  });
  it('gives the list only to the user it was rendered for, and only a list', () => {
    const render = (data: FirstViewData, userId: string) =>
      renderHook(() => useFirstViewApps(userId), {
        wrapper: ({ children }: { readonly children?: ReactNode }) => (
          <FirstViewProvider data={data}>{children}</FirstViewProvider>
        ),
      }).result.current;
    expect(render({ myApps: { userId: 'u1', list: [] } }, 'u1')).toEqual([]);
    expect(render({ myApps: { userId: 'u1', list: [] } }, 'u2')).toBeUndefined();
    expect(render({ myApps: { userId: 'u1', list: 'x' } } as unknown as FirstViewData, 'u1')).toBeUndefined();
  });
});
