// /admin: the overview: the applications the user administers (with open requests) and
// the global items the user may see (spec §2).
import { visibleAdminNavItems } from '@portal/core';
import { useTranslation } from 'react-i18next';
import { Section } from '@portal/ui';
import { useNavigationBar } from '../../../app/contexts.tsx';
import { usePageTitle } from '../../../app/page-title.tsx';
import { useSession } from '../../../app/session.ts';
import { useAdmin } from '../admin-context.tsx';
import { LinkCard } from '../components/link-card.tsx';
import { adminLinks } from '../lib/links.ts';
import { useAdminT } from '../lib/i18n.ts';

export default function OverviewPage() {
  const t = useAdminT();
  const { t: tu } = useTranslation('ui');
  const session = useSession();
  const { administrable } = useAdmin();
  const items = visibleAdminNavItems(session.user);
  useNavigationBar({ title: t('overview.title'), subTitle: t('overview.subTitle') });
  usePageTitle(t('overview.title'));
  return (
    <div className="flex flex-col gap-8">
      <Section title={t('overview.applications')} className="flex flex-col gap-3">
        {administrable.status === 'failed' && (
          <p role="alert" className="text-sm text-danger">
            {t('list.error')}
          </p>
        )}
        {administrable.status === 'ready' && administrable.items.length === 0 && (
          <p className="text-sm text-fg-muted">{t('overview.noApplications')}</p>
        )}
        {administrable.items.length > 0 && (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {administrable.items.map((app) => (
              <LinkCard
                key={app.id}
                href={adminLinks.application(app.id)}
                title={app.label}
                text={
                  app.permissions.manageAccessRequests
                    ? t('overview.openRequests', { count: app.accessRequestsAmount })
                    : undefined
                }
              />
            ))}
          </ul>
        )}
      </Section>
      {items.length > 0 && (
        <Section as="nav" title={t('overview.global')} className="flex flex-col gap-3">
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((item) => (
              <LinkCard
                key={item.key}
                href={item.path}
                title={tu(`nav.${item.key}`)}
                text={t(`overview.descriptions.${item.key}`)}
              />
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
}
