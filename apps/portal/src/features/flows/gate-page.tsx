// /flows/auth?client_id=…: core's app access gate. Missing attributes are asked for here,
// a custom flow runs at /flows/{key}, access can be requested (not for internal applications)
// with the same request form as the catalogue's request page (#19: account access, role,
// justification, end date, answers); when nothing stands in the way the claims refresh runs and
// the user goes on to the application. The portal server rendered the page in the state of its
// first check, which the gate starts from (#28.10); its missing-attributes form posts to the
// server without JavaScript (the server answers with the claims refresh, or this page again
// with what was typed).
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMachine } from '@xstate/react';
import { Redirect, useSearch } from 'wouter';
import {
  appGateView,
  decodeAuthCheckResult,
  isHttpUrl,
  pageErrorStatus,
  provideAppGate,
  toastError,
  toPortalError,
  validateAttributeValues,
  type AppGateInput,
  type AuthCheckResult,
} from '@portal/core';
import { localToday } from '@portal/adapters';
import { buttonClasses, UiLink, type ButtonVariant } from '@portal/ui';
import { useServices, useToasts } from '../../app/contexts.tsx';
import { useExternalApp, clientIdOf } from '../../app/external-app.tsx';
import { useFirstViewGate } from './first-view-gate.ts';
import { ErrorView, ErrorViewFor } from '../../app/error-view.tsx';
import { links } from '../../routes.ts';
import { Busy } from '../shared/busy.tsx';
import {
  AttributeFields,
  initialValues,
  useIssueTexts,
  type AttributeFieldModel,
} from '../shared/attribute-fields.tsx';
import { forgetMyApps } from '../shared/my-apps.ts';
import { AccessRequestFields, useAccessRequestForm } from '../shared/access-request-form.tsx';
import { FlowForm } from './flow-form.tsx';

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
  const issueTexts = useIssueTexts();
  const external = useExternalApp();
  const machine = useMemo(() => provideAppGate(services.ports), [services]);
  const start = useStartFromServer(clientId);
  const [snapshot, send] = useMachine(machine, {
    input: { target: { clientId }, config: services.authConfig, ...start.input },
  });
  const view = appGateView(snapshot);
  // The API's refusal of the form the server was sent, until the user changes something.
  const [refused, setRefused] = useState(start.refusedStatus);
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
        requiredValue: a.requiredValue,
        editable: true,
        value: a.value ?? null,
      }));
      return (
        <FlowForm
          headingId="gate-heading"
          heading={heading('missing.heading')}
          intro={t('missing.text', { label })}
          submit={{ label: t('missing.submit'), busy: view.busy }}
          method="post"
          onSubmit={() => {
            setRefused(undefined);
            send({ type: 'SUBMIT' });
          }}
        >
          {refused !== undefined && <RefusedAlert status={refused} />}
          <AttributeFields
            fields={fields}
            values={{ ...initialValues(fields), ...view.values }}
            errors={issueTexts(view.validation)}
            onChange={(key, value) => {
              setRefused(undefined);
              send({ type: 'SET_VALUE', key, value });
            }}
          />
        </FlowForm>
      );
    }
    case 'noAccess':
      return (
        <GateCard heading={heading('noAccess.heading')} home={{ label: tc('actions.backHome'), variant: 'ghost' }}>
          {view.requestFor === undefined ? (
            <p className="text-sm text-fg-muted">{t('noAccess.notRequestable')}</p>
          ) : (
            <GateRequest
              application={view.requestFor}
              title={heading('noAccess.heading')}
              onRequested={() => send({ type: 'REQUESTED' })}
            />
          )}
        </GateCard>
      );
    case 'requested':
      return (
        <GateCard heading={heading('requested.heading')} home={{ label: t('requested.back'), variant: 'secondary' }}>
          <p role="status" className="text-sm text-fg-muted">
            {t('requested.text', { label })}
          </p>
        </GateCard>
      );
  }
}

/**
 * Where the gate starts: from the first check the server rendered the page with (once per page
 * load), with what was typed into the form the server was sent and its issues by the gate's own
 * rules; otherwise it asks.
 */
function useStartFromServer(clientId: string): {
  readonly input: Pick<AppGateInput, 'known' | 'values' | 'validation'>;
  readonly refusedStatus: number | undefined;
} {
  const rendered = useFirstViewGate(clientId);
  if (rendered === undefined) return { input: {}, refusedStatus: undefined };
  const known = knownCheck(rendered.result);
  if (known === undefined) return { input: {}, refusedStatus: undefined };
  const form = known.status === 'missingAttributes' ? rendered.form : undefined;
  if (known.status !== 'missingAttributes' || form === undefined) return { input: { known }, refusedStatus: undefined };
  const validation = validateAttributeValues(known.attributes, form.values);
  return { input: { known, values: form.values, validation }, refusedStatus: form.status };
}

/** The server's first check as the gate reads it; anything odd: the gate asks itself. */
function knownCheck(raw: unknown): AuthCheckResult | undefined {
  try {
    return decodeAuthCheckResult(raw);
  } catch {
    return undefined;
  }
}

/** The API refused the values the server was sent (no toast without JavaScript): said above the fields. */
function RefusedAlert({ status }: { readonly status: number }) {
  const { t } = useTranslation('common');
  const { descriptionKey } = toastError({ kind: 'http', status: pageErrorStatus(status), httpStatus: status });
  const reason = t((descriptionKey ?? 'errors.page.500.description') as 'errors.page.500.description');
  return (
    <p role="alert" className="text-sm text-danger">
      {t('errors.notSaved', { reason })}
    </p>
  );
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
 * A state of the gate the user waits in or leaves (no access, requested): its heading, what it
 * says, and the ways out: back to the application that sent the user here (external-app mode,
 * its URL from the branding), and home (`home`: the link's text and look).
 */
function GateCard({
  heading,
  home,
  children,
}: {
  readonly heading: string;
  readonly home: { readonly label: string; readonly variant: ButtonVariant };
  readonly children: ReactNode;
}) {
  const { t } = useTranslation('flows');
  const external = useExternalApp();
  const url = external.status === 'active' ? external.branding.url : undefined;
  return (
    <section
      aria-labelledby="gate-heading"
      className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-6 shadow-sm"
    >
      <h1 id="gate-heading" className="text-2xl font-semibold text-fg">
        {heading}
      </h1>
      {children}
      <div className="flex flex-wrap gap-3">
        {url !== undefined && isHttpUrl(url) && external.status === 'active' ? (
          <a href={url} className={buttonClasses('primary')}>
            {t('backToApplication', { label: external.branding.label })}
          </a>
        ) : null}
        <UiLink href={links.home()} className={buttonClasses(home.variant)}>
          {home.label}
        </UiLink>
      </div>
    </section>
  );
}
