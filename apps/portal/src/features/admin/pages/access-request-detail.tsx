// /admin/{application}/access-requests/{id}: decide an access request with core's
// access-request decision machine: accept (at least one role, spec §5; the role and the account
// access asked for start ticked; an end date where the application grants time-bound access,
// starting with the one asked for, #19) or deny with a reason the user reads (required, #19);
// the sidebar's open-request badge is reloaded afterwards.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'wouter';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { CheckIcon, NoSymbolIcon } from '@heroicons/react/20/solid';
import { accessRequestMachine, accessRequestView, decideAccessRequest, denyReasonMaxLength } from '@portal/core';
import { Button, ReadOnlyField, ReadOnlyGroup, TextArea, TextField } from '@portal/ui';
import { localToday } from '@portal/adapters';
import { toAccessRequest, type AccessRequestDetail } from '@portal/adapters/admin';
import { useToasts } from '../../../app/contexts.tsx';
import { invalidateServerData, useServerData } from '../../../app/server-data.ts';
import { useAdmin } from '../admin-context.tsx';
import { adminPort, doneOrThrow } from '../lib/admin-port.ts';
import { DetailHeader, DetailLayout } from '../components/detail-page/layout.tsx';
import { Grid, Section } from '../components/form-kit.tsx';
import { PageFailure, PageSkeleton } from '../components/page-state.tsx';
import { AccessChecklists } from '../components/selection.tsx';
import { adminLinks } from '../lib/links.ts';
import { useAdminT, useFormatDate, useUiT, type AdminKey } from '../lib/i18n.ts';

export default function AccessRequestDetailPage() {
  const { application = '', id = '' } = useParams<{ application: string; id: string }>();
  const { api } = useAdmin();
  const state = useServerData(['admin', 'accessRequest', id], () => api.getAccessRequest(id));
  if (state.status === 'failed') return <PageFailure error={state.error} />;
  if (state.status === 'loading') return <PageSkeleton />;
  return <Decision key={id} application={application} request={state.data} />;
}

export function Decision({
  application,
  request,
}: {
  readonly application: string;
  readonly request: AccessRequestDetail;
}) {
  const t = useAdminT();
  const tu = useUiT();
  const date = useFormatDate();
  const toasts = useToasts();
  const { api, administrable, reloadAdministrable } = useAdmin();
  const [input] = useState(() => ({ request: toAccessRequest(request), today: localToday() }));
  // The decision is core's use case (its rules again, then the write through the admin port).
  const machine = useMemo(
    () =>
      accessRequestMachine.provide({
        actors: {
          decide: fromPromise(async ({ input: { decision } }) => {
            doneOrThrow(await decideAccessRequest(adminPort(api), input.request, decision, input.today));
          }),
        },
      }),
    [api, input],
  );
  const [snapshot, send] = useMachine(machine, { input });
  const day = (isoDay: string) => date(`${isoDay}T12:00:00`, false);
  const view = accessRequestView(snapshot);
  const wasOpen = useRef(request.status === 'OPEN');
  useEffect(() => {
    if (view.status === 'decided' && wasOpen.current) {
      wasOpen.current = false;
      reloadAdministrable();
      // The request as decided: who decided and when (#30.7).
      invalidateServerData(['admin', 'accessRequest', request.id]);
      toasts.success(view.requestStatus === 'ACCEPTED' ? t('accessRequests.accepted') : t('accessRequests.denied'));
    }
  }, [view.status, view.requestStatus, reloadAdministrable, toasts, t, request.id]);
  const lastError = useRef<unknown>(undefined);
  const failure = view.error;
  useEffect(() => {
    if (failure !== undefined && lastError.current !== failure) {
      lastError.current = failure;
      toasts.error(failure);
    }
  }, [failure, toasts]);
  const name = request.user.fullName === '' ? request.user.email : request.user.fullName;
  const appLabel = administrable.items.find((item) => item.id === application)?.label ?? application;
  const decided = view.decision;
  const pending = view.status === 'submitting' || view.status === 'failed';
  const acceptMode = view.status === 'accepting' || (pending && decided === 'accept');
  const denyMode = view.status === 'denying' || (pending && decided === 'deny');
  const accept = () => send({ type: 'ACCEPT' });
  const deciding = acceptMode ? 'accept' : denyMode ? 'deny' : undefined;
  const { requestedEndDate } = input.request;
  /** What the request says, each with its label; what it does not have is left out. */
  const facts: readonly (readonly [AdminKey, string | undefined])[] = [
    ['accessRequests.fields.requester', name],
    ['users.fields.email', request.user.email],
    ['users.fields.companyName', request.user.companyName ?? ''],
    ['accessRequests.fields.requestedAt', date(request.requestedAt)],
    ['accessRequests.fields.requestedAccountAccess', request.requestedAccountAccess?.label ?? ''],
    ['accessRequests.fields.requestedRole', request.requestedRole?.label ?? ''],
    ['accessRequests.fields.status', t(`accessRequests.statuses.${view.requestStatus}`)],
    ['accessRequests.fields.requestedEndDate', requestedEndDate === undefined ? undefined : day(requestedEndDate)],
    ['accessRequests.fields.decidedAt', request.decidedAt === null ? undefined : date(request.decidedAt)],
    ['accessRequests.fields.decidedBy', request.decidedByName ?? undefined],
  ];
  return (
    <DetailLayout>
      <DetailHeader
        title={t('accessRequests.detailTitle', { name })}
        subTitle={appLabel}
        backLink={adminLinks.accessRequests(application)}
      />
      <Section title={t('accessRequests.sections.request')}>
        <ReadOnlyGroup>
          <Grid>
            {facts.map(
              ([label, value]) => value !== undefined && <ReadOnlyField key={label} label={t(label)} value={value} />,
            )}
          </Grid>
        </ReadOnlyGroup>
        <WrittenText label={t('accessRequests.fields.comment')} text={request.comment} />
        {request.answers.length > 0 && (
          <div className="text-sm">
            <p className="font-medium text-fg">{t('accessRequests.fields.answers')}</p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              {request.answers.map((answer) => (
                <div key={answer.key} className="contents">
                  <dt className="text-fg-muted">{answer.label}</dt>
                  <dd className="text-fg">{answer.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        )}
        <WrittenText label={t('accessRequests.fields.reason')} text={request.reason} />
      </Section>
      {view.canAccept && (
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" icon={<NoSymbolIcon />} onClick={() => send({ type: 'DENY' })}>
            {t('accessRequests.deny')}
          </Button>
          <Button icon={<CheckIcon />} onClick={accept}>
            {t('accessRequests.accept')}
          </Button>
        </div>
      )}
      {deciding !== undefined && (
        <DecisionForm decision={deciding} failed={view.status === 'failed'} busy={view.busy} send={send}>
          {deciding === 'accept' ? (
            <Section title={t('accessRequests.acceptTitle')} description={t('accessRequests.acceptText')}>
              <AccessChecklists
                application={application}
                choice={{ roleIds: view.selectedRoleIds, accountAccessIds: view.selectedAccountAccessIds }}
                known={{
                  roleIds: request.requestedRole === null ? [] : [request.requestedRole],
                  accountAccessIds: request.requestedAccountAccess === null ? [] : [request.requestedAccountAccess],
                }}
                errors={{ roleIds: view.validation === undefined ? undefined : tu(view.validation) }}
                disabled={view.busy}
                onChange={(field, ids) =>
                  send(
                    field === 'roleIds'
                      ? { type: 'SET_ROLES', roleIds: ids }
                      : { type: 'SET_ACCOUNT_ACCESSES', accountAccessIds: ids },
                  )
                }
              />
              {request.timeBoundAccess && (
                <TextField
                  type="date"
                  label={t('accessRequests.fields.endDate')}
                  value={view.endDate}
                  {...(view.latestEndDate === undefined ? {} : { max: view.latestEndDate })}
                  help={
                    view.latestEndDate === undefined
                      ? t('accessRequests.endDateHelpUnlimited')
                      : t('accessRequests.endDateHelp', { date: day(view.latestEndDate) })
                  }
                  disabled={view.busy}
                  onChange={(event) => send({ type: 'SET_END_DATE', endDate: event.target.value })}
                  {...(view.endDateValidation === undefined
                    ? {}
                    : {
                        error: tu(
                          view.endDateValidation.code,
                          view.endDateValidation.code === 'validations.dateTooLate' && view.latestEndDate !== undefined
                            ? { max: day(view.latestEndDate) }
                            : {},
                        ),
                      })}
                />
              )}
            </Section>
          ) : (
            <Section title={t('accessRequests.denyTitle')}>
              <div className="flex flex-col">
                <TextArea
                  label={t('accessRequests.fields.reason')}
                  required
                  rows={3}
                  maxLength={denyReasonMaxLength}
                  value={view.reason}
                  disabled={view.busy}
                  help={t('accessRequests.reasonHelp')}
                  onChange={(event) => send({ type: 'SET_REASON', reason: event.target.value })}
                  {...(view.reasonValidation === undefined
                    ? {}
                    : { error: tu(view.reasonValidation.code, view.reasonValidation.params ?? {}) })}
                />
              </div>
            </Section>
          )}
        </DecisionForm>
      )}
      {view.status === 'decided' && (
        <p role="status" className="rounded-xl border border-line bg-surface p-4 text-sm text-fg">
          {view.requestStatus === 'ACCEPTED' ? t('accessRequests.acceptedInfo') : t('accessRequests.deniedInfo')}
        </p>
      )}
    </DetailLayout>
  );
}

/** A text someone wrote (the requester's comment, the reason of a denial) under its label; nothing without one. */
function WrittenText({ label, text }: { readonly label: string; readonly text: string | null }) {
  if (text === null || text === '') return null;
  return (
    <div className="text-sm">
      <p className="font-medium text-fg">{label}</p>
      <p className="mt-1 whitespace-pre-wrap text-fg-muted">{text}</p>
    </div>
  );
}

/** The accept or the deny form: its section, then cancel and submit (retry after a failure). */
function DecisionForm({
  decision,
  failed,
  busy,
  send,
  children,
}: {
  readonly decision: 'accept' | 'deny';
  readonly failed: boolean;
  readonly busy: boolean;
  readonly send: (event: { readonly type: 'SUBMIT' | 'RETRY' | 'CANCEL' }) => void;
  readonly children: ReactNode;
}) {
  const t = useAdminT();
  const danger = decision === 'deny';
  const submitLabel = danger ? t('accessRequests.confirmDeny') : t('accessRequests.confirmAccept');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: failed ? 'RETRY' : 'SUBMIT' });
      }}
      className="flex flex-col gap-4"
    >
      {children}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" disabled={busy} onClick={() => send({ type: 'CANCEL' })}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" {...(danger ? { variant: 'danger' as const } : {})} busy={busy}>
          {failed ? t('form.retry') : submitLabel}
        </Button>
      </div>
    </form>
  );
}
