// The frame of a detail page: load (or start empty for /new), navigation bar, delete with
// confirmation, and the entity's history under the form.
import { useState, type ReactNode } from 'react';
import { TrashIcon } from '@heroicons/react/20/solid';
import { Button } from '@portal/ui';
import { useLocation } from 'wouter';
import { useNavigationBar, useToasts } from '../../../app/contexts.tsx';
import { usePageTitle } from '../../../app/page-title.ts';
import { useLoad, type LoadState } from '../../../app/use-load.ts';
import { toPortalError } from '@portal/core';
import { Confirm } from './confirm.tsx';
import { newId } from '../lib/links.ts';
import { useAdminT } from '../lib/i18n.ts';

/** The entity of a detail route; `undefined` data for a new one. */
export function useEntity<D>(id: string, get: (id: string) => Promise<D>): LoadState<D | undefined> {
  return useLoad<D | undefined>(() => (id === newId ? Promise.resolve(undefined) : get(id)), id);
}

export function DetailHeader({ title, subTitle, backLink }: { readonly title: string; readonly subTitle?: string; readonly backLink: string }) {
  useNavigationBar({ title, backLink, ...(subTitle === undefined ? {} : { subTitle }) });
  usePageTitle(title);
  return null;
}

/** A delete button that asks first; on success goes back to the list. */
export function DeleteAction({ name, onDelete, afterHref, label, title, message }: {
  readonly name: string;
  readonly onDelete: () => Promise<unknown>;
  readonly afterHref: string;
  readonly label?: string;
  readonly title?: string;
  readonly message?: string;
}) {
  const t = useAdminT();
  const toasts = useToasts();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button variant="danger" icon={<TrashIcon />} onClick={() => setOpen(true)}>{label ?? t('form.delete')}</Button>
      <Confirm
        open={open}
        busy={busy}
        title={title ?? t('form.deleteTitle', { name })}
        message={message ?? t('form.deleteMessage', { name })}
        {...(label === undefined ? {} : { confirmLabel: label })}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setBusy(true);
          onDelete().then(
            () => {
              setBusy(false);
              setOpen(false);
              toasts.success(t('form.deleted', { name }));
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
