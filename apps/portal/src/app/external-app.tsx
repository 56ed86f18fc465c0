// External-app mode (spec §2, §4): active while a `client_id` query names an application;
// the layout then shows that application's logo and title and hides navigation. Core's
// external-app machine decides. It and XState are loaded only once an address has a
// `client_id` (ADR 0007: nothing of them in the first route); until then the mode is inactive.
import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { createModuleLoader } from '@portal/ui';
import type { ApplicationBranding } from '@portal/core';
import { reportChunkError } from './lazy-page.tsx';
import { useFirstViewBranding } from './first-view.tsx';

export type ExternalApp =
  | { readonly status: 'inactive' }
  | { readonly status: 'loading'; readonly clientId: string }
  | { readonly status: 'active'; readonly clientId: string; readonly branding: ApplicationBranding };

const inactive: ExternalApp = { status: 'inactive' };
const ExternalAppContext = createContext<ExternalApp>(inactive);

/** The client id of the query, when there is exactly one well-formed one. */
export function clientIdOf(search: string): string | undefined {
  const values = new URLSearchParams(search).getAll('client_id');
  const value = values.length === 1 ? values[0] : undefined;
  return value !== undefined && /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(value) ? value : undefined;
}

export interface ExternalAppDriverProps {
  readonly clientId: string | undefined;
  /** The mode after each decision of the machine. */
  readonly onChange: (state: ExternalApp) => void;
}

// The machine's code; a failed load leaves the mode inactive (the default layout) after the
// chunk guard has run, and the next address with a client id tries again.
const driver = createModuleLoader(() => import('./external-app-driver.tsx'));

/** An address that opens in external-app mode: start loading the machine with the first view's code. */
export function preloadExternalAppMode(search: string): void {
  if (clientIdOf(search) !== undefined)
    driver.load().catch(() => {
      /* the provider tries again and reports it */
    });
}

export function ExternalAppProvider({ children }: { readonly children?: ReactNode }) {
  const clientId = clientIdOf(useSearch());
  const [engaged, setEngaged] = useState(clientId !== undefined);
  const [module, setModule] = useState(driver.loaded);
  const [reported, setReported] = useState<ExternalApp | undefined>(undefined);
  if (clientId !== undefined && !engaged) setEngaged(true);
  useEffect(() => {
    if (engaged && module === undefined) {
      driver.load().then(setModule, (error: unknown) => {
        reportChunkError(error);
        setReported(inactive);
      });
    }
  }, [engaged, module, clientId]);
  // Until the machine has decided, a client id in the address means "loading its branding",
  // unless the portal server rendered the page with it (#16): then that, on both sides.
  const rendered = useFirstViewBranding(clientId);
  const initial: ExternalApp =
    clientId === undefined
      ? inactive
      : rendered === undefined
        ? { status: 'loading', clientId }
        : { status: 'active', clientId, branding: rendered };
  // While the machine loads the branding the page was rendered with, that branding stays.
  const state =
    reported === undefined || (reported.status === 'loading' && rendered !== undefined) ? initial : reported;
  return (
    <ExternalAppContext value={state}>
      {module === undefined ? null : <module.ExternalAppDriver clientId={clientId} onChange={setReported} />}
      {children}
    </ExternalAppContext>
  );
}

export function useExternalApp(): ExternalApp {
  return use(ExternalAppContext);
}
