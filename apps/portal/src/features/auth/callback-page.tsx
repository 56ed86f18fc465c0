// /auth/login: without `state` and `code` it starts the sign-in (core's sign-in machine
// redirects to the provider); with them it is the callback: take the record, exchange
// the code, store the tokens, and go back to where the user was.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { isAuthCallback, provideSignIn, safeReturnPath, type PortalError } from '@portal/core';
import { useServices } from '../../app/contexts.tsx';
import { useSession } from '../../app/session.ts';
import { ErrorViewFor } from '../../app/error-view.tsx';
import { useMarkReady } from '../../app/ready.ts';
import { preloadRoute } from '../../app/route-data.ts';
import { runToOutput } from './run-machine.ts';
import { policyHintFor, withSignInPolicy } from './policy-change.ts';
import { links } from '../../routes.ts';
import { Busy } from '../shared/busy.tsx';

export default function CallbackPage() {
  const { t } = useTranslation('common');
  const services = useServices();
  const session = useSession();
  const [, navigate] = useLocation();
  const [error, setError] = useState<PortalError | undefined>();
  const started = useRef(false);
  const sessionReady = session.status !== 'loading';
  useEffect(() => {
    if (started.current || !sessionReady) return;
    started.current = true;
    const url = window.location.href;
    const callback = isAuthCallback(url);
    const returnPath = safeReturnPath(new URLSearchParams(window.location.search).get('returnPath') ?? undefined);
    if (!callback && session.isSignedIn && new URLSearchParams(window.location.search).get('reauth') !== '1') {
      // Nothing to do: already signed in.
      navigate(returnPath, { replace: true });
      return;
    }
    // Most sign-ins return to the launcher: its chunk loads while the code is exchanged.
    if (callback) preloadRoute(links.home(), services.api, undefined);
    const hint = callback ? policyHintFor(new URLSearchParams(window.location.search).get('state')) : undefined;
    const config = hint === undefined ? services.authConfig : withSignInPolicy(services.authConfig, hint.policy);
    const machine = provideSignIn(services.ports);
    runToOutput(machine, { config, signedIn: session.isSignedIn }, callback ? { type: 'CALLBACK', url } : { type: 'START', returnPath }, services.ports.clock).then(
      (output) => {
        switch (output.status) {
          case 'signedIn':
            if (hint !== undefined) {
              // After an e-mail or password change: sign in again against the sign-in policy.
              window.location.replace(links.authLogin({ returnPath: output.returnPath, reauth: true }));
              return;
            }
            services.session.send({ type: 'SIGNED_IN', session: output.session, user: output.user });
            // The return route's data in parallel with its code (the launcher's list).
            preloadRoute(output.returnPath, services.api, output.user.id);
            navigate(output.returnPath, { replace: true });
            return;
          case 'cancelled':
            // A cancel on the callback page itself goes back to where the user started.
            window.location.replace(output.redirectTo === links.authLogin() ? hint?.returnPath ?? links.home() : output.redirectTo);
            return;
          case 'redirected':
            return;
          case 'failed':
            setError(output.error);
        }
      },
      () => setError({ kind: 'unexpected', status: 500 }),
    );
  }, [services, session.isSignedIn, sessionReady, navigate]);
  // Not ready while signing in: the page the user returns to is the first view (it marks ready).
  useMarkReady(error !== undefined);
  if (error !== undefined) return <ErrorViewFor error={error} />;
  return <Busy label={t('status.signingIn')} />;
}
