// The gate's part of the first view (#28.10): the first check the portal server rendered the
// gate with. In the gate's chunk, not the first route's.
import { useEffect } from 'react';
import type { FirstViewData } from '../../../first-view.ts';
import { useFirstViewData } from '../../app/first-view.tsx';

/** First-view data whose gate check a page has started from (each is used by one gate, once). */
const usedGateChecks = new WeakSet<FirstViewData>();

/**
 * The gate's first check the server rendered this client id's gate with (and what was typed into
 * its form), if it did and no gate has started from it yet: the first gate after the page loaded
 * takes it; a later one (a navigation inside the page) asks again.
 */
export function useFirstViewGate(clientId: string): FirstViewData['gate'] {
  const data = useFirstViewData();
  const mine = data.gate?.clientId === clientId;
  useEffect(() => {
    if (mine) usedGateChecks.add(data);
  }, [data, mine]);
  // As written by the server; the gate decodes it.
  return mine && !usedGateChecks.has(data) ? data.gate : undefined;
}
