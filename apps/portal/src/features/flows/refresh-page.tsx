// /flows/auth-refresh: the return address of the claims refresh. Core's machine takes the
// record, exchanges the code, stores the new tokens and goes on to the application.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAuthCallback, provideClaimsRefresh, type PortalError } from '@portal/core';
import { useServices } from '../../app/contexts.tsx';
import { ErrorViewFor } from '../../app/error-view.tsx';
import { runToOutput } from '../auth/run-machine.ts';
import { Busy } from '../shared/busy.tsx';

export default function RefreshPage() {
  const { t } = useTranslation('flows');
  const services = useServices();
  const [error, setError] = useState<PortalError | undefined>();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const url = window.location.href;
    if (!isAuthCallback(url)) {
      window.location.replace('/');
      return;
    }
    runToOutput(provideClaimsRefresh(services.ports), { config: services.authConfig, signedIn: true }, { type: 'CALLBACK', url }, services.ports.clock).then(
      (output) => {
        if (output.status === 'refreshed') services.session.send({ type: 'SIGNED_IN', session: output.session, user: output.user });
        else if (output.status === 'cancelled') window.location.replace(output.redirectTo);
        else if (output.status === 'failed') setError(output.error);
      },
      () => setError({ kind: 'unexpected', status: 500 }),
    );
  }, [services]);
  if (error !== undefined) return <ErrorViewFor error={error} />;
  return <Busy label={t('refreshing')} />;
}
