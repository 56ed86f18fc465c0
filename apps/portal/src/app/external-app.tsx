// External-app mode (spec §2, §4): active while a `client_id` query names an application;
// the layout then shows that application's logo and title and hides navigation. Core's
// external-app machine decides; this provider feeds it the address.
import { createContext, use, useEffect, useMemo, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useSearch } from 'wouter';
import { externalAppView, provideExternalApp, type ApplicationBranding } from '@portal/core';
import { useServices } from './contexts.tsx';

export type ExternalApp =
  | { readonly status: 'inactive' }
  | { readonly status: 'loading'; readonly clientId: string }
  | { readonly status: 'active'; readonly clientId: string; readonly branding: ApplicationBranding };

const ExternalAppContext = createContext<ExternalApp>({ status: 'inactive' });

/** The client id of the query, when there is exactly one well-formed one. */
export function clientIdOf(search: string): string | undefined {
  const values = new URLSearchParams(search).getAll('client_id');
  const value = values.length === 1 ? values[0] : undefined;
  return value !== undefined && /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(value) ? value : undefined;
}

export function ExternalAppProvider({ children }: { readonly children?: ReactNode }) {
  const { ports } = useServices();
  const clientId = clientIdOf(useSearch());
  const machine = useMemo(() => provideExternalApp(ports), [ports]);
  const actor = useActorRef(machine);
  const view = useSelector(actor, externalAppView, (a, b) => a.status === b.status && a.title === b.title && a.logoUrl === b.logoUrl);
  useEffect(() => {
    actor.send(clientId === undefined ? { type: 'LOCATION' } : { type: 'LOCATION', clientId });
  }, [actor, clientId]);
  const current = actor.getSnapshot().context.clientId ?? clientId ?? '';
  const state: ExternalApp = view.active && view.title !== undefined
    ? { status: 'active', clientId: current, branding: { clientId: current, label: view.title, ...(view.logoUrl === undefined ? {} : { logoUrl: view.logoUrl }), ...(view.url === undefined ? {} : { url: view.url }) } }
    : view.status === 'loading' ? { status: 'loading', clientId: current } : { status: 'inactive' };
  return <ExternalAppContext value={state}>{children}</ExternalAppContext>;
}

export function useExternalApp(): ExternalApp {
  return use(ExternalAppContext);
}
