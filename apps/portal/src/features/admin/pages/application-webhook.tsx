// The application's webhook (spec §3): enabled, endpoint, basic auth (the password is
// write-only), events, custom headers, key vault reference; and its deliveries.
import { Checkbox, Switch, TagInput, TextField } from '@portal/ui';
import type { WebhookDelivery } from '@portal/adapters/admin';
import { useAdmin } from '../admin-context.tsx';
import { Grid, Section, useErrorText, type FormState } from '../components/form-kit.tsx';
import { ListView } from '../components/list-view.tsx';
import {
  emptyWebhook, headersForNames, isAllowedHeaderName, listError, withoutListErrors, type ApplicationValues, type WebhookValues,
} from '../lib/application-form.ts';
import { useAdminT, useFormatDate } from '../lib/i18n.ts';

type Form = FormState<ApplicationValues>;

export function WebhookSection({ form, writable }: { readonly form: Form; readonly writable: boolean }) {
  const t = useAdminT();
  const errorText = useErrorText();
  const hook = form.values.webhook;
  const set = (change: Partial<WebhookValues>, field?: string) =>
    form.update((v) => ({ ...v, webhook: v.webhook === null ? null : { ...v.webhook, ...change } }), field);
  const err = (field: string) => errorText(form.errors[`webhook.${field}`]);
  return (
    <Section title={t('webhook.title')} description={t('webhook.description')}>
      <Switch label={t('webhook.configured')} checked={hook !== null} disabled={!writable}
        onChange={(on) => form.update((v) => ({ ...v, webhook: on ? emptyWebhook : null }))} />
      {hook !== null && (
        <>
          <Switch label={t('webhook.enabled')} checked={hook.enabled} disabled={!writable} onChange={(enabled) => set({ enabled })} />
          <TextField label={t('webhook.endpointUrl')} type="url" required value={hook.endpointUrl} error={err('endpointUrl')} help={t('webhook.endpointHelp')}
            onChange={(e) => set({ endpointUrl: e.target.value }, 'webhook.endpointUrl')} />
          <Grid>
            <TextField label={t('webhook.username')} value={hook.username} autoComplete="off" error={err('username')} onChange={(e) => set({ username: e.target.value }, 'webhook.username')} />
            <TextField label={t('webhook.password')} type="password" autoComplete="new-password" value={hook.password} error={err('password')}
              disabled={hook.removePassword}
              help={hook.passwordSet ? t('webhook.passwordSet') : t('webhook.passwordNotSet')}
              onChange={(e) => set({ password: e.target.value }, 'webhook.password')} />
          </Grid>
          {hook.passwordSet && <Checkbox label={t('webhook.removePassword')} checked={hook.removePassword} onChange={(e) => set({ removePassword: e.target.checked, password: '' })} />}
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-fg">{t('webhook.events')}</legend>
            <Checkbox label={t('webhook.onGrant')} checked={hook.onGrant} onChange={(e) => set({ onGrant: e.target.checked })} />
            <Checkbox label={t('webhook.onRemove')} checked={hook.onRemove} onChange={(e) => set({ onRemove: e.target.checked })} />
            <Checkbox label={t('webhook.onUpdate')} checked={hook.onUpdate} onChange={(e) => set({ onUpdate: e.target.checked })} />
          </fieldset>
          {/* Custom headers (spec §2, §3): the names are a tag input, each name once (case-insensitive); a value per name. */}
          <TagInput label={t('webhook.headerNames')} help={t('webhook.headerNamesHelp')} value={hook.headers.map((header) => header.key)}
            validate={isAllowedHeaderName} disabled={!writable} error={errorText(listError(form.errors, 'webhook.headers', '.key'))}
            onChange={(names) => {
              set({ headers: headersForNames(hook.headers, names) });
              form.setErrors(withoutListErrors(form.errors, 'webhook.headers'));
            }} />
          {hook.headers.length > 0 && (
            <Grid>
              {hook.headers.map((header, index) => (
                <TextField key={`${header.key}-${index}`} label={t('webhook.headerValueOf', { name: header.key })} value={header.value} error={err(`headers.${index}.value`)}
                  disabled={!writable}
                  onChange={(e) => set({ headers: hook.headers.map((h, i) => (i === index ? { ...h, value: e.target.value } : h)) }, `webhook.headers.${index}.value`)} />
              ))}
            </Grid>
          )}
          <TextField label={t('webhook.keyVaultReference')} help={t('webhook.keyVaultHelp')} value={hook.keyVaultReference} error={err('keyVaultReference')}
            onChange={(e) => set({ keyVaultReference: e.target.value }, 'webhook.keyVaultReference')} />
        </>
      )}
    </Section>
  );
}

export function WebhookDeliveries({ applicationId, reloadKey }: { readonly applicationId: string; readonly reloadKey: number }) {
  const t = useAdminT();
  const date = useFormatDate();
  const { api } = useAdmin();
  return (
    <section aria-labelledby="webhook-deliveries" className="flex flex-col gap-3">
      <h2 id="webhook-deliveries" className="text-lg font-semibold text-fg">{t('webhook.deliveries')}</h2>
      <ListView<WebhookDelivery>
        caption={t('webhook.deliveries')}
        scope={`deliveries-${applicationId}`}
        reloadKey={reloadKey}
        searchable={false}
        load={(params) => api.listWebhookDeliveries(applicationId, params)}
        rowKey={(row) => row.id}
        emptyMessage={t('webhook.noDeliveries')}
        columns={[
          { key: 'createdAt', header: t('webhook.delivery.createdAt'), render: (row) => date(row.createdAt) },
          { key: 'event', header: t('webhook.delivery.event'), render: (row) => t(`webhook.eventNames.${row.event}`) },
          { key: 'status', header: t('webhook.delivery.status'), render: (row) => t(`webhook.statuses.${row.status}`) },
          { key: 'attempts', header: t('webhook.delivery.attempts'), align: 'end', render: (row) => row.attempts },
          { key: 'responseStatus', header: t('webhook.delivery.responseStatus'), align: 'end', render: (row) => row.responseStatus ?? '–' },
          { key: 'error', header: t('webhook.delivery.error'), render: (row) => <span className="break-all">{row.error ?? '–'}</span> },
        ]}
      />
    </section>
  );
}
