// Bulk actions on a list's chosen rows (#20.3): a delete that asks first, and a dialog that
// asks for what to apply (roles, account accesses, a reason). A failed call keeps the dialog,
// what was chosen in it and the list's choice, and says why in a toast.
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { TrashIcon } from '@heroicons/react/20/solid';
import { toPortalError } from '@portal/core';
import { Button } from '@portal/ui';
import { useToasts } from '../../../app/contexts.tsx';
import { useAdmin } from '../admin-context.tsx';
import type { EntityKind } from '../lib/links.ts';
import { Confirm } from './confirm.tsx';
import type { ListBulk } from './list-view.tsx';
import { useAdminT, type AdminT } from '../lib/i18n.ts';

const LazyDialog = lazy(() => import('@portal/ui/dialog').then((m) => ({ default: m.Dialog })));

const shownNames = 5;

/** What a bulk action on a list of one application gets: the application, the chosen rows, and what to call once it is done. */
export interface ApplicationBulkProps<Row> {
  readonly application: string;
  readonly rows: readonly Row[];
  readonly done: () => void;
}

/** The first names of the chosen rows, and how many more there are. */
export function namesText(t: AdminT, names: readonly string[]): string {
  const first = names.slice(0, shownNames).join(', ');
  return names.length <= shownNames ? first : `${first} ${t('bulk.more', { count: names.length - shownNames })}`;
}

/** What a bulk call says it did: a text, or one made of the call's answer (#30.7: how many it really changed). */
type DoneText<R> = string | ((result: R) => string);

/** Runs a bulk call: busy while it runs; on success a toast and `done`; on failure a toast with the server's reason (the choice stays). */
function useBulkRun(): {
  readonly busy: boolean;
  readonly run: <R>(call: () => Promise<R>, success: DoneText<R>, after: () => void) => void;
} {
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);
  return {
    busy,
    run: (call, success, after) => {
      setBusy(true);
      call().then(
        (result) => {
          setBusy(false);
          toasts.success(typeof success === 'string' ? success : success(result));
          after();
        },
        (error: unknown) => {
          setBusy(false);
          toasts.error(toPortalError(error));
        },
      );
    },
  };
}

/** "Löschen" for the chosen rows: asks first, naming them; all or nothing on the server. */
export function BulkDelete<Row, R = unknown>({
  rows,
  name,
  removeMany,
  done,
  label,
  title,
  message,
  doneText,
}: {
  readonly rows: readonly Row[];
  readonly name: (row: Row) => string;
  readonly removeMany: () => Promise<R>;
  readonly done: () => void;
  readonly label?: string;
  readonly title?: string;
  readonly message?: string;
  readonly doneText?: DoneText<R>;
}) {
  const t = useAdminT();
  const [open, setOpen] = useState(false);
  const { busy, run } = useBulkRun();
  const names = namesText(t, rows.map(name));
  return (
    <>
      <Button variant="danger" size="sm" icon={<TrashIcon />} onClick={() => setOpen(true)}>
        {label ?? t('bulk.delete')}
      </Button>
      <Confirm
        open={open}
        busy={busy}
        title={title ?? t('bulk.deleteTitle', { count: rows.length })}
        message={message ?? t('bulk.deleteMessage', { names })}
        {...(label === undefined ? {} : { confirmLabel: label })}
        onCancel={() => setOpen(false)}
        onConfirm={() =>
          run(removeMany, doneText ?? t('bulk.deleted', { count: rows.length }), () => {
            setOpen(false);
            done();
          })
        }
      />
    </>
  );
}

/**
 * A button that opens a dialog asking what to apply to the chosen rows (`children`, e.g. a
 * checklist of roles); `apply` answers a problem text to show in the dialog, `null` when a field of
 * the dialog already says what is wrong, or the call, whose answer is how many it changed (the toast
 * says that number, #30.7, not how many rows were chosen).
 */
export function BulkDialogAction({
  label,
  title,
  description,
  applyLabel,
  doneText,
  onOpen,
  apply,
  done,
  children,
}: {
  readonly label: string;
  readonly title: string;
  readonly description: string;
  readonly applyLabel: string;
  readonly doneText: (count: number) => string;
  /** Called when the dialog opens: start its inputs empty. */
  readonly onOpen?: () => void;
  /** A problem to show (e.g. nothing chosen), `null` (a field says it), or the call to make. */
  readonly apply: () => string | null | (() => Promise<number>);
  readonly done: () => void;
  readonly children: ReactNode;
}) {
  const t = useAdminT();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const { busy, run } = useBulkRun();
  const close = () => {
    if (!busy) setOpen(false);
  };
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          onOpen?.();
          setProblem(undefined);
          setOpen(true);
        }}
      >
        {label}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <LazyDialog
            open
            onClose={close}
            title={title}
            description={description}
            actions={
              <>
                <Button variant="secondary" onClick={close} disabled={busy}>
                  {t('form.cancel')}
                </Button>
                <Button
                  busy={busy}
                  onClick={() => {
                    const next = apply();
                    if (next === null || typeof next === 'string') {
                      setProblem(next ?? undefined);
                      return;
                    }
                    setProblem(undefined);
                    run(next, doneText, () => {
                      setOpen(false);
                      done();
                    });
                  }}
                >
                  {applyLabel}
                </Button>
              </>
            }
          >
            <div className="flex flex-col gap-3">
              {children}
              {problem !== undefined && (
                <p role="alert" className="text-sm text-danger">
                  {problem}
                </p>
              )}
            </div>
          </LazyDialog>
        </Suspense>
      )}
    </>
  );
}

/** A global list's bulk delete (#20.3), offered to whoever may write the kind; `undefined` (no checkboxes) otherwise. */
export function useBulkDelete<Row extends { readonly id: string }>(
  kind: EntityKind,
  name: (row: Row) => string,
  removeMany: (ids: readonly string[]) => Promise<number>,
): ListBulk<Row> | undefined {
  const t = useAdminT();
  const { canWrite, invalidate } = useAdmin();
  const writable = canWrite(kind);
  return useMemo(
    () =>
      !writable
        ? undefined
        : {
            rowLabel: (row: Row) => t('bulk.selectRow', { name: name(row) }),
            actions: (rows: readonly Row[], done: () => void) => (
              <BulkDelete
                rows={rows}
                name={name}
                removeMany={() => removeMany(rows.map((row) => row.id))}
                done={() => {
                  if (kind !== 'users') invalidate(kind);
                  done();
                }}
              />
            ),
          },
    [t, writable, name, removeMany, invalidate, kind],
  );
}
