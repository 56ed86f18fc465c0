// A user's access request (#19), driven by core's request form machine: the account access (and
// role) the application offers, a justification (required when it says so, length limited), an
// optional last day (when it grants time-bound access, at most its maximum ahead), the answers to
// its questions. Core's rules say what is wrong beside each field before anything is sent; a
// refused or failed send keeps everything typed. The catalogue's request page and the app gate
// both use it, so a request has the same substance wherever it starts.
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMachine } from '@xstate/react';
import {
  accessRequestFormView,
  answerMaxLength,
  endOfMonth,
  fetchDelayMs,
  provideAccessRequestForm,
  toastError,
  type AccessRequestChoice,
  type AccessRequestFormEvent,
  type AccessRequestFormField,
  type AccessRequestFormView,
  type Choice,
  type ValidationIssue,
} from '@portal/core';
import { Button, Select, Skeleton, TextArea, TextField } from '@portal/ui';
import { useServices } from '../../app/contexts.tsx';
import { useIssueText } from './attribute-fields.tsx';
import { useDayFormat } from './day-format.ts';
import { forgetMyApps } from './my-apps.ts';
import { SearchField } from './search-field.tsx';

interface AccessRequestForm {
  readonly view: AccessRequestFormView;
  readonly send: (event: AccessRequestFormEvent) => void;
}

/**
 * Core's request form machine for an application, as its view; the launcher's list is read again
 * once it was sent. `choice`: what the form starts with (an earlier request's, request again).
 */
export function useAccessRequestForm(
  application: string,
  today: string,
  choice?: AccessRequestChoice,
): AccessRequestForm {
  const { api } = useServices();
  const machine = useMemo(() => provideAccessRequestForm({ api }), [api]);
  const [snapshot, send] = useMachine(machine, {
    input: { applicationId: application, today, ...(choice === undefined ? {} : { choice }) },
  });
  const view = accessRequestFormView(snapshot);
  useEffect(() => {
    // The launcher's list is read again: it now shows the request as pending.
    if (view.status === 'submitted') forgetMyApps();
  }, [view.status]);
  return { view, send };
}

const optionsOf = (choices: readonly Choice[]) =>
  choices.map((c) => ({ value: c.id, label: c.label === '' ? c.key : c.label }));

/**
 * The request's fields and its send (a placeholder while nothing is loaded, a retry when that
 * failed). What follows a sent request (`view.status === 'submitted'`) is the caller's.
 */
export function AccessRequestFields({
  view,
  send,
  today,
  title,
  intro,
}: AccessRequestForm & {
  readonly today: string;
  /** The form's accessible name. */
  readonly title: string;
  /** Shown above the form once it is there. */
  readonly intro: ReactNode;
}) {
  const { t } = useTranslation('flows', { keyPrefix: 'access' });
  const { t: tc } = useTranslation('common');
  const dates = useDayFormat();
  const issueText = useIssueText();
  const [search, setSearch] = useState('');
  useEffect(() => {
    if (search.trim() === view.search) return undefined;
    const timer = setTimeout(() => send({ type: 'SEARCH', search }), fetchDelayMs);
    return () => clearTimeout(timer);
  }, [search, view.search, send]);
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

  if (view.status === 'loadFailed') {
    return (
      <>
        <p role="alert" className="text-sm text-danger">
          {t('form.loadFailed')}
        </p>
        <div>
          <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
            {t('form.retryLoad')}
          </Button>
        </div>
      </>
    );
  }
  if (view.firstLoad) {
    return (
      <div aria-busy="true" className="flex flex-col gap-4">
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
    <>
      <p className="text-sm text-fg-muted">{intro}</p>
      <form
        onSubmit={submit}
        noValidate
        aria-label={title}
        aria-busy={view.busy || undefined}
        className="flex flex-col gap-4"
      >
        {view.searchable && (
          <SearchField
            label={t('form.searchAccountAccess')}
            value={search}
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
                maxLength={answerMaxLength}
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
    </>
  );
}
