import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { SignedInUser } from '@portal/core';
import { ServicesProvider } from './contexts.tsx';
import { createReadySignal } from './ready.ts';
import { useAdminAccess } from './admin-access.ts';
import { queryClient } from './server-data.ts';
import type { Services } from '../composition-root.ts';

const user = (id: string, permissions: readonly string[] = []): SignedInUser => ({
  id,
  issuer: 'https://idp',
  fullName: 'Pat Partner',
  hkData: { attributes: { firstName: 'Pat', lastName: 'Partner' }, permissions, internal: false },
});

function setup(administrable: readonly { id: string }[]) {
  queryClient.clear();
  const listAdministrableApplications = vi.fn(async () => administrable);
  const services = { api: { listAdministrableApplications } } as unknown as Services;
  const wrapper = ({ children }: { readonly children?: ReactNode }) => (
    <ServicesProvider services={services}>{children}</ServicesProvider>
  );
  const frames: (() => void)[] = [];
  const ready = createReadySignal({ setTimeout: (cb) => frames.push(cb) });
  const paint = () => {
    for (const cb of frames.splice(0)) cb();
  };
  return { listAdministrableApplications, wrapper, ready, paint };
}

describe('admin center access (spec §6)', () => {
  it('comes from the token at once for a user with an admin permission (no call)', () => {
    const { listAdministrableApplications, wrapper, ready } = setup([]);
    const admin = user('admin', ['all_users.read']);
    const { result } = renderHook(() => useAdminAccess(admin, ready), { wrapper });
    expect(result.current).toBe(true);
    expect(listAdministrableApplications).not.toHaveBeenCalled();
  });

  it('asks for administered applications only after the first route is ready', async () => {
    const { listAdministrableApplications, wrapper, ready, paint } = setup([{ id: 'planner' }]);
    const appAdmin = user('app-admin');
    const { result } = renderHook(() => useAdminAccess(appAdmin, ready), { wrapper });
    expect(result.current).toBe(false);
    expect(listAdministrableApplications).not.toHaveBeenCalled();
    act(() => {
      ready.mark();
      paint();
    });
    await waitFor(() => expect(result.current).toBe(true));
    expect(listAdministrableApplications).toHaveBeenCalledTimes(1);
  });

  it('shows no link without permissions and without administered applications', async () => {
    const { wrapper, ready, paint } = setup([]);
    ready.mark();
    paint();
    const partner = user('partner');
    const { result } = renderHook(() => useAdminAccess(partner, ready), { wrapper });
    await waitFor(() =>
      expect(queryClient.getQueryState(['shell', 'administered', 'partner'])?.status).toBe('success'),
    );
    expect(result.current).toBe(false);
  });
});
