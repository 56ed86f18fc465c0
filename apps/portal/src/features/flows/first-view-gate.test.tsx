import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FirstViewProvider } from '../../app/first-view.tsx';
import type { FirstViewData } from '../../../first-view.ts';
import { useFirstViewGate } from './first-view-gate.ts';

describe("the gate's first view (#28.10)", () => {
  it("gives the gate's first check to the first gate of its client id, once (a later gate asks again, #28.10)", () => {
    const gate = { clientId: 'shop', result: { status: 'requested' } } as unknown as NonNullable<FirstViewData['gate']>;
    const data: FirstViewData = { gate };
    const wrapper = ({ children }: { readonly children?: ReactNode }) => (
      <FirstViewProvider data={data}>{children}</FirstViewProvider>
    );
    expect(renderHook(() => useFirstViewGate('other'), { wrapper }).result.current).toBeUndefined();
    const first = renderHook(() => useFirstViewGate('shop'), { wrapper });
    expect(first.result.current).toBe(gate);
    // The first gate has mounted: a gate that mounts later (a navigation inside the page) asks itself.
    expect(renderHook(() => useFirstViewGate('shop'), { wrapper }).result.current).toBeUndefined();
  });
});
