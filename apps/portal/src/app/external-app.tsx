// External-app mode (spec §2, §4): active while a `client_id` query names an application;
// the layout then shows that application's logo and title and hides navigation.
import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import type { ApplicationBranding } from '@portal/core';
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
  const { api } = useServices();
  const clientId = clientIdOf(useSearch());
  const [state, setState] = useState<ExternalApp>({ status: 'inactive' });
  useEffect(() => {
    if (clientId === undefined) {
      setState({ status: 'inactive' });
      return undefined;
    }
    if (state.status !== 'inactive' && state.clientId === clientId) return undefined;
    let live = true;
    setState({ status: 'loading', clientId });
    api.getApplicationBranding(clientId).then(
      (branding) => { if (live) setState({ status: 'active', clientId, branding }); },
      () => { if (live) setState({ status: 'inactive' }); },
    );
    return () => { live = false; };
  }, [clientId, api]);
  return <ExternalAppContext value={state}>{children}</ExternalAppContext>;
}

export function useExternalApp(): ExternalApp {
  return use(ExternalAppContext);
}
