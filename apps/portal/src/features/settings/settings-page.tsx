// Settings: tabs personal, security and applications; /settings/applications/{id} edits
// the user's own attributes for one application.
import { useTranslation } from 'react-i18next';
import { useRoute } from 'wouter';
import { UiLink } from '@portal/ui';
import { useNavigationBar } from '../../app/contexts.tsx';
import { ErrorView } from '../../app/error-view.tsx';
import { links, type SettingsTab } from '../../routes.ts';
import { PersonalTab } from './personal-tab.tsx';
import { SecurityTab } from './security-tab.tsx';
import { ApplicationsTab } from './applications-tab.tsx';
import { ApplicationAttributes } from './application-attributes.tsx';

const tabs: readonly SettingsTab[] = ['personal', 'security', 'applications'];

function isTab(value: string | undefined): value is SettingsTab {
  return tabs.some((tab) => tab === value);
}

export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const [, tabParams] = useRoute<{ tab: string }>('/settings/:tab');
  const [isApplication, appParams] = useRoute<{ id: string }>('/settings/applications/:id');
  const requested = isApplication ? 'applications' : (tabParams?.tab ?? 'personal');
  useNavigationBar({ title: t('heading') });
  if (!isTab(requested)) return <ErrorView error={{ kind: 'page', status: 404 }} />;
  const current: SettingsTab = requested;
  return (
    <div className="flex flex-col gap-6">
      {/* A tab keeps the focus when it shows its page (no move to the heading, #30.11). */}
      <nav aria-label={t('tabs.label')} data-keeps-focus className="border-b border-line">
        <ul className="-mb-px flex gap-2 overflow-x-auto">
          {tabs.map((tab) => (
            <li key={tab}>
              <UiLink
                href={links.settings(tab)}
                aria-current={tab === current ? 'page' : undefined}
                className={`inline-block border-b-2 px-3 py-2 text-sm font-medium ${tab === current ? 'border-accent text-fg' : 'border-transparent text-fg-muted hover:text-fg'}`}
              >
                {t(`tabs.${tab}`)}
              </UiLink>
            </li>
          ))}
        </ul>
      </nav>
      {current === 'personal' && <PersonalTab />}
      {current === 'security' && <SecurityTab />}
      {current === 'applications' &&
        (appParams === null || appParams.id === undefined ? (
          <ApplicationsTab />
        ) : (
          <ApplicationAttributes id={decodeURIComponent(appParams.id)} />
        ))}
    </div>
  );
}
