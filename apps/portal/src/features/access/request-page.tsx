// /catalogue/{application}/request (#19): a request with substance — the shared access request
// form (core's request form machine: account access, role, justification, end date, answers;
// `features/shared/access-request-form.tsx`, which the app gate uses too) under the page's
// header; a sent request says so and links to my requests. `?from={request}` (request again,
// #30.11): the form starts with that earlier request's choices, as far as they are still offered.
import { useTranslation } from 'react-i18next';
import { useParams, useSearch } from 'wouter';
import { CheckCircleIcon } from '@heroicons/react/20/solid';
import { localToday, type MyAccessRequestItem } from '@portal/adapters';
import type { AccessRequestChoice } from '@portal/core';
import { Skeleton, UiLink, buttonClasses } from '@portal/ui';
import { useServerData } from '../../app/server-data.ts';
import { useMyAccessApi } from '../shared/my-access.ts';
import { ErrorViewFor } from '../../app/error-view.tsx';
import { links } from '../../routes.ts';
import { AccessRequestFields, useAccessRequestForm } from '../shared/access-request-form.tsx';
import { labelOf } from './catalogue-labels.ts';

export default function RequestPage() {
  const { application = '' } = useParams<{ application: string }>();
  const from = new URLSearchParams(useSearch()).get('from') ?? undefined;
  const earlier = useEarlierChoice(application, from);
  // Until the earlier request is read, nothing to type into (the form starts with its choices).
  if (earlier.status === 'loading') return <Skeleton className="h-64 max-w-2xl" />;
  return (
    <RequestForm
      key={`${application}|${from ?? ''}`}
      application={application}
      today={localToday()}
      {...(earlier.choice === undefined ? {} : { choice: earlier.choice })}
    />
  );
}

/** What the user chose in an earlier request for the application (request again, #30.11): the account access, role, justification and answers; a new last day is theirs to pick. */
export function choiceOfRequest(request: MyAccessRequestItem): AccessRequestChoice {
  return {
    ...(request.requestedAccountAccess === undefined ? {} : { accountAccessId: request.requestedAccountAccess.id }),
    ...(request.requestedRole === undefined ? {} : { roleId: request.requestedRole.id }),
    ...(request.justification === undefined ? {} : { justification: request.justification }),
    ...(request.answers.length === 0
      ? {}
      : { answers: Object.fromEntries(request.answers.map((answer) => [answer.key, answer.value])) }),
  };
}

/** The earlier request `from` names, read once; one of another application, or one that cannot be read, starts the form empty. */
function useEarlierChoice(
  application: string,
  from: string | undefined,
): { readonly status: 'loading' | 'done'; readonly choice?: AccessRequestChoice } {
  const api = useMyAccessApi();
  const earlier = useServerData(['my', 'access-request', from ?? ''], () =>
    from === undefined ? Promise.resolve(undefined) : api.getMyAccessRequest(from),
  );
  if (from === undefined || earlier.status === 'failed') return { status: 'done' };
  // (A kept answer of another request is not this one.)
  if (earlier.data === undefined || earlier.data.id !== from) return { status: 'loading' };
  return earlier.data.application.id === application
    ? { status: 'done', choice: choiceOfRequest(earlier.data) }
    : { status: 'done' };
}

export function RequestForm({
  application,
  today,
  choice,
}: {
  readonly application: string;
  readonly today: string;
  readonly choice?: AccessRequestChoice;
}) {
  const { t } = useTranslation('flows', { keyPrefix: 'access' });
  const { view, send } = useAccessRequestForm(application, today, choice);
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
