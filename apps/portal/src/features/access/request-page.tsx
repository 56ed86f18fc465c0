// /catalogue/{application}/request (#19): a request with substance, driven by core's request
// form machine — the account access (and role) the application offers, a justification
// (required when it says so, length limited), an optional last day (when it grants time-bound
// access, at most its maximum ahead), the answers to its questions. Core's rules say what is
// wrong beside each field before anything is sent; a refused or failed send keeps everything typed.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { useMachine } from '@xstate/react';
import { CheckCircleIcon } from '@heroicons/react/20/solid';
import {
  accessRequestFormView,
  endOfMonth,
  fetchDelayMs,
  provideAccessRequestForm,
  toastError,
  type AccessRequestFormField,
  type Choice,
  type ValidationIssue,
} from '@portal/core';
import { localToday } from '@portal/adapters';
import { Button, Select, Skeleton, TextArea, TextField, UiLink, buttonClasses } from '@portal/ui';
import { useServices } from '../../app/contexts.tsx';
import { ErrorViewFor } from '../../app/error-view.tsx';
import { links } from '../../routes.ts';
import { forgetMyApps } from '../shared/my-apps.ts';
import { useIssueText } from '../shared/attribute-fields.tsx';
import { labelOf } from './catalogue-labels.ts';
import { useDayFormat } from '../shared/day-format.ts';

const optionsOf = (choices: readonly Choice[]) =>
  choices.map((c) => ({ value: c.id, label: c.label === '' ? c.key : c.label }));

export default function RequestPage() {
  const { application = '' } = useParams<{ application: string }>();
  return <RequestForm key={application} application={application} today={localToday()} />;
}

export function RequestForm({ application, today }: { readonly application: string; readonly today: string }) {
  const { t } = useTranslation('flows', { keyPrefix: 'access' });
  const { t: tc } = useTranslation('common');
  const { api } = useServices();
  const dates = useDayFormat();
  const issueText = useIssueText();
  const machine = useMemo(() => provideAccessRequestForm({ api }), [api]);
  const [snapshot, send] = useMachine(machine, { input: { applicationId: application, today } });
  const view = accessRequestFormView(snapshot);
  const [search, setSearch] = useState('');
  useEffect(() => {
    if (search.trim() === view.search) return undefined;
    const timer = setTimeout(() => send({ type: 'SEARCH', search }), fetchDelayMs);
    return () => clearTimeout(timer);
  }, [search, view.search, send]);
  useEffect(() => {
    // The launcher's list is read again: it now shows the request as pending.
    if (view.status === 'submitted') forgetMyApps();
  }, [view.status]);
  const label = labelOf(application);
  const title = label === undefined ? t('form.title') : t('form.titleFor', { label });
  // A date the rule names is shown as the user reads dates.
  const issue = (found: ValidationIssue | undefined): string | undefined => {
    if (found?.code === 'validations.dateTooLate' && typeof found.params?.['max'] === 'string') {
      return issueText({ ...found, params: { max: dates.day(found.params['max']) } });
    }
    return issueText(found);
  };
  const set = (field: AccessRequestFormField) => (value: string) => send({ type: 'SET', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: view.status === 'failed' ? 'RETRY' : 'SUBMIT' });
  };
  const header = (
    <header className="flex flex-col gap-1">
      <UiLink href={links.catalogue()} className="text-sm text-accent underline-offset-2 hover:underline">
        {t('form.back')}
      </UiLink>
      <h1 className="text-2xl font-semibold text-fg">{title}</h1>
    </header>
  );

  if (view.status === 'loadFailed') {
    const error = view.error;
    if (error !== undefined && error.kind === 'page') return <ErrorViewFor error={error} />;
    return (
      <div className="flex max-w-2xl flex-col gap-4">
        {header}
        <p role="alert" className="text-sm text-danger">
          {t('form.loadFailed')}
        </p>
        <div>
          <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
            {t('form.retryLoad')}
          </Button>
        </div>
      </div>
    );
  }
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
  if (view.status === 'loading' && snapshot.context.options === undefined) {
    return (
      <div aria-busy="true" className="flex max-w-2xl flex-col gap-4">
        {header}
        <Skeleton className="w-2/3" />
        <Skeleton shape="block" className="h-24 w-full" />
      </div>
    );
  }
  const failure = view.error === undefined ? undefined : toastError(view.error);
  const monthEnd = endOfMonth(today);
  const untilMonthEnd =
    monthEnd !== undefined && monthEnd !== today && (view.latestEndDate === undefined || monthEnd <= view.latestEndDate)
      ? monthEnd
      : undefined;
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      {header}
      <p className="text-sm text-fg-muted">{t('form.intro')}</p>
      <form
        onSubmit={submit}
        noValidate
        aria-label={title}
        aria-busy={view.busy || undefined}
        className="flex flex-col gap-4"
      >
        {view.searchable && (
          <TextField
            type="search"
            label={t('form.searchAccountAccess')}
            value={search}
            maxLength={200}
            onChange={(e) => setSearch(e.target.value)}
          />
        )}
        {view.asksAccountAccess && (
          <Select
            label={t('form.accountAccess')}
            required={view.accountAccessRequired}
            placeholder={t('form.choose')}
            help={t('form.accountAccessHelp')}
            options={optionsOf(view.accountAccesses)}
            value={view.choice.accountAccessId ?? ''}
            disabled={view.status === 'submitting'}
            error={issue(view.issues.accountAccessId)}
            onChange={(e) => set('accountAccessId')(e.target.value)}
          />
        )}
        {view.asksRole && (
          <Select
            label={t('form.role')}
            required={view.roleRequired}
            placeholder={view.roleRequired ? t('form.choose') : t('form.roleOptional')}
            options={optionsOf(view.roles)}
            value={view.choice.roleId ?? ''}
            disabled={view.status === 'submitting'}
            error={issue(view.issues.roleId)}
            onChange={(e) => set('roleId')(e.target.value)}
          />
        )}
        <TextArea
          label={t('form.justification')}
          required={view.justificationRequired}
          maxLength={view.justificationMaxLength}
          help={t('form.justificationHelp', { max: view.justificationMaxLength })}
          value={view.choice.justification ?? ''}
          disabled={view.status === 'submitting'}
          error={issue(view.issues.justification)}
          onChange={(e) => set('justification')(e.target.value)}
        />
        {view.timeBound && (
          <div className="flex flex-wrap items-end gap-3">
            <div className="min-w-56 flex-1">
              <TextField
                type="date"
                label={t('form.endDate')}
                min={view.earliestEndDate}
                {...(view.latestEndDate === undefined ? {} : { max: view.latestEndDate })}
                help={t('form.endDateHelp', {
                  date: view.latestEndDate === undefined ? '—' : dates.day(view.latestEndDate),
                })}
                value={view.choice.endDate ?? ''}
                disabled={view.status === 'submitting'}
                error={issue(view.issues.endDate)}
                onChange={(e) => set('endDate')(e.target.value)}
              />
            </div>
            {untilMonthEnd !== undefined && (
              <Button
                variant="secondary"
                disabled={view.status === 'submitting'}
                onClick={() => set('endDate')(untilMonthEnd)}
              >
                {t('form.endOfMonth')}
              </Button>
            )}
          </div>
        )}
        {view.questions.length > 0 && (
          <fieldset className="flex flex-col gap-4">
            <legend className="mb-2 text-sm font-semibold text-fg">{t('form.questions')}</legend>
            {view.questions.map((question) => (
              <TextField
                key={question.id}
                label={question.label}
                required={question.required}
                maxLength={1000}
                value={view.choice.answers?.[question.id] ?? ''}
                disabled={view.status === 'submitting'}
                error={issue(view.issues[`answers.${question.id}`])}
                onChange={(e) => send({ type: 'SET_ANSWER', questionId: question.id, value: e.target.value })}
              />
            ))}
          </fieldset>
        )}
        {failure !== undefined && (view.status === 'failed' || view.status === 'editing') && (
          <div
            role="alert"
            className="rounded-lg border border-danger bg-danger-soft px-4 py-3 text-sm text-on-danger-soft"
          >
            {view.status === 'failed' && <p className="font-medium">{t('form.failed')}</p>}
            {failure.message !== undefined ? (
              <p>{failure.message}</p>
            ) : (
              failure.descriptionKey !== undefined && (
                <p>{tc(failure.descriptionKey as 'errors.page.500.description')}</p>
              )
            )}
            {failure.details?.map((detail) => (
              <p key={detail}>{detail}</p>
            ))}
          </div>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          {view.status === 'failed' && (
            <Button variant="secondary" onClick={() => send({ type: 'EDIT' })}>
              {t('form.edit')}
            </Button>
          )}
          <Button type="submit" busy={view.status === 'submitting'} disabled={!view.canSubmit}>
            {view.status === 'failed' ? t('form.retry') : t('form.submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}
