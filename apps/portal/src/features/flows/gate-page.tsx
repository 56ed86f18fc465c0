// /flows/auth?client_id=…: core's app access gate. Missing attributes are asked for here,
// a custom flow runs at /flows/{key}, access can be requested (not for internal applications)
// with the same request form as the catalogue's request page (#19: account access, role,
// justification, end date, answers); when nothing stands in the way the claims refresh runs and
// the user goes on to the application.
import { useEffect, useMemo, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMachine } from '@xstate/react';
import { Redirect, useSearch } from 'wouter';
import { appGateView, isHttpUrl, provideAppGate, startClaimsRefreshAtServer, toPortalError } from '@portal/core';
import { localToday } from '@portal/adapters';
import { Button, buttonClasses, UiLink } from '@portal/ui';
import { useServices, useToasts } from '../../app/contexts.tsx';
import { useExternalApp, clientIdOf } from '../../app/external-app.tsx';
import { ErrorView, ErrorViewFor } from '../../app/error-view.tsx';
import { links } from '../../routes.ts';
import { Busy } from '../shared/busy.tsx';
import { AttributeFields, useIssueText, type AttributeFieldModel } from '../shared/attribute-fields.tsx';
import { forgetMyApps } from '../shared/my-apps.ts';
import { AccessRequestFields, useAccessRequestForm } from '../shared/access-request-form.tsx';

export default function GatePage() {
  const clientId = clientIdOf(useSearch());
  if (clientId === undefined) return <ErrorView error={{ kind: 'page', status: 400 }} />;
  return <Gate key={clientId} clientId={clientId} />;
}

function Gate({ clientId }: { readonly clientId: string }) {
  const { t } = useTranslation('flows');
  const { t: tc } = useTranslation('common');
  const services = useServices();
  const toasts = useToasts();
  const issueText = useIssueText();
  const external = useExternalApp();
  const machine = useMemo(
    () =>
      provideAppGate(services.ports, {
        startClaimsRefresh: (request) => startClaimsRefreshAtServer(services.ports.navigator, request),
      }),
    [services],
  );
  const [snapshot, send] = useMachine(machine, { input: { target: { clientId }, config: services.authConfig } });
  const view = appGateView(snapshot);
  const error = view.error;
  const label = external.status === 'active' ? external.branding.label : '';
  useEffect(() => {
    if (error !== undefined && view.status !== 'failed') toasts.error(error);
  }, [error, view.status, toasts]);
  useEffect(() => {
    if (view.status === 'requested') forgetMyApps();
  }, [view.status]);
  const heading = (key: 'missing.heading' | 'noAccess.heading' | 'requested.heading') => t(key, { label });
  switch (view.status) {
    case 'checking':
    case 'redirecting':
      return (
        <Busy
          label={
            view.status === 'redirecting'
              ? t('opening', { label })
              : label === ''
                ? t('checkingGeneric')
                : t('checking', { label })
          }
        />
      );
    case 'failed':
      return <ErrorViewFor error={error ?? toPortalError(undefined)} />;
    case 'needsCustomFlow':
      return <Redirect to={`${view.customFlowPath ?? '/flows'}?client_id=${encodeURIComponent(clientId)}`} replace />;
    case 'needsAttributes': {
      const fields: AttributeFieldModel[] = view.attributes.map((a) => ({
        key: a.key,
        label: a.label ?? a.key,
        dataType: a.dataType,
        required: a.required,
        editable: true,
        value: a.value ?? null,
      }));
      const errors: Record<string, string> = {};
      for (const [key, issue] of Object.entries(view.validation)) {
        const text = issueText(issue);
        if (text !== undefined) errors[key] = text;
      }
      const submit = (event: FormEvent) => {
        event.preventDefault();
        send({ type: 'SUBMIT' });
      };
      return (
        <form
          onSubmit={submit}
          noValidate
          aria-labelledby="gate-heading"
          className="flex flex-col gap-6 rounded-xl border border-line bg-surface p-6 shadow-sm"
        >
          <div>
            <h1 id="gate-heading" className="text-2xl font-semibold text-fg">
              {heading('missing.heading')}
            </h1>
            <p className="mt-2 text-sm text-fg-muted">{t('missing.text', { label })}</p>
          </div>
          <AttributeFields
            fields={fields}
            values={{ ...Object.fromEntries(fields.map((f) => [f.key, f.value ?? ''])), ...view.values }}
            errors={errors}
            onChange={(key, value) => send({ type: 'SET_VALUE', key, value })}
          />
          <div className="flex justify-end">
            <Button type="submit" busy={view.busy}>
              {t('missing.submit')}
            </Button>
          </div>
        </form>
      );
    }
    case 'noAccess':
      return (
        <section
          aria-labelledby="gate-heading"
          className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-6 shadow-sm"
        >
          <h1 id="gate-heading" className="text-2xl font-semibold text-fg">
            {heading('noAccess.heading')}
          </h1>
          {view.requestFor === undefined ? (
            <p className="text-sm text-fg-muted">{t('noAccess.notRequestable')}</p>
          ) : (
            <GateRequest
              application={view.requestFor}
              title={heading('noAccess.heading')}
              onRequested={() => send({ type: 'REQUESTED' })}
            />
          )}
          <WaysOut
            home={
              <UiLink href={links.home()} className={buttonClasses('ghost')}>
                {tc('actions.backHome')}
              </UiLink>
            }
          />
        </section>
      );
    case 'requested':
      return (
        <section
          aria-labelledby="gate-heading"
          className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-6 shadow-sm"
        >
          <h1 id="gate-heading" className="text-2xl font-semibold text-fg">
            {heading('requested.heading')}
          </h1>
          <p role="status" className="text-sm text-fg-muted">
            {t('requested.text', { label })}
          </p>
          <WaysOut
            home={
              <UiLink href={links.home()} className={buttonClasses('secondary')}>
                {t('requested.back')}
              </UiLink>
            }
          />
        </section>
      );
  }
}

/** The gate's access request: the shared request form (core's request form machine); the gate hears when it was sent. */
function GateRequest({
  application,
  title,
  onRequested,
}: {
  readonly application: string;
  readonly title: string;
  readonly onRequested: () => void;
}) {
  const { t } = useTranslation('flows');
  const today = useMemo(() => localToday(), []);
  const { view, send } = useAccessRequestForm(application, today);
  const sent = view.status === 'submitted';
  useEffect(() => {
    if (sent) onRequested();
  }, [sent, onRequested]);
  return <AccessRequestFields view={view} send={send} today={today} title={title} intro={t('noAccess.text')} />;
}

/**
 * The ways out of the gate: back to the application that sent the user here (external-app
 * mode, its URL from the branding), and home.
 */
function WaysOut({ home }: { readonly home: ReactNode }) {
  const { t } = useTranslation('flows');
  const external = useExternalApp();
  const url = external.status === 'active' ? external.branding.url : undefined;
  return (
    <div className="flex flex-wrap gap-3">
      {url !== undefined && isHttpUrl(url) && external.status === 'active' ? (
        <a href={url} className={buttonClasses('primary')}>
          {t('backToApplication', { label: external.branding.label })}
        </a>
      ) : null}
      {home}
    </div>
  );
}
