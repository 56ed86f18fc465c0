// Test kit of the console's pages: a page with a fake admin API inside the UI bridge and the
// toasts (German texts, as the spec writes them).
import { useState, type ReactNode } from 'react';
import type { AdminApi, AdminPage, EntityRef } from '@portal/adapters/admin';
import { UiBridge } from '../../app/app.tsx';
import { ServicesProvider, ToastProvider } from '../../app/contexts.tsx';
import { queryClient } from '../../app/server-data.ts';
import type { Services } from '../../composition-root.ts';
import { AdminContext, type AdminContextValue } from './admin-context.tsx';
import { savingApplicationsThroughCore } from './lib/admin-port.ts';

export const planner = { id: 'kitchen-planner', label: 'Küchenplaner' } as const;

export const page = (items: readonly EntityRef[]): Promise<AdminPage<EntityRef>> =>
  Promise.resolve({ items, total: items.length });

/** `api`: only the calls the page makes (fakes need not match every signature); `writable`: may the user write (yes). */
export function AdminPageFrame({
  api,
  writable = true,
  children,
}: {
  readonly api: Partial<Record<keyof AdminApi, unknown>>;
  readonly writable?: boolean;
  readonly children: ReactNode;
}) {
  // Each page test starts with an empty query cache (lists and labels are kept until invalidated).
  useState(() => queryClient.clear());
  const value: AdminContextValue = {
    // As the console's provider composes it: applications saved through core's use case.
    api: savingApplicationsThroughCore(api as unknown as AdminApi),
    administrable: {
      status: 'ready',
      items: [
        {
          ...planner,
          logoUrl: null,
          url: 'https://planner.example.test',
          internal: false,
          accessRequestsAmount: 1,
          permissions: { manageAccessRequests: true },
        },
      ],
    },
    reloadAdministrable: () => undefined,
    lookup: () => Promise.resolve(new Map()),
    invalidate: () => undefined,
    seen: new Map(),
    remember: () => undefined,
    canWrite: () => writable,
  };
  const services = { config: { brandName: 'HK Küchen' } } as unknown as Services;
  return (
    <UiBridge>
      <ServicesProvider services={services}>
        <ToastProvider>
          <AdminContext value={value}>{children}</AdminContext>
        </ToastProvider>
      </ServicesProvider>
    </UiBridge>
  );
}
