// /flows/auth-refresh: the return address of the claims refresh. The portal server takes the
// record, exchanges the code, keeps the new tokens and sends the user on to the application
// (issue #15). The page renders here only for the server's error (its boot data); otherwise
// there is nothing to do here: home.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { strippedCallbackUrl } from '@portal/core';
import { useServices } from '../../app/contexts.tsx';
import { ErrorViewFor } from '../../app/error-view.tsx';
import { Busy } from '../shared/busy.tsx';

export default function RefreshPage() {
  const { t } = useTranslation('flows');
  const services = useServices();
  const error = services.bootError;
  useEffect(() => {
    if (error === undefined) services.ports.navigator.redirect('/');
    else services.ports.navigator.replace(strippedCallbackUrl(window.location.href));
  }, [services, error]);
  if (error !== undefined) return <ErrorViewFor error={error} />;
  return <Busy label={t('refreshing')} />;
}
