// The data the portal server rendered the first view with (issue #16), as a context: on the
// server per request (renders of different users run side by side, so no module-level cache
// holds it); in the browser from the `hk-first-view` data block, which also primes the caches
// before the hydration, so that the client renders what the server did without loading it again.
import { createContext, use, type ReactNode } from 'react';
import type { MyApplication } from '@portal/adapters';
import type { ApplicationBranding } from '@portal/core';
import { firstViewDataId, type FirstViewData } from '../../first-view.ts';
import { primeMyApps } from '../features/shared/my-apps-store.ts';

const FirstViewContext = createContext<FirstViewData>({});

export function FirstViewProvider({ data, children }: { readonly data: FirstViewData; readonly children?: ReactNode }) {
  return <FirstViewContext value={data}>{children}</FirstViewContext>;
}

/** The launcher's list the server rendered for this user, if it did. */
export function useFirstViewApps(userId: string): readonly MyApplication[] | undefined {
  const { myApps } = use(FirstViewContext);
  return myApps?.userId === userId && Array.isArray(myApps.list) ? myApps.list : undefined;
}

/** The branding of this client id the server rendered the external-app layout with, if it did. */
export function useFirstViewBranding(clientId: string | undefined): ApplicationBranding | undefined {
  const { externalApp } = use(FirstViewContext);
  return clientId !== undefined && externalApp?.clientId === clientId && typeof externalApp.label === 'string'
    ? externalApp
    : undefined;
}

/** The whole first-view data (a page's own hook reads its part; the gate's is in its chunk). */
export function useFirstViewData(): FirstViewData {
  return use(FirstViewContext);
}

/**
 * Reads the page's first-view data block. The server wrote it from data it had decoded; what
 * cannot be parsed is ignored (the page then loads it), and each use checks its user or client.
 */
export function readFirstViewData(doc: Pick<Document, 'getElementById'> = document): FirstViewData {
  try {
    const data = JSON.parse(doc.getElementById(firstViewDataId)?.textContent ?? '') as FirstViewData | null;
    return typeof data === 'object' && data !== null ? data : {};
  } catch {
    return {};
  }
}

/** Hands the first view's data to the caches the pages read (the browser, before hydrating). */
export function primeFirstView({ myApps }: FirstViewData): void {
  if (typeof myApps?.userId === 'string' && Array.isArray(myApps.list)) primeMyApps(myApps.userId, myApps.list);
}
