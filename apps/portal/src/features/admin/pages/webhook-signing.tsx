// The webhook's signing secrets (#20.2): at most two active (for rotation), listed by their last
// four characters and date; a new one is shown once, with a copy button, and never again; a
// delete asks first. The 409 of a third is said beside the button. Under it, how a receiver
// checks `X-Portal-Signature` (docs/webhooks.md has the code).
import { useState } from 'react';
import { ClipboardDocumentIcon, KeyIcon, TrashIcon } from '@heroicons/react/20/solid';
import { toPortalError } from '@portal/core';
import { Button, Skeleton, TextField } from '@portal/ui';
import type { WebhookSigningSecret, WebhookSigningSecretCreated } from '@portal/adapters/admin';
import { useToasts } from '../../../app/contexts.tsx';
import { useServerData } from '../../../app/server-data.ts';
import { useAdmin } from '../admin-context.tsx';
import { Confirm } from '../components/confirm.tsx';
import { Section } from '../components/form-kit.tsx';
import { useAdminT, useFormatDate } from '../lib/i18n.ts';

/** The code of the API's refusal of a third active secret. */
const secretLimitCode = 'webhook.secretLimit';

export function WebhookSigningSecrets({
  applicationId,
  writable,
}: {
  readonly applicationId: string;
  readonly writable: boolean;
}) {
  const t = useAdminT();
  const date = useFormatDate();
  const toasts = useToasts();
  const { api } = useAdmin();
  const secrets = useServerData(['admin', 'webhookSigningSecrets', applicationId], () =>
    api.listWebhookSigningSecrets(applicationId),
  );
  const [created, setCreated] = useState<WebhookSigningSecretCreated | undefined>(undefined);
  const [limitReached, setLimitReached] = useState(false);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<WebhookSigningSecret | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const create = () => {
    setCreating(true);
    setLimitReached(false);
    setCreated(undefined);
    api.createWebhookSigningSecret(applicationId).then(
      (secret) => {
        setCreating(false);
        setCreated(secret);
        secrets.reload();
      },
      (error: unknown) => {
        setCreating(false);
        const portalError = toPortalError(error);
        if (
          portalError.kind === 'http' &&
          portalError.httpStatus === 409 &&
          portalError.server?.code === secretLimitCode
        )
          setLimitReached(true);
        else toasts.error(portalError);
      },
    );
  };
  const remove = (secret: WebhookSigningSecret) => {
    setBusy(true);
    api.deleteWebhookSigningSecret(applicationId, secret.id).then(
      () => {
        setBusy(false);
        setDeleting(undefined);
        setLimitReached(false);
        if (created?.id === secret.id) setCreated(undefined);
        toasts.success(t('webhook.secrets.deleted', { hint: secret.hint }));
        secrets.reload();
      },
      (error: unknown) => {
        setBusy(false);
        setDeleting(undefined);
        toasts.error(toPortalError(error));
      },
    );
  };
  return (
    <Section
      title={t('webhook.secrets.title')}
      description={t('webhook.secrets.description')}
      actions={
        writable ? (
          <Button variant="secondary" icon={<KeyIcon />} busy={creating} onClick={create}>
            {t('webhook.secrets.create')}
          </Button>
        ) : undefined
      }
    >
      {limitReached && (
        <p role="alert" className="rounded-lg border border-danger bg-danger-soft p-3 text-sm text-on-danger-soft">
          {t('webhook.secrets.limit')}
        </p>
      )}
      {created !== undefined && <CreatedSecret secret={created} onDone={() => setCreated(undefined)} />}
      {secrets.status === 'failed' && (
        <p role="alert" className="text-sm text-danger">
          {t('webhook.secrets.loadFailed')}
        </p>
      )}
      {secrets.showSkeleton && <Skeleton className="h-10 w-full" />}
      {secrets.data !== undefined &&
        (secrets.data.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('webhook.secrets.none')}</p>
        ) : (
          <ul
            aria-label={t('webhook.secrets.list')}
            className="flex flex-col divide-y divide-line rounded-lg border border-line"
          >
            {secrets.data.map((secret) => (
              <li key={secret.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <span className="text-sm text-fg">
                  <span className="font-mono">{t('webhook.secrets.hint', { hint: secret.hint })}</span>
                  <span className="ms-3 text-fg-muted">
                    {t('webhook.secrets.createdAt', { date: date(secret.createdAt, true) })}
                  </span>
                </span>
                {writable && (
                  <Button
                    variant="ghost"
                    size="sm"
                    icon={<TrashIcon />}
                    onClick={() => setDeleting(secret)}
                    aria-label={t('webhook.secrets.deleteOf', { hint: secret.hint })}
                  >
                    {t('form.delete')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ))}
      <VerificationRecipe />
      <Confirm
        open={deleting !== undefined}
        busy={busy}
        title={t('webhook.secrets.deleteTitle', { hint: deleting?.hint ?? '' })}
        message={t('webhook.secrets.deleteMessage')}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          if (deleting !== undefined) remove(deleting);
        }}
      />
    </Section>
  );
}

/** The new secret, this once: a copy button and the warning that it is not shown again. */
function CreatedSecret({
  secret,
  onDone,
}: {
  readonly secret: WebhookSigningSecretCreated;
  readonly onDone: () => void;
}) {
  const t = useAdminT();
  const toasts = useToasts();
  const copy = () => {
    navigator.clipboard.writeText(secret.secret).then(
      () => toasts.success(t('webhook.secrets.copied')),
      () => toasts.error({ kind: 'page', status: 500, message: t('webhook.secrets.copyFailed') }),
    );
  };
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-warning bg-warning-soft p-4 text-sm text-on-warning-soft"
    >
      <p className="font-semibold">{t('webhook.secrets.newSecret')}</p>
      <p>{t('webhook.secrets.shownOnce')}</p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <TextField
            label={t('webhook.secrets.newSecret')}
            readOnly
            value={secret.secret}
            className="font-mono"
            onFocus={(e) => e.target.select()}
          />
        </div>
        <Button variant="secondary" size="sm" icon={<ClipboardDocumentIcon />} onClick={copy}>
          {t('webhook.secrets.copy')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          {t('webhook.secrets.done')}
        </Button>
      </div>
    </div>
  );
}

/** How a receiver checks the signature (the steps; the code is in docs/webhooks.md). */
function VerificationRecipe() {
  const t = useAdminT();
  return (
    <details className="rounded-lg border border-line p-3 text-sm text-fg">
      <summary className="cursor-pointer font-medium">{t('webhook.recipe.title')}</summary>
      <ol className="mt-2 flex list-decimal flex-col gap-1 ps-5">
        <li>{t('webhook.recipe.header')}</li>
        <li>{t('webhook.recipe.compute')}</li>
        <li>{t('webhook.recipe.compare')}</li>
        <li>{t('webhook.recipe.time')}</li>
        <li>{t('webhook.recipe.rotation')}</li>
      </ol>
    </details>
  );
}
