import { useTranslation } from 'react-i18next';
import { errorPage, type PortalError } from '@portal/core';
import { ErrorPage } from '@portal/ui';
import { useSession } from './session.ts';
import { usePageTitle } from './page-title.tsx';
import { links } from '../routes.ts';

/** The error page of a page error: 'Fehler {code}', title, description, message if given. */
export function ErrorView({ error }: { readonly error: Exclude<PortalError, { kind: 'cancelled' }> }) {
  const { t } = useTranslation('common');
  const session = useSession();
  const model = errorPage(error);
  usePageTitle(t('titles.error'));
  return (
    <ErrorPage
      code={model.status}
      title={t(model.titleKey)}
      description={t(model.descriptionKey as 'errors.page.500.description')}
      {...(model.message === undefined ? {} : { message: model.message })}
      {...(model.details === undefined ? {} : { details: model.details })}
      signedIn={session.isSignedIn}
      homeHref={links.home()}
    />
  );
}

export function ErrorViewFor({ error }: { readonly error: PortalError }) {
  return <ErrorView error={error.kind === 'cancelled' ? { kind: 'unexpected', status: 500 } : error} />;
}
