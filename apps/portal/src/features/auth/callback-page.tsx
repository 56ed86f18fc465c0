// /auth/login is the portal server's (issue #15): it starts the sign-in, and handles the
// provider's return, then sends the user on. The page renders here only for the server's
// sign-in error (its boot data), or after a navigation inside the page, which goes to the
// server at once.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { strippedCallbackUrl } from '@portal/core';
import { useServices } from '../../app/contexts.tsx';
import { ErrorViewFor } from '../../app/error-view.tsx';
import { useMarkReady } from '../../app/ready.ts';
import { Busy } from '../shared/busy.tsx';

export default function CallbackPage() {
  const { t } = useTranslation('common');
  const services = useServices();
  const error = services.bootError;
  useEffect(() => {
    if (error === undefined) services.ports.navigator.redirect(window.location.href);
    // The code and state are used up: a reload must not look like a return from the provider.
    else services.ports.navigator.replace(strippedCallbackUrl(window.location.href));
  }, [services, error]);
  useMarkReady(error !== undefined);
  if (error !== undefined) return <ErrorViewFor error={error} />;
  return <Busy label={t('status.signingIn')} />;
}
