// The texts of a route's page before the page (#30.9): its namespace loads — a file that fails is
// tried again, then the next language of the chain (German, then English) stands in — and when
// no language has it, the page would show raw keys ("heading", "tabs.personal"), so the route
// says the texts could not be loaded and offers to try again. In the first route: small on
// purpose (what it says is a chunk of its own).
import { lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { missingTexts } from '../i18n/i18n.ts';
import type { Namespace } from '../i18n/languages.ts';

const TextsMissing = lazy(() => import('./texts-missing.tsx'));

/** The page once its texts are there; else what went wrong, with a retry. */
export function RouteTexts({
  namespaces = [],
  children,
}: {
  readonly namespaces?: readonly Namespace[];
  readonly children: ReactNode;
}) {
  // Suspends until the namespaces have loaded or failed (typed as common's: nothing is read here).
  const { i18n } = useTranslation(namespaces as unknown as ['common']);
  const missing = missingTexts(i18n, namespaces);
  return missing.length === 0 ? children : <TextsMissing namespaces={missing} />;
}
