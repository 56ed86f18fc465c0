import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDownTrayIcon } from '@heroicons/react/24/outline';
import { toPortalError } from '@portal/core';
import { Button } from '@portal/ui';
import { useServices, useToasts } from '../../app/contexts.tsx';

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
    <div className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-5">
      <h3 className="flex items-center gap-2 text-base font-semibold text-fg">
        <ArrowDownTrayIcon aria-hidden="true" className="size-5 text-fg-muted" />
        {t('security.myData.heading')}
      </h3>
      <p className="text-sm text-fg-muted">{t('security.myData.text')}</p>
      <div>
        <Button variant="secondary" busy={busy} onClick={() => void download()}>
          {t('security.myData.button')}
        </Button>
      </div>
    </div>
  );
}
