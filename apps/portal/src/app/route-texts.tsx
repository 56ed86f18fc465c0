// The texts of a route's page before the page (#30.9): its namespaces load — a file that fails is
// tried again, then the next language of the chain (German, then English) stands in — and when
// no language has them, the page would show raw keys ("heading", "tabs.personal"), so this says
// the texts could not be loaded and offers to try again. In the first route: small on purpose.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorPage } from '@portal/ui';
import { missingTexts, reloadTexts } from '../i18n/i18n.ts';
import type { Namespace } from '../i18n/languages.ts';

/** The page once its texts are there; else what went wrong, with a retry. */
export function RouteTexts({
  namespaces,
  children,
}: {
  readonly namespaces: readonly Namespace[];
  readonly children: ReactNode;
}) {
  // Suspends until every namespace has loaded or failed; the texts here are common's (typed by the first).
  const { t, i18n } = useTranslation(['common', ...namespaces] as ['common']);
  const missing = missingTexts(i18n, namespaces);
  if (missing.length === 0) return children;
  return (
    <div className="flex flex-col items-center pb-16">
      <ErrorPage
        code={500}
        title={t('errors.texts.title')}
        description={t('errors.texts.description')}
        signedIn={false}
      />
      <Button onClick={() => void reloadTexts(i18n, missing)}>{t('actions.retry')}</Button>
    </div>
  );
}
