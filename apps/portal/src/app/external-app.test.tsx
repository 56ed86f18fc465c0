import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createDeferred } from '@portal/core/testing';
import { ServicesProvider } from './contexts.tsx';
import { ExternalAppProvider, useExternalApp } from './external-app.tsx';
import type { Services } from '../composition-root.ts';
import { FirstViewProvider } from './first-view.tsx';
import type { FirstViewData } from '../../first-view.ts';

function setup(path: string, firstView: FirstViewData = {}) {
  const branding = createDeferred<{ clientId: string; label: string; url: string }>();
  const getApplicationBranding = vi.fn(async () => branding.promise);
  const services = { ports: { api: { getApplicationBranding } } } as unknown as Services;
  const location = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { readonly children?: ReactNode }) => (
    <ServicesProvider services={services}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <FirstViewProvider data={firstView}>
          <ExternalAppProvider>{children}</ExternalAppProvider>
        </FirstViewProvider>
      </Router>
    </ServicesProvider>
  );
  return { branding, getApplicationBranding, location, wrapper };
}

describe('external-app mode (spec §4)', () => {
  it('without a client id it is inactive and asks nothing', () => {
    const { getApplicationBranding, wrapper } = setup('/');
    const { result } = renderHook(() => useExternalApp(), { wrapper });
    expect(result.current).toEqual({ status: 'inactive' });
    expect(getApplicationBranding).not.toHaveBeenCalled();
  });

  it('a client id: loading at once, active with the branding, inactive again when the query drops it', async () => {
    const { branding, getApplicationBranding, location, wrapper } = setup('/flows/auth?client_id=planner');
    const { result } = renderHook(() => useExternalApp(), { wrapper });
    expect(result.current).toEqual({ status: 'loading', clientId: 'planner' });
    await waitFor(() => expect(getApplicationBranding).toHaveBeenCalledWith('planner'));
    expect(result.current).toEqual({ status: 'loading', clientId: 'planner' });
    await act(async () =>
      branding.resolve({ clientId: 'planner', label: 'Küchenplaner', url: 'https://planner.example' }),
    );
    await waitFor(() => expect(result.current.status).toBe('active'));
    expect(result.current).toEqual({
      status: 'active',
      clientId: 'planner',
      branding: { clientId: 'planner', label: 'Küchenplaner', url: 'https://planner.example' },
    });
    act(() => location.navigate('/'));
    await waitFor(() => expect(result.current).toEqual({ status: 'inactive' }));
  });

  it('a client id that arrives later engages the machine then', async () => {
    const { branding, getApplicationBranding, location, wrapper } = setup('/');
    const { result } = renderHook(() => useExternalApp(), { wrapper });
    act(() => location.navigate('/flows/auth?client_id=planner'));
    expect(result.current).toEqual({ status: 'loading', clientId: 'planner' });
    await act(async () =>
      branding.resolve({ clientId: 'planner', label: 'Küchenplaner', url: 'https://planner.example' }),
    );
    await waitFor(() => expect(result.current.status).toBe('active'));
    expect(getApplicationBranding).toHaveBeenCalledTimes(1);
  });

  it('a page the server rendered with the branding shows it from the first render on, also while the machine loads it again', async () => {
    const planner = { clientId: 'planner', label: 'Küchenplaner', url: 'https://planner.example' };
    const { branding, getApplicationBranding, wrapper } = setup('/flows/auth?client_id=planner', {
      externalApp: planner,
    });
    const { result } = renderHook(() => useExternalApp(), { wrapper });
    const active = { status: 'active', clientId: 'planner', branding: planner };
    expect(result.current).toEqual(active);
    await waitFor(() => expect(getApplicationBranding).toHaveBeenCalledWith('planner'));
    expect(result.current).toEqual(active);
    await act(async () => branding.resolve(planner));
    expect(result.current).toEqual(active);
  });

  it('the rendered branding of another client id is not used', () => {
    const { wrapper } = setup('/flows/auth?client_id=planner', { externalApp: { clientId: 'shop', label: 'Shop' } });
    const { result } = renderHook(() => useExternalApp(), { wrapper });
    expect(result.current).toEqual({ status: 'loading', clientId: 'planner' });
  });
});
