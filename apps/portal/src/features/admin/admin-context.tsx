// The admin console's services: the admin API over the shell's client, the administrable
// applications (sidebar dropdown and badge, reloaded after a decision), and a small cache of
// entity labels for showing linked ids by name.
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createAdminApi, type AdminApi, type AdministrableApplication } from '@portal/adapters/admin';
import { hasPermission } from '@portal/core';
import { useServices } from '../../app/contexts.tsx';
import { useSession } from '../../app/session.ts';
import type { EntityKind } from './lib/links.ts';

export type LookupKind = Exclude<EntityKind, 'users'>;

export interface AdministrableState {
  readonly status: 'loading' | 'ready' | 'failed';
  readonly items: readonly AdministrableApplication[];
}

export interface AdminContextValue {
  readonly api: AdminApi;
  readonly administrable: AdministrableState;
  reloadAdministrable(): void;
  /** Labels of one entity kind by id (the first 100 by label; unknown ids show as they are). */
  lookup(kind: LookupKind): Promise<ReadonlyMap<string, string>>;
  /** Forget cached labels after a save. */
  invalidate(kind: LookupKind): void;
  /** Names seen in picker results (so entries beyond the first 100 still show by name). */
  readonly seen: ReadonlyMap<string, string>;
  remember(entries: readonly { readonly id: string; readonly label: string }[]): void;
  /** The user may write this kind (`<kind>.write`). */
  canWrite(kind: EntityKind): boolean;
}

/** Exported for page tests, which provide a fake admin API; the console uses `AdminProvider`. */
export const AdminContext = createContext<AdminContextValue | undefined>(undefined);

const writePermission: Readonly<Record<EntityKind, string>> = {
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
  const api = useMemo(() => createAdminApi(client, { baseUrl: config.apiUrl }), [client, config.apiUrl]);
  const [administrable, setAdministrable] = useState<AdministrableState>({ status: 'loading', items: [] });
  const [round, setRound] = useState(0);
  const lookups = useRef(new Map<LookupKind, Promise<ReadonlyMap<string, string>>>());
  useEffect(() => {
    let live = true;
    api.listAdministrableApplications().then(
      (page) => { if (live) setAdministrable({ status: 'ready', items: page.items }); },
      () => { if (live) setAdministrable((previous) => ({ status: 'failed', items: previous.items })); },
    );
    return () => { live = false; };
  }, [api, round]);
  const reloadAdministrable = useCallback(() => setRound((r) => r + 1), []);
  const lookup = useCallback((kind: LookupKind) => {
    let pending = lookups.current.get(kind);
    if (pending === undefined) {
      pending = loadLabels(api, kind).catch(() => new Map<string, string>());
      lookups.current.set(kind, pending);
    }
    return pending;
  }, [api]);
  const invalidate = useCallback((kind: LookupKind) => { lookups.current.delete(kind); }, []);
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

async function loadLabels(api: AdminApi, kind: LookupKind): Promise<ReadonlyMap<string, string>> {
  const page = { page: 1, pageSize: 100 } as const;
  const map = new Map<string, string>();
  if (kind === 'permissions') {
    for (const item of (await api.permissions.list({ ...page, sort: 'key' })).items) map.set(item.id, item.key);
  } else if (kind === 'applications') {
    for (const item of (await api.applications.list({ ...page, sort: 'label' })).items) map.set(item.id, item.label);
  } else if (kind === 'attributes') {
    for (const item of (await api.attributes.list({ ...page, sort: 'label' })).items) map.set(item.id, item.label === '' ? item.key : item.label);
  } else {
    for (const item of (await api[kind].list({ ...page, sort: 'label' })).items) map.set(item.id, item.label === '' ? item.key : item.label);
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
  const [labels, setLabels] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    let live = true;
    lookup(kind).then((map) => { if (live) setLabels(map); }, () => undefined);
    return () => { live = false; };
  }, [lookup, kind]);
  return useMemo(() => (seen.size === 0 ? labels : new Map([...seen, ...labels])), [labels, seen]);
}
