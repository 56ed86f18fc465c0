import { useMemo, useState } from 'react';
import { ArrowTopRightOnSquareIcon, ExclamationTriangleIcon } from '@heroicons/react/20/solid';
import { applicationRules, toPortalError } from '@portal/core';
import { LogoUpload } from '@portal/ui';
import { providerPortalOverviewUrl } from '@portal/adapters';
import type { ApplicationDetail } from '@portal/adapters/admin';
import { useServices, useToasts } from '../../../app/contexts.tsx';
import { resolveAssetUrl } from '../../../app/assets.ts';
import { useAdmin } from '../admin-context.tsx';
import { EntityRef, EntitySwitch, EntityTextField } from '../components/detail-page/fields.tsx';
import { useEntityForm } from '../components/detail-page/form.ts';
import { EntityFormFrame } from '../components/detail-page/page.tsx';
import { EntityDetailRoute } from '../components/detail-page/route.tsx';
import type { EntitySpec } from '../components/detail-page/spec.ts';
import { Grid, Section } from '../components/form-kit.tsx';
import { InternalCopyHint, MailOffNotice, useMailSettings } from '../components/mail-settings.tsx';
import {
  applicationInput,
  applicationValues,
  validateApplication,
  type ApplicationValues,
} from '../lib/application-form.ts';
import { useAdminT } from '../lib/i18n.ts';
import { ActivationGroups } from './application-activation-groups.tsx';
import { AttributeLinks, IdLinks, RoleLinks } from './application-links.tsx';
import { AccessRequestRules } from './application-requests.tsx';
import { WebhookSection } from './application-webhook.tsx';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { WebhookSigningSecrets } from './webhook-signing.tsx';

/** An application's page (saved through core's use case, `saveApplication`, as the console's admin API does it). */
export default function ApplicationDetailPage() {
  return <EntityDetailRoute kind="applications" form={ApplicationForm} />;
}

/** A new application must be released in the identity directory before sign-in works (spec §1, §4). */
function ReleaseNotice({ applicationId }: { readonly applicationId: string }) {
  const t = useAdminT();
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl border border-warning bg-warning-soft p-4 text-sm text-on-warning-soft"
    >
      <ExclamationTriangleIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="flex flex-col gap-1">
        <p className="font-semibold">{t('applications.release.title')}</p>
        <p>{t('applications.release.text')}</p>
        <a
          href={providerPortalOverviewUrl(applicationId)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-semibold underline"
        >
          {t('applications.release.link')}
          <ArrowTopRightOnSquareIcon aria-hidden="true" className="size-4" />
          <span className="sr-only">{t('common.opensInNewTab')}</span>
        </a>
      </div>
    </div>
  );
}

const spec = (development: boolean): EntitySpec<'applications', ApplicationValues> => ({
  kind: 'applications',
  valuesOf: applicationValues,
  inputOf: applicationInput,
  validate: (values) => validateApplication(values, { development }),
  titleOf: (entity) => entity.label,
});

function ApplicationForm({ id, entity }: { readonly id: string; readonly entity: ApplicationDetail | undefined }) {
  const t = useAdminT();
  const toasts = useToasts();
  const { config } = useServices();
  const { api: adminApi, reloadAdministrable } = useAdmin();
  const [released, setReleased] = useState(entity?.released ?? true);
  const [uploading, setUploading] = useState(false);
  /** The saved webhook: test deliveries, signing secrets and its pause need one. */
  const [savedWebhook, setSavedWebhook] = useState(entity?.webhook ?? null);
  const development = config.environment === 'development';
  /** Whether the API sends mail at all, and where the internal copy goes (#29). */
  const mailSettings = useMailSettings();
  const of = useEntityForm(
    useMemo(() => spec(development), [development]),
    id,
    entity,
    {
      onInvalid: () => toasts.error({ kind: 'page', status: 400, message: t('form.checkFields') }),
      afterSave: (saved) => {
        reloadAdministrable();
        setReleased(saved.released);
        setSavedWebhook(saved.webhook);
      },
    },
  );
  const { errorText, form, values, errors, isNew, writable } = of;
  // The switches as the application will be written (core's rule: an internal one is not requestable).
  const written = applicationRules(values);
  const webhookSaved = savedWebhook !== null;
  const upload = (file: File) => {
    setUploading(true);
    adminApi.uploadLogo(file, file.name).then(
      (answer) => {
        form.set('logoUrl', answer.url);
        setUploading(false);
      },
      (error: unknown) => {
        setUploading(false);
        const portalError = toPortalError(error);
        form.setErrors({ ...form.errors, logoUrl: { text: t('applications.logoUploadFailed') } });
        toasts.error(portalError);
      },
    );
  };
  const preview = resolveAssetUrl(values.logoUrl ?? undefined, config.apiUrl);
  return (
    <EntityFormFrame
      of={of}
      subTitle={isNew ? t('applications.detailSubTitle') : id}
      notice={!isNew && !released && <ReleaseNotice applicationId={id} />}
      busy={uploading}
      history={
        <>
          {webhookSaved && <WebhookSigningSecrets applicationId={id} writable={writable} />}
          <WebhookDeliveries
            applicationId={id}
            reloadKey={form.round}
            canSend={webhookSaved && writable}
            {...(savedWebhook === null
              ? {}
              : {
                  pause: savedWebhook,
                  onResumed: () => setSavedWebhook({ ...savedWebhook, pausedAt: null, consecutiveFailures: 0 }),
                })}
          />
        </>
      }
    >
      <Section title={t('applications.sections.general')}>
        <Grid>
          <EntityTextField of={of} field="label" required />
          <EntityTextField of={of} field="sortNumber" required inputMode="numeric" />
          <EntityTextField of={of} field="url" type="url" required />
          <EntityTextField of={of} field="homePageUrl" type="url" />
        </Grid>
        <EntityTextField of={of} field="description" />
        <LogoUpload
          label={t('applications.fields.logo')}
          {...(preview === undefined ? {} : { value: preview })}
          disabled={!writable || uploading}
          onSelect={upload}
          {...(writable && values.logoUrl !== null ? { onRemove: () => form.set('logoUrl', null) } : {})}
          {...(errors.logoUrl === undefined ? {} : { error: errorText(errors.logoUrl) })}
        />
        <Grid>
          <EntityTextField of={of} field="initiateLoginUri" type="url" help />
        </Grid>
        <Grid>
          <EntityTextField of={of} field="notificationEmail" type="email" help />
        </Grid>
        <MailOffNotice settings={mailSettings} />
        <EntityRef of={of} field="adminPermissionId" kind="permissions" />
      </Section>
      <Section title={t('applications.sections.accessRequests')}>
        <EntitySwitch of={of} field="internal" help />
        {/* Release before requests (#30.4): off for a new application, said beside the switch. */}
        <EntitySwitch
          of={of}
          field="accessRequestAllowed"
          help
          checked={written.accessRequestAllowed}
          disabled={values.internal}
        />
        <EntitySwitch of={of} field="accessRequestRequired" />
        <EntitySwitch of={of} field="internalCopyOfAccessRequests" />
        <InternalCopyHint settings={mailSettings} />
        <EntitySwitch of={of} field="roleRequiredOnAccessRequest" />
        <AccessRequestRules of={of} requestable={written.accessRequestAllowed} />
      </Section>
      <AttributeLinks form={form} writable={writable} />
      <RoleLinks form={form} writable={writable} />
      <IdLinks form={form} writable={writable} field="accountAccessIds" />
      <IdLinks form={form} writable={writable} field="customFlowIds" />
      <ActivationGroups form={form} writable={writable} />
      <WebhookSection form={form} writable={writable} {...(isNew ? {} : { applicationId: id })} />
    </EntityFormFrame>
  );
}
