import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createDeferred } from '@portal/core/testing';
import { ServicesProvider } from './contexts.tsx';
import { ExternalAppProvider, useExternalApp } from './external-app.tsx';
import type { Services } from '../composition-root.ts';

function setup(path: string) {
  const branding = createDeferred<{ clientId: string; label: string; url: string }>();
  const getApplicationBranding = vi.fn(async () => branding.promise);
  const services = { ports: { api: { getApplicationBranding } } } as unknown as Services;
  const location = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { readonly children?: ReactNode }) => (
    <ServicesProvider services={services}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <ExternalAppProvider>{children}</ExternalAppProvider>
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
    await act(async () => branding.resolve({ clientId: 'planner', label: 'Küchenplaner', url: 'https://planner.example' }));
    await waitFor(() => expect(result.current.status).toBe('active'));
    expect(result.current).toEqual({ status: 'active', clientId: 'planner', branding: { clientId: 'planner', label: 'Küchenplaner', url: 'https://planner.example' } });
    act(() => location.navigate('/'));
    await waitFor(() => expect(result.current).toEqual({ status: 'inactive' }));
  });

  it('a client id that arrives later engages the machine then', async () => {
    const { branding, getApplicationBranding, location, wrapper } = setup('/');
    const { result } = renderHook(() => useExternalApp(), { wrapper });
    act(() => location.navigate('/flows/auth?client_id=planner'));
    expect(result.current).toEqual({ status: 'loading', clientId: 'planner' });
    await act(async () => branding.resolve({ clientId: 'planner', label: 'Küchenplaner', url: 'https://planner.example' }));
    await waitFor(() => expect(result.current.status).toBe('active'));
    expect(getApplicationBranding).toHaveBeenCalledTimes(1);
  });
});
