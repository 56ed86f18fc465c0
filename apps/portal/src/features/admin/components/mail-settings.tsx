// Whether the API sends mail (#29), where the console edits what mails depend on: without an SMTP
// host no mail is queued or sent, so an application's notification e-mail and internal copy do
// nothing until one is configured; the internal copy goes to one configured address.
import { ExclamationTriangleIcon } from '@heroicons/react/20/solid';
import type { MailSettings } from '@portal/adapters/admin';
import { useServerData } from '../../../app/server-data.ts';
import { useAdmin } from '../admin-context.tsx';
import { useAdminT } from '../lib/i18n.ts';

/** The API's mail settings, asked once and kept in the query cache; undefined while loading or after a failure. */
export function useMailSettings(): MailSettings | undefined {
  const { api } = useAdmin();
  return useServerData(['admin', 'mailSettings'], () => api.getMailSettings(), 'shared').data;
}

/** "No e-mails are sent" while the API has no SMTP host; nothing otherwise. */
export function MailOffNotice({ settings }: { readonly settings: MailSettings | undefined }) {
  const t = useAdminT();
  if (settings?.sending !== false) return null;
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl border border-warning bg-warning-soft p-4 text-sm text-on-warning-soft"
    >
      <ExclamationTriangleIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="flex flex-col gap-1">
        <p className="font-semibold">{t('mails.settings.offTitle')}</p>
        <p>{t('mails.settings.offText')}</p>
      </div>
    </div>
  );
}

/** Where the internal copy of access requests goes (beside its switch), when mail is sent. */
export function InternalCopyHint({ settings }: { readonly settings: MailSettings | undefined }) {
  const t = useAdminT();
  if (settings?.sending !== true) return null;
  return (
    <p className="text-sm text-fg-muted">
      {settings.internalCopyTo === null
        ? t('mails.settings.noCopyAddress')
        : t('mails.settings.copyTo', { address: settings.internalCopyTo })}
    </p>
  );
}
