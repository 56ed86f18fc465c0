// /admin/{application}: the start of one application's administration.
import { useParams } from 'wouter';
import { InboxArrowDownIcon, UsersIcon } from '@heroicons/react/24/outline';
import { useNavigationBar } from '../../../app/contexts.tsx';
import { usePageTitle } from '../../../app/page-title.tsx';
import { useAdmin } from '../admin-context.tsx';
import { LinkCard } from '../components/link-card.tsx';
import { adminLinks } from '../lib/links.ts';
import { useAdminT } from '../lib/i18n.ts';

export default function AppStartPage() {
  const t = useAdminT();
  const { application = '' } = useParams<{ application: string }>();
  const { administrable, canWrite } = useAdmin();
  const app = administrable.items.find((item) => item.id === application);
  const label = app?.label ?? application;
  useNavigationBar({ title: label, subTitle: t('appStart.subTitle'), backLink: adminLinks.overview() });
  usePageTitle(label);
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <LinkCard
        href={adminLinks.applicationUsers(application)}
        icon={UsersIcon}
        title={t('appUsers.title')}
        text={t('appStart.usersText')}
      />
      {app?.permissions.manageAccessRequests === true && (
        <LinkCard
          href={adminLinks.accessRequests(application)}
          icon={InboxArrowDownIcon}
          title={t('accessRequests.title')}
          text={t('appStart.accessRequestsText', { count: app.accessRequestsAmount })}
        />
      )}
      {canWrite('applications') && (
        <LinkCard
          href={adminLinks.detail('applications', application)}
          title={t('appStart.settings')}
          text={t('appStart.settingsText')}
        />
      )}
    </ul>
  );
}
