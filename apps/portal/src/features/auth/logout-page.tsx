import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/contexts.tsx';
import { useSession } from '../../app/session.ts';
import { links } from '../../routes.ts';
import { Busy } from '../shared/busy.tsx';

/** /auth/logout: clear the session and leave through the provider's end session. */
export default function LogoutPage() {
  const { t } = useTranslation('common');
  const services = useServices();
  const session = useSession();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (session.status === 'signedOut') window.location.replace(links.logoutSuccess());
    else services.session.send({ type: 'SIGN_OUT' });
  }, [services, session.status]);
  return <Busy label={t('status.signingOut')} />;
}
