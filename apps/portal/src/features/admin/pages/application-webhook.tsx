// The application's webhook (spec §3): enabled, endpoint, basic auth (the password is
// write-only), events, custom headers, key vault reference, the example body per event. Its deliveries:
// webhook-deliveries.tsx; its signing secrets: webhook-signing.tsx.
import { Checkbox, Select, Switch, TagInput, TextField } from '@portal/ui';
import { Grid, Section, useErrorText, type FormState } from '../components/form-kit.tsx';
import {
  emptyWebhook,
  headersForNames,
  isAllowedHeaderName,
  listError,
  pauseChoices,
  withoutListErrors,
  type ApplicationValues,
  type WebhookValues,
} from '../lib/application-form.ts';
import { useAdminT } from '../lib/i18n.ts';
import { examplePayload, webhookEvents } from '../lib/webhook-examples.ts';
import { CodeBlock } from './webhook-delivery-detail.tsx';

type Form = FormState<ApplicationValues>;

export function WebhookSection({
  form,
  writable,
  applicationId,
}: {
  readonly form: Form;
  readonly writable: boolean;
  readonly applicationId?: string;
}) {
  const t = useAdminT();
  const errorText = useErrorText();
  const hook = form.values.webhook;
  const set = (change: Partial<WebhookValues>, field?: string) =>
    form.update((v) => ({ ...v, webhook: v.webhook === null ? null : { ...v.webhook, ...change } }), field);
  const err = (field: string) => errorText(form.errors[`webhook.${field}`]);
  return (
    <Section title={t('webhook.title')} description={t('webhook.description')}>
      <Switch
        label={t('webhook.configured')}
        checked={hook !== null}
        disabled={!writable}
        onChange={(on) => form.update((v) => ({ ...v, webhook: on ? emptyWebhook : null }))}
      />
      {hook !== null && (
        <>
          <Switch
            label={t('webhook.enabled')}
            checked={hook.enabled}
            disabled={!writable}
            onChange={(enabled) => set({ enabled })}
          />
          <TextField
            label={t('webhook.endpointUrl')}
            type="url"
            required
            value={hook.endpointUrl}
            error={err('endpointUrl')}
            help={t('webhook.endpointHelp')}
            onChange={(e) => set({ endpointUrl: e.target.value }, 'webhook.endpointUrl')}
          />
          <Grid>
            <TextField
              label={t('webhook.username')}
              value={hook.username}
              autoComplete="off"
              error={err('username')}
              onChange={(e) => set({ username: e.target.value }, 'webhook.username')}
            />
            <TextField
              label={t('webhook.password')}
              type="password"
              autoComplete="new-password"
              value={hook.password}
              error={err('password')}
              disabled={hook.removePassword}
              help={hook.passwordSet ? t('webhook.passwordSet') : t('webhook.passwordNotSet')}
              onChange={(e) => set({ password: e.target.value }, 'webhook.password')}
            />
          </Grid>
          {hook.passwordSet && (
            <Checkbox
              label={t('webhook.removePassword')}
              checked={hook.removePassword}
              onChange={(e) => set({ removePassword: e.target.checked, password: '' })}
            />
          )}
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-fg">{t('webhook.events')}</legend>
            <Checkbox
              label={t('webhook.onGrant')}
              checked={hook.onGrant}
              onChange={(e) => set({ onGrant: e.target.checked })}
            />
            <Checkbox
              label={t('webhook.onRemove')}
              checked={hook.onRemove}
              onChange={(e) => set({ onRemove: e.target.checked })}
            />
            <Checkbox
              label={t('webhook.onUpdate')}
              checked={hook.onUpdate}
              onChange={(e) => set({ onUpdate: e.target.checked })}
            />
          </fieldset>
          {/* Custom headers (spec §2, §3): the names are a tag input, each name once (case-insensitive); a value per name. */}
          <TagInput
            label={t('webhook.headerNames')}
            help={t('webhook.headerNamesHelp')}
            value={hook.headers.map((header) => header.key)}
            validate={isAllowedHeaderName}
            disabled={!writable}
            error={errorText(listError(form.errors, 'webhook.headers', '.key'))}
            onChange={(names) => {
              set({ headers: headersForNames(hook.headers, names) });
              form.setErrors(withoutListErrors(form.errors, 'webhook.headers'));
            }}
          />
          {hook.headers.length > 0 && (
            <Grid>
              {hook.headers.map((header, index) => (
                <TextField
                  key={`${header.key}-${index}`}
                  label={t('webhook.headerValueOf', { name: header.key })}
                  value={header.value}
                  error={err(`headers.${index}.value`)}
                  disabled={!writable}
                  onChange={(e) =>
                    set(
                      { headers: hook.headers.map((h, i) => (i === index ? { ...h, value: e.target.value } : h)) },
                      `webhook.headers.${index}.value`,
                    )
                  }
                />
              ))}
            </Grid>
          )}
          <TextField
            label={t('webhook.keyVaultReference')}
            help={t('webhook.keyVaultHelp')}
            value={hook.keyVaultReference}
            error={err('keyVaultReference')}
            onChange={(e) => set({ keyVaultReference: e.target.value }, 'webhook.keyVaultReference')}
          />
          <Select
            label={t('webhook.pause.label')}
            help={t('webhook.pause.help')}
            value={hook.pauseAfterFailures}
            disabled={!writable}
            options={[
              { value: '', label: t('webhook.pause.never') },
              ...[
                ...new Set([
                  ...pauseChoices,
                  ...(hook.pauseAfterFailures === '' ? [] : [Number(hook.pauseAfterFailures)]),
                ]),
              ]
                .sort((a, b) => a - b)
                .map((n) => ({ value: String(n), label: t('webhook.pause.after', { n }) })),
            ]}
            onChange={(e) => set({ pauseAfterFailures: e.target.value })}
          />
          <ExamplePayloads applicationId={applicationId} />
        </>
      )}
    </Section>
  );
}

/** What the endpoint receives per event, before anything is sent (#20.2). */
function ExamplePayloads({ applicationId }: { readonly applicationId: string | undefined }) {
  const t = useAdminT();
  return (
    <details className="rounded-lg border border-line p-3 text-sm text-fg">
      <summary className="cursor-pointer font-medium">{t('webhook.examples.title')}</summary>
      <p className="mt-2 text-fg-muted">{t('webhook.examples.help')}</p>
      {webhookEvents.map((event) => (
        <div key={event} className="mt-3">
          <h3 className="font-medium">{t(`webhook.eventNames.${event}`)}</h3>
          <CodeBlock text={JSON.stringify(examplePayload(event, applicationId), null, 2)} />
        </div>
      ))}
    </details>
  );
}
