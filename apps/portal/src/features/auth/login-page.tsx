import { useTranslation } from 'react-i18next';
import { Redirect, useSearch } from 'wouter';
import { safeReturnPath } from '@portal/core';
import { buttonClasses } from '@portal/ui';
import { useServices } from '../../app/contexts.tsx';
import { useSession } from '../../app/session.ts';
import { links } from '../../routes.ts';

/** The login page: what the portal is, and the way to the provider's sign-in. */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { config } = useServices();
  const session = useSession();
  const returnPath = safeReturnPath(new URLSearchParams(useSearch()).get('returnPath') ?? undefined);
  if (session.isSignedIn) return <Redirect to={returnPath} replace />;
  return (
    <section className="flex flex-col items-center gap-4 rounded-xl border border-line bg-surface p-8 text-center shadow-sm">
      <h1 className="text-2xl font-semibold text-fg">{t('login.heading', { brand: config.brandName })}</h1>
      <p className="text-base text-fg-muted">{t('login.text')}</p>
      {/* A full page load: the sign-in leaves for the provider anyway. */}
      <a href={links.authLogin({ returnPath })} className={buttonClasses('primary')}>
        {t('login.button')}
      </a>
    </section>
  );
}
