import { useTranslation } from 'react-i18next';
import { ChevronRightIcon } from '@heroicons/react/20/solid';
import { Section, Skeleton, UiLink } from '@portal/ui';
import { useServices } from '../../app/contexts.tsx';
import { useServerData } from '../../app/server-data.ts';
import { ErrorViewFor } from '../../app/error-view.tsx';
import { links } from '../../routes.ts';

/** The user's applications (with attributes they see), each leading to its editor. */
export function ApplicationsTab() {
  const { t } = useTranslation('settings');
  const { api } = useServices();
  const apps = useServerData(['my', 'applicationsWithValues'], () => api.listMyApplications({ onlyWithValues: true }));
  if (apps.status === 'failed') return <ErrorViewFor error={apps.error} />;
  return (
    <Section
      title={t('applications.heading')}
      size="xl"
      description={t('applications.text')}
      className="flex max-w-3xl flex-col gap-4"
    >
      {apps.status === 'loading' ? (
        apps.showSkeleton ? (
          <Skeleton shape="block" className="h-32 w-full" />
        ) : null
      ) : apps.data.length === 0 ? (
        <p className="rounded-xl bg-surface-muted px-4 py-8 text-center text-sm text-fg-muted">
          {t('applications.empty')}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-surface">
          {apps.data.map((app) => (
            <li key={app.id}>
              <UiLink
                href={links.settingsApplication({ id: app.id })}
                className="flex items-center justify-between gap-4 px-4 py-3 hover:bg-surface-muted"
              >
                <span className="flex min-w-0 flex-col">
                  <span className="truncate text-sm font-medium text-fg">
                    {app.label}
                    <span className="sr-only">{` – ${t('applications.editShort')}`}</span>
                  </span>
                  {app.description !== undefined && app.description !== '' && (
                    <span className="truncate text-sm text-fg-muted">{app.description}</span>
                  )}
                </span>
                <span className="flex shrink-0 items-center gap-2">
                  {app.accessStatus === 'requested' && (
                    <span className="rounded-md bg-warning-soft px-2 py-0.5 text-xs font-medium text-on-warning-soft">
                      {t('applications.requested')}
                    </span>
                  )}
                  <ChevronRightIcon aria-hidden="true" className="size-5 text-fg-muted rtl:rotate-180" />
                </span>
              </UiLink>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
