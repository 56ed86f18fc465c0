// Bulk actions on a list's chosen rows (#20.3): a delete that asks first, and a dialog that
// asks for what to apply (roles, account accesses, a reason). A failed call keeps the dialog,
// what was chosen in it and the list's choice, and says why in a toast. A call that answers a
// job (#28.6: the changes of an application's users, several decisions) keeps the dialog open
// with the job's progress until it is finished; its submit carries an Idempotency-Key, the same
// for the same choice sent again, so a second click after a failure is the first job.
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { TrashIcon } from '@heroicons/react/20/solid';
import type { BulkResult, Job } from '@portal/adapters/admin';
import { jobOutcome, toPortalError } from '@portal/core';
import { Button } from '@portal/ui';
import { useToasts } from '../../../app/contexts.tsx';
import { useAdmin } from '../admin-context.tsx';
import type { EntityKind } from '../lib/links.ts';
import { isJob, useJob, useJobEnd, useSubmitKey, type JobWatch } from '../lib/jobs.ts';
import { Confirm } from './confirm.tsx';
import { JobProgress } from './job-progress.tsx';
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

/** What a bulk call says it did: a text, or one made of how many it really changed (#30.7). */
type DoneText = string | ((count: number) => string);

/**
 * A bulk call: what it sends (the same body again is the same submit) and the call, with the submit's
 * Idempotency-Key; it answers how many it changed, or a job (#28.6) whose result says so.
 */
export interface BulkCall {
  readonly body: unknown;
  readonly send: (idempotencyKey: string) => Promise<number | Job>;
}

/**
 * Runs a bulk call: busy while it runs (and while its job runs); on success a toast and `done`; on failure (of the
 * call or of its job) a toast with the server's reason, the choice stays. A job that cannot be read any more ends the
 * wait without a verdict: its progress says so.
 */
function useBulkRun(): {
  readonly busy: boolean;
  readonly watch: JobWatch | undefined;
  readonly run: (call: BulkCall, success: DoneText, after: () => void) => void;
} {
  const toasts = useToasts();
  const submitKey = useSubmitKey();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<{ job: Job; success: DoneText; after: () => void } | undefined>(undefined);
  const succeeded = (success: DoneText, count: number, after: () => void) => {
    toasts.success(typeof success === 'string' ? success : success(count));
    after();
  };
  const watch = useJob(pending?.job);
  useJobEnd(watch, (ended) => {
    setBusy(false);
    // A job that cannot be read any more keeps its key: the same choice again names the same job.
    if (ended.state === 'lost' || pending === undefined) return;
    submitKey.renew();
    const outcome = jobOutcome<BulkResult>({ ...ended.job, result: countOf(ended.job) });
    if (outcome?.kind === 'failed') {
      toasts.error(toPortalError(outcome.error));
      return;
    }
    setPending(undefined);
    succeeded(pending.success, outcome?.result?.count ?? 0, pending.after);
  });
  return {
    busy,
    watch,
    run: (call, success, after) => {
      setBusy(true);
      setPending(undefined);
      call.send(submitKey.keyFor(call.body)).then(
        (answer) => {
          if (isJob(answer)) {
            setPending({ job: answer, success, after });
            return;
          }
          setBusy(false);
          submitKey.renew();
          succeeded(success, answer, after);
        },
        (error: unknown) => {
          setBusy(false);
          toasts.error(toPortalError(error));
        },
      );
    },
  };
}

/** A bulk job's result (how many it changed); null for another kind's. */
const countOf = (job: Job): BulkResult | null => (job.result !== null && 'count' in job.result ? job.result : null);

/** "Löschen" for the chosen rows: asks first, naming them; all or nothing on the server. */
export function BulkDelete<Row>({
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
  readonly removeMany: BulkCall;
  readonly done: () => void;
  readonly label?: string;
  readonly title?: string;
  readonly message?: string;
  readonly doneText?: DoneText;
}) {
  const t = useAdminT();
  const [open, setOpen] = useState(false);
  const { busy, watch, run } = useBulkRun();
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
        {...(watch === undefined ? {} : { details: <JobProgress watch={watch} /> })}
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
 * the dialog already says what is wrong, or the call, whose answer is how many it changed or a job whose
 * result says so (the toast says that number, #30.7, not how many rows were chosen).
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
  readonly apply: () => string | null | BulkCall;
  readonly done: () => void;
  readonly children: ReactNode;
}) {
  const t = useAdminT();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const { busy, watch, run } = useBulkRun();
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
              {watch !== undefined && <JobProgress watch={watch} />}
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
                removeMany={{ body: rows.map((row) => row.id), send: () => removeMany(rows.map((row) => row.id)) }}
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
