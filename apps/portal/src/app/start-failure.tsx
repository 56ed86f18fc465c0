// The portal could not start (its runtime configuration did not load, or is broken): the 500
// error page in the user's language with a way to try again, instead of a blank page. Loaded
// only then (nothing of it in the first route).
import type { i18n as I18n } from 'i18next';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Button, ErrorPage } from '@portal/ui';
import { UiBridge } from './app.tsx';

function StartFailureView({ onRetry }: { readonly onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <main className="flex min-h-dvh flex-col items-center bg-canvas pb-16">
      <ErrorPage
        code={500}
        title={t('errors.page.500.title')}
        description={t('errors.page.500.description')}
        signedIn={false}
      />
      <Button onClick={onRetry}>{t('actions.retry')}</Button>
    </main>
  );
}

export function StartFailure({ i18n, onRetry }: { readonly i18n: I18n; readonly onRetry: () => void }) {
  return (
    <I18nextProvider i18n={i18n}>
      <UiBridge>
        <StartFailureView onRetry={onRetry} />
      </UiBridge>
    </I18nextProvider>
  );
}

/** Logs why, then shows the failure in `root` (once the messages are there). */
export async function showStartFailure(root: HTMLElement, i18n: Promise<I18n>, error: unknown): Promise<undefined> {
  console.error('[portal] the runtime configuration did not load', error);
  createRoot(root).render(<StartFailure i18n={await i18n} onRetry={() => window.location.reload()} />);
  return undefined;
}
