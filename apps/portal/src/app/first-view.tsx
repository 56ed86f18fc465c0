// The data the portal server rendered the first view with (issue #16): on the server a context
// per request (renders of different users run side by side, so no module-level cache holds
// it); in the browser the `hk-first-view` data block, which primes the caches before the
// hydration so that the client renders what the server did, without loading it again.
import { createContext, use, type ReactNode } from 'react';
import type { MyApplication } from '@portal/adapters';
import { firstViewDataId, type FirstViewData } from '../../first-view.ts';
import { primeMyApps } from '../features/shared/my-apps.ts';

const FirstViewContext = createContext<FirstViewData>({});

export function FirstViewProvider({ data, children }: { readonly data: FirstViewData; readonly children?: ReactNode }) {
  return <FirstViewContext value={data}>{children}</FirstViewContext>;
}

/** The launcher's list the server rendered for this user, if it did. */
export function useFirstViewApps(userId: string): readonly MyApplication[] | undefined {
  const { myApps } = use(FirstViewContext);
  return myApps !== undefined && myApps.userId === userId ? myApps.list : undefined;
}

/** Reads the page's first-view data block (anything malformed is ignored: the page loads it). */
export function readFirstViewData(doc: Pick<Document, 'getElementById'> = document): FirstViewData {
  const text = doc.getElementById(firstViewDataId)?.textContent;
  if (text === undefined || text === null || text === '') return {};
  try {
    const raw = JSON.parse(text) as { myApps?: { userId?: unknown; list?: unknown } } | null;
    const myApps = raw?.myApps;
    if (myApps === undefined || typeof myApps.userId !== 'string' || !Array.isArray(myApps.list)) return {};
    return { myApps: { userId: myApps.userId, list: myApps.list as MyApplication[] } };
  } catch {
    return {};
  }
}

/** Hands the first view's data to the caches the pages read (the browser, before hydrating). */
export function primeFirstView(data: FirstViewData): void {
  if (data.myApps !== undefined) primeMyApps(data.myApps.userId, data.myApps.list);
}
