// What every detail page has, the pages of an application's user and of an access request too: the navigation bar's
// title and back link, the page's column (history under the content) and a delete that asks first.
import { useState, type ReactNode } from 'react';
import { TrashIcon } from '@heroicons/react/20/solid';
import { Button } from '@portal/ui';
import { useLocation } from 'wouter';
import { useNavigationBar, useToasts } from '../../../../app/contexts.tsx';
import { usePageTitle } from '../../../../app/page-title.tsx';
import { toPortalError } from '@portal/core';
import type { DeleteResult, EntityUsage } from '@portal/adapters/admin';
import { Confirm } from '../confirm.tsx';
import { removedFromText, UsageDetails, type UsageSubject } from '../usage-details.tsx';
import { useAdminT } from '../../lib/i18n.ts';

export function DetailHeader({
  title,
  subTitle,
  backLink,
}: {
  readonly title: string;
  readonly subTitle?: string;
  readonly backLink: string;
}) {
  useNavigationBar({ title, backLink, ...(subTitle === undefined ? {} : { subTitle }) });
  usePageTitle(title);
  return null;
}

const isDeleteResult = (value: unknown): value is DeleteResult =>
  typeof value === 'object' && value !== null && Array.isArray((value as { removedFrom?: unknown }).removedFrom);

/**
 * A delete button that asks first; on success goes back to the list. With `usage`, the dialog
 * shows where the entity is used and what the delete affects (#17.15, #30.3), and the toast what
 * the delete removed it from.
 */
export function DeleteAction({
  name,
  onDelete,
  afterHref,
  label,
  title,
  message,
  doneText,
  usage,
}: {
  readonly name: string;
  readonly onDelete: () => Promise<unknown>;
  readonly afterHref: string;
  readonly label?: string;
  readonly title?: string;
  readonly message?: string;
  /** The toast after it is done when it is not a deletion (e.g. a user's access removed, #17.16). */
  readonly doneText?: string;
  readonly usage?: { readonly subject: UsageSubject; readonly load: () => Promise<EntityUsage> };
}) {
  const t = useAdminT();
  const toasts = useToasts();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button variant="danger" icon={<TrashIcon />} onClick={() => setOpen(true)}>
        {label ?? t('form.delete')}
      </Button>
      <Confirm
        open={open}
        busy={busy}
        title={title ?? t('form.deleteTitle', { name })}
        message={message ?? t('form.deleteMessage', { name })}
        {...(usage === undefined
          ? {}
          : { details: <UsageDetails name={name} subject={usage.subject} load={usage.load} /> })}
        {...(label === undefined ? {} : { confirmLabel: label })}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setBusy(true);
          onDelete().then(
            (result) => {
              setBusy(false);
              setOpen(false);
              const removedFrom = usage !== undefined && isDeleteResult(result) ? result.removedFrom : [];
              toasts.success(
                doneText ??
                  (removedFrom.length === 0 || usage === undefined
                    ? t('form.deleted', { name })
                    : t('usage.deletedFrom', { name, list: removedFromText(removedFrom, usage.subject, t) })),
              );
              navigate(afterHref, { replace: true });
            },
            (error: unknown) => {
              setBusy(false);
              setOpen(false);
              toasts.error(toPortalError(error));
            },
          );
        }}
      />
    </>
  );
}

export function DetailLayout({ children, history }: { readonly children: ReactNode; readonly history?: ReactNode }) {
  return (
    <div className="flex flex-col gap-8">
      {children}
      {history}
    </div>
  );
}
