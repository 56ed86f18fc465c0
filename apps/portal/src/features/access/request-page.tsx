// /catalogue/{application}/request (#19): a request with substance — the shared access request
// form (core's request form machine: account access, role, justification, end date, answers;
// `features/shared/access-request-form.tsx`, which the app gate uses too) under the page's
// header; a sent request says so and links to my requests.
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { CheckCircleIcon } from '@heroicons/react/20/solid';
import { localToday } from '@portal/adapters';
import { UiLink, buttonClasses } from '@portal/ui';
import { ErrorViewFor } from '../../app/error-view.tsx';
import { links } from '../../routes.ts';
import { AccessRequestFields, useAccessRequestForm } from '../shared/access-request-form.tsx';
import { labelOf } from './catalogue-labels.ts';

export default function RequestPage() {
  const { application = '' } = useParams<{ application: string }>();
  return <RequestForm key={application} application={application} today={localToday()} />;
}

export function RequestForm({ application, today }: { readonly application: string; readonly today: string }) {
  const { t } = useTranslation('flows', { keyPrefix: 'access' });
  const { view, send } = useAccessRequestForm(application, today);
  const label = labelOf(application);
  const title = label === undefined ? t('form.title') : t('form.titleFor', { label });
  const header = (
    <header className="flex flex-col gap-1">
      <UiLink href={links.catalogue()} className="text-sm text-accent underline-offset-2 hover:underline">
        {t('form.back')}
      </UiLink>
      <h1 className="text-2xl font-semibold text-fg">{title}</h1>
    </header>
  );

  if (view.status === 'loadFailed' && view.error?.kind === 'page') return <ErrorViewFor error={view.error} />;
  if (view.status === 'submitted') {
    return (
      <div className="flex max-w-2xl flex-col gap-4">
        {header}
        <div role="status" className="flex items-start gap-3 rounded-xl border border-line bg-surface p-4">
          <CheckCircleIcon aria-hidden="true" className="size-6 shrink-0 text-success" />
          <div className="flex flex-col gap-1 text-sm">
            <p className="font-semibold text-fg">{t('form.sent')}</p>
            <p className="text-fg-muted">{t('form.sentText')}</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <UiLink href={links.requests()} className={buttonClasses('primary')}>
            {t('form.toMyRequests')}
          </UiLink>
          <UiLink href={links.catalogue()} className={buttonClasses('secondary')}>
            {t('form.back')}
          </UiLink>
        </div>
      </div>
    );
  }
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      {header}
      <AccessRequestFields view={view} send={send} today={today} title={title} intro={t('form.intro')} />
    </div>
  );
}
