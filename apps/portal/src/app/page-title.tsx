import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from './contexts.tsx';

/**
 * The document title: the page's title with the brand as suffix. Titles nest: the route
 * names its area ("Admin Center"), a page inside it names itself ("Rollen"), and the
 * innermost title wins whatever order the effects run in (a child's effect runs before its
 * parent's). When the inner page goes, the outer title comes back.
 */
const Depth = createContext(0);

interface Entry {
  readonly depth: number;
  readonly order: number;
  readonly text: string;
}
const shown = new Map<symbol, Entry>();
let counter = 0;

function apply(): void {
  let best: Entry | undefined;
  for (const entry of shown.values()) {
    if (best === undefined || entry.depth > best.depth || (entry.depth === best.depth && entry.order > best.order))
      best = entry;
  }
  if (best !== undefined) document.title = best.text;
}

/**
 * The document title of a page titled `title`: the title with the brand as suffix (spec: the
 * page title's suffix is the brand name), the brand alone for a page without a title. The
 * browser's titles and the server's first view (`server-render.tsx`) are made by this one rule.
 */
export function documentTitle(
  t: (key: 'pageTitle', options: { readonly title: string; readonly brand: string }) => string,
  title: string | undefined,
  brand: string,
): string {
  return title === undefined || title === '' ? brand : t('pageTitle', { title, brand });
}

export function usePageTitle(title: string | undefined): void {
  const { t } = useTranslation('common');
  const { config } = useServices();
  const depth = useContext(Depth);
  useEffect(() => {
    const key = Symbol('title');
    counter += 1;
    shown.set(key, {
      depth,
      order: counter,
      text: documentTitle(t, title, config.brandName),
    });
    apply();
    return () => {
      shown.delete(key);
      apply();
    };
  }, [title, t, config.brandName, depth]);
}

/** Titles set inside this scope win over the one set beside it (the route's). */
export function PageTitleScope({ children }: { readonly children: ReactNode }) {
  const depth = useContext(Depth);
  return <Depth.Provider value={depth + 1}>{children}</Depth.Provider>;
}
