import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ComputerDesktopIcon } from '@heroicons/react/24/outline';
import { toPortalError, type MySession } from '@portal/core';
import { Button, SessionList, Skeleton } from '@portal/ui';
import { useServices, useToasts } from '../../app/contexts.tsx';
import { useServerData } from '../../app/server-data.ts';
import { SecurityCard } from './security-card.tsx';

/** Where the user is signed in (the portal server's sessions): sign out one, or all the others. */
export function SessionsCard() {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const { mySessions } = useServices();
  const toasts = useToasts();
  const sessions = useServerData(['my', 'sessions'], () => mySessions.list());
  const [busy, setBusy] = useState<string | undefined>();
  const run = async (which: string, work: () => Promise<string>) => {
    setBusy(which);
    try {
      toasts.success(await work());
    } catch (error) {
      toasts.error(toPortalError(error));
    } finally {
      setBusy(undefined);
      sessions.reload();
    }
  };
  const end = (session: MySession) =>
    run(session.id, async () => {
      await mySessions.end(session.id);
      return t('security.sessions.ended');
    });
  const endOthers = () =>
    run('others', async () => t('security.sessions.endedOthers', { count: await mySessions.endOthers() }));
  return (
    <SecurityCard
      icon={ComputerDesktopIcon}
      heading={t('security.sessions.heading')}
      headingId="sessions-heading"
      text={t('security.sessions.text')}
    >
      {sessions.data !== undefined ? (
        <SessionList
          sessions={sessions.data}
          locale={i18n.resolvedLanguage ?? i18n.language}
          onEnd={(s) => void end(s)}
          onEndOthers={() => void endOthers()}
          busy={busy}
        />
      ) : sessions.status === 'failed' ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-fg">
          <span>{t('security.sessions.loadFailed')}</span>
          <Button variant="secondary" size="sm" onClick={sessions.reload}>
            {t('common:actions.retry')}
          </Button>
        </div>
      ) : (
        sessions.showSkeleton && <Skeleton className="h-20 w-full" />
      )}
    </SecurityCard>
  );
}
