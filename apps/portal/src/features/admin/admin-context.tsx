// The admin console's services: the admin API over the shell's client, the administrable
// applications (sidebar dropdown and badge, reloaded after a decision), and the entity labels
// for showing linked ids by name; both kept in the one query cache (`app/server-data.ts`).
import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { createAdminApi, type AdminApi, type AdministrableApplication } from '@portal/adapters/admin';
import { savingApplicationsThroughCore } from './lib/admin-port.ts';
import { hasPermission, type GlobalPermission } from '@portal/core';
import { useServices } from '../../app/contexts.tsx';
import { useSession } from '../../app/session.ts';
import { invalidateServerData, useServerData } from '../../app/server-data.ts';
import type { EntityKind } from './lib/links.ts';

export type LookupKind = Exclude<EntityKind, 'users'>;

export interface AdministrableState {
  readonly status: 'loading' | 'ready' | 'failed';
  readonly items: readonly AdministrableApplication[];
}

export interface AdminContextValue {
  readonly api: AdminApi;
  readonly administrable: AdministrableState;
  reloadAdministrable: () => void;
  /** Loads the labels of one entity kind by id (the first 100 by label); `useLabels` keeps them in the query cache. */
  lookup: (kind: LookupKind) => Promise<ReadonlyMap<string, string>>;
  /** The kept labels of a kind are out of date (after a save). */
  invalidate: (kind: LookupKind) => void;
  /** Names seen in picker results (so entries beyond the first 100 still show by name). */
  readonly seen: ReadonlyMap<string, string>;
  remember: (entries: readonly { readonly id: string; readonly label: string }[]) => void;
  /** The user may write this kind (`<kind>.write`). */
  canWrite: (kind: EntityKind) => boolean;
}

/** Exported for page tests, which provide a fake admin API; the console uses `AdminProvider`. */
export const AdminContext = createContext<AdminContextValue | undefined>(undefined);

/** The write permission of each kind: names of core's one list (the API checks the same). */
const writePermission: Readonly<Record<EntityKind, GlobalPermission>> = {
  applications: 'applications.write',
  attributes: 'attributes.write',
  permissions: 'permissions.write',
  roles: 'roles.write',
  accountAccesses: 'accountaccesses.write',
  customFlows: 'customflows.write',
  users: 'all_users.write',
};

export function AdminProvider({ children }: { readonly children?: ReactNode }) {
  const { client, config } = useServices();
  const session = useSession();
  // An application is saved through core's use case everywhere in the console (its rules, then the API).
  const api = useMemo(
    () => savingApplicationsThroughCore(createAdminApi(client, { baseUrl: config.apiUrl })),
    [client, config.apiUrl],
  );
  const administered = useServerData(
    administrableKey,
    async () => (await api.listAdministrableApplications()).items,
    'shared',
  );
  const administrable = useMemo<AdministrableState>(
    () => ({
      status: administered.status === 'failed' ? 'failed' : administered.data === undefined ? 'loading' : 'ready',
      items: administered.data ?? [],
    }),
    [administered.status, administered.data],
  );
  const reloadAdministrable = useCallback(() => invalidateServerData(administrableKey), []);
  const lookup = useCallback((kind: LookupKind) => loadLabels(api, kind).catch(() => new Map<string, string>()), [api]);
  const invalidate = useCallback((kind: LookupKind) => invalidateServerData(labelsKey(kind)), []);
  const [seen, setSeen] = useState<ReadonlyMap<string, string>>(new Map());
  const remember = useCallback((entries: readonly { readonly id: string; readonly label: string }[]) => {
    setSeen((current) => {
      if (entries.every((entry) => current.get(entry.id) === entry.label)) return current;
      const next = new Map(current);
      for (const entry of entries) next.set(entry.id, entry.label);
      return next;
    });
  }, []);
  const user = session.user;
  const canWrite = useCallback((kind: EntityKind) => hasPermission(user, writePermission[kind]), [user]);
  const value = useMemo<AdminContextValue>(
    () => ({ api, administrable, reloadAdministrable, lookup, invalidate, seen, remember, canWrite }),
    [api, administrable, reloadAdministrable, lookup, invalidate, seen, remember, canWrite],
  );
  return <AdminContext value={value}>{children}</AdminContext>;
}

/** The administered applications (the sidebar's dropdown and badge) in the query cache. */
const administrableKey = ['admin', 'administrable'] as const;
/** The labels of one entity kind in the query cache. */
const labelsKey = (kind: LookupKind) => ['admin', 'labels', kind] as const;

async function loadLabels(api: AdminApi, kind: LookupKind): Promise<ReadonlyMap<string, string>> {
  const page = { page: 1, pageSize: 100 } as const;
  const map = new Map<string, string>();
  if (kind === 'permissions') {
    for (const item of (await api.permissions.list({ ...page, sort: 'key' })).items) map.set(item.id, item.key);
  } else if (kind === 'applications') {
    for (const item of (await api.applications.list({ ...page, sort: 'label' })).items) map.set(item.id, item.label);
  } else if (kind === 'attributes') {
    for (const item of (await api.attributes.list({ ...page, sort: 'label' })).items)
      map.set(item.id, item.label === '' ? item.key : item.label);
  } else {
    for (const item of (await api[kind].list({ ...page, sort: 'label' })).items)
      map.set(item.id, item.label === '' ? item.key : item.label);
  }
  return map;
}

export function useAdmin(): AdminContextValue {
  const value = use(AdminContext);
  if (value === undefined) throw new Error('useAdmin outside AdminProvider');
  return value;
}

/** Labels of one kind, once loaded (an empty map until then). */
export function useLabels(kind: LookupKind): ReadonlyMap<string, string> {
  const { lookup, seen } = useAdmin();
  const labels = useServerData(labelsKey(kind), () => lookup(kind), 'shared').data;
  return useMemo(() => (seen.size === 0 ? (labels ?? none) : new Map([...seen, ...(labels ?? none)])), [labels, seen]);
}

const none: ReadonlyMap<string, string> = new Map();
