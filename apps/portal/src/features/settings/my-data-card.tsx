import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDownTrayIcon } from '@heroicons/react/24/outline';
import { toPortalError } from '@portal/core';
import { Button } from '@portal/ui';
import { useServices, useToasts } from '../../app/contexts.tsx';
import { SecurityCard } from './security-card.tsx';

/** Everything the portal holds about the user, saved as one JSON file (GDPR Art. 15 and 20). */
export function MyDataCard() {
  const { t } = useTranslation('settings');
  const { api } = useServices();
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { file, fileName } = await api.exportMyData();
      const url = URL.createObjectURL(file);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      toasts.success(t('security.myData.done'));
    } catch (error) {
      toasts.error(toPortalError(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <SecurityCard icon={ArrowDownTrayIcon} heading={t('security.myData.heading')} text={t('security.myData.text')}>
      <div>
        <Button variant="secondary" busy={busy} onClick={() => void download()}>
          {t('security.myData.button')}
        </Button>
      </div>
    </SecurityCard>
  );
}
