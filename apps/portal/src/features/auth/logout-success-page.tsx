import { useTranslation } from 'react-i18next';
import { CheckCircleIcon } from '@heroicons/react/24/outline';
import { buttonClasses } from '@portal/ui';
import { links } from '../../routes.ts';

/** /auth/logout-success: the provider sends the user here after the end session. */
export default function LogoutSuccessPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  return (
    <section className="flex flex-col items-center gap-4 rounded-xl border border-line bg-surface p-8 text-center shadow-sm">
      <CheckCircleIcon aria-hidden="true" className="size-12 text-success" />
      <h1 className="text-2xl font-semibold text-fg">{t('logoutSuccess.heading')}</h1>
      <p className="text-base text-fg-muted">{t('logoutSuccess.text')}</p>
      <a href={links.login()} className={buttonClasses('primary')}>
        {tc('actions.signInAgain')}
      </a>
    </section>
  );
}
