// /admin/{application}: the start of one application's administration.
import { useParams } from 'wouter';
import { InboxArrowDownIcon, UsersIcon } from '@heroicons/react/24/outline';
import { UiLink } from '@portal/ui';
import { useNavigationBar } from '../../../app/contexts.tsx';
import { usePageTitle } from '../../../app/page-title.tsx';
import { useAdmin } from '../admin-context.tsx';
import { adminLinks } from '../lib/links.ts';
import { useAdminT } from '../lib/i18n.ts';

const cardClasses =
  'flex h-full items-start gap-3 rounded-xl border border-line bg-surface p-4 text-fg shadow-sm hover:border-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus';

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
      <li>
        <UiLink href={adminLinks.applicationUsers(application)} className={cardClasses}>
          <UsersIcon aria-hidden="true" className="size-6 shrink-0 text-accent" />
          <span>
            <span className="block font-medium">{t('appUsers.title')}</span>
            <span className="block text-sm text-fg-muted">{t('appStart.usersText')}</span>
          </span>
        </UiLink>
      </li>
      {app?.permissions.manageAccessRequests === true && (
        <li>
          <UiLink href={adminLinks.accessRequests(application)} className={cardClasses}>
            <InboxArrowDownIcon aria-hidden="true" className="size-6 shrink-0 text-accent" />
            <span>
              <span className="block font-medium">{t('accessRequests.title')}</span>
              <span className="block text-sm text-fg-muted">
                {t('appStart.accessRequestsText', { count: app.accessRequestsAmount })}
              </span>
            </span>
          </UiLink>
        </li>
      )}
      {canWrite('applications') && (
        <li>
          <UiLink href={adminLinks.detail('applications', application)} className={cardClasses}>
            <span className="block">
              <span className="block font-medium">{t('appStart.settings')}</span>
              <span className="block text-sm text-fg-muted">{t('appStart.settingsText')}</span>
            </span>
          </UiLink>
        </li>
      )}
    </ul>
  );
}
