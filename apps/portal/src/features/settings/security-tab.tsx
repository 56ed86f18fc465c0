import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { CheckCircleIcon, EnvelopeIcon, KeyIcon, InformationCircleIcon } from '@heroicons/react/24/outline';
import { canChangeEmail, canChangePassword } from '@portal/core';
import { Button, buttonClasses, Section } from '@portal/ui';
import { useServices } from '../../app/contexts.tsx';
import { useSession } from '../../app/session.ts';
import { useServerData } from '../../app/server-data.ts';
import { links } from '../../routes.ts';
import { MyDataCard } from './my-data-card.tsx';
import { SecurityCard } from './security-card.tsx';
import { SessionsCard } from './sessions-card.tsx';

/** What the portal server says changed on the way back from the provider (`?changed=`, #30.11). */
function changedOf(search: string): 'email' | 'password' | undefined {
  const changed = new URLSearchParams(search).get('changed');
  return changed === 'email' || changed === 'password' ? changed : undefined;
}

/**
 * E-mail and password change at the provider (its policies, or a standard provider's account
 * pages; unavailable for internal accounts, and not shown at all when the provider offers
 * none); the signed-in devices; the user's data as a file.
 */
export function SecurityTab() {
  const { t } = useTranslation('settings');
  const services = useServices();
  const session = useSession();
  const profile = useServerData(['my', 'profile'], () => services.api.getProfile());
  // Back from a change: said here until the user leaves the page; the address loses `changed` (a reload says nothing).
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [changed] = useState(() => changedOf(search));
  useEffect(() => {
    if (changedOf(search) !== undefined) navigate(location, { replace: true });
  }, [search, location, navigate]);
  const emailAllowed = canChangeEmail(session.user) && (profile.data?.canChangeEmail ?? true);
  const passwordAllowed = canChangePassword(session.user) && (profile.data?.canChangePassword ?? true);
  const email = profile.data?.email ?? session.user?.email ?? '';
  const offered = services.config.idp.changes;
  const changes = (
    [
      { which: 'email', icon: EnvelopeIcon, allowed: emailAllowed, text: t('security.email.text', { email }) },
      { which: 'password', icon: KeyIcon, allowed: passwordAllowed, text: t('security.password.text') },
    ] as const
  ).filter((change) => offered[change.which]);
  return (
    <Section title={t('security.heading')} size="xl" className="flex max-w-3xl flex-col gap-6">
      {changed !== undefined && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border border-success bg-success-soft p-4 text-sm text-on-success-soft"
        >
          <CheckCircleIcon aria-hidden="true" className="size-5 shrink-0" />
          <span>{t(`security.${changed}.changed`)}</span>
        </p>
      )}
      {changes.some((change) => !change.allowed) && (
        <p
          role="note"
          className="flex items-start gap-2 rounded-lg border border-info bg-info-soft p-4 text-sm text-on-info-soft"
        >
          <InformationCircleIcon aria-hidden="true" className="size-5 shrink-0" />
          <span>{t('security.internal')}</span>
        </p>
      )}
      {changes.map(({ which, icon, allowed, text }) => (
        <SecurityCard key={which} icon={icon} heading={t(`security.${which}.heading`)} text={text}>
          <div>
            {allowed ? (
              // A link to the portal server's start (#28.12): it works before and without the
              // page's script; the server keeps the round trip and comes back here.
              <a
                href={links.authChange({ policy: which, returnPath: links.settings('security') })}
                className={buttonClasses('secondary')}
              >
                {t(`security.${which}.button`)}
              </a>
            ) : (
              <Button variant="secondary" disabled>
                {t(`security.${which}.button`)}
              </Button>
            )}
          </div>
        </SecurityCard>
      ))}
      <SessionsCard />
      <MyDataCard />
    </Section>
  );
}
