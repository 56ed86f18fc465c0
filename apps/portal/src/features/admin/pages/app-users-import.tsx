// /admin/{application}/users/import: users' access from a CSV file (#20.3). The text (pasted
// or read from a file, editable here) goes to a dry run that lists per line what would change
// and each invalid line with its reason; "Übernehmen" is offered once a dry run of exactly
// this text found no invalid line, and writes all or nothing; a report of the lines can be
// downloaded. A failed call keeps the text and says why in a toast.
// Applied, the import is a job (#28.6): the page shows its progress until it is finished, then
// its result as before (or its refusal in a toast). The submit carries an Idempotency-Key, the
// same for the same text until a job of it has finished: "Übernehmen" again after a failed
// submit (a timeout) answers the job the first one started, never a second import. The running
// job is in the address (`?job=<id>`): a reload, or the way back to the page, shows it again.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ArrowDownTrayIcon } from '@heroicons/react/20/solid';
import type { ImportProblem, ImportResult, ImportRow, Job } from '@portal/adapters/admin';
import { jobOutcome, toPortalError } from '@portal/core';
import { Button, type DataTableColumn } from '@portal/ui';
import { useToasts } from '../../../app/contexts.tsx';
import { useAdmin } from '../admin-context.tsx';
import { JobProgress } from '../components/job-progress.tsx';
import { useApplicationFrame } from '../components/page-state.tsx';
import { importReportCsv } from '../lib/import-report.ts';
import { importResultOf, useJob, useJobEnd, useSubmitKey } from '../lib/jobs.ts';
import { adminLinks } from '../lib/links.ts';
import { useAdminT } from '../lib/i18n.ts';
import { LinesTable } from './import-lines-table.tsx';

const today = () => new Date().toISOString().slice(0, 10);

export default function AppUsersImportPage() {
  const t = useAdminT();
  const toasts = useToasts();
  const id = useId();
  const { application, label } = useApplicationFrame(t('import.title'), adminLinks.applicationUsers);
  const { api } = useAdmin();
  const [csv, setCsv] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState<'dryRun' | 'apply' | undefined>(undefined);
  /** The last answer and the text it was asked for. */
  const [result, setResult] = useState<{ readonly csv: string; readonly answer: ImportResult } | undefined>(undefined);
  const answer = result?.answer;
  const stale = result !== undefined && result.csv !== csv && !result.answer.applied;
  const applicable =
    answer !== undefined &&
    !answer.applied &&
    !stale &&
    answer.invalid.length === 0 &&
    answer.rows.some((row) => row.change !== 'UNCHANGED');

  const submitKey = useSubmitKey();
  /** The applied import's job and the text it was started with (none for a job found in the address). */
  const [applying, setApplying] = useState<{ readonly csv: string; readonly job: Job } | undefined>(undefined);
  const watch = useJob(applying?.job);
  const [, navigate] = useLocation();
  const here = adminLinks.applicationUsersImport(application);
  const jobInAddress = new URLSearchParams(useSearch()).get('job') ?? undefined;
  /** The job this page started (its id goes into the address): not read again from there. */
  const startedHere = useRef<string | undefined>(undefined);
  // A job named by the address (a reload while it ran): read, then watched as one started here.
  useEffect(() => {
    if (jobInAddress === undefined || startedHere.current === jobInAddress) return;
    setBusy('apply');
    api.getJob(application, jobInAddress).then(
      (job) => {
        // Another import was started here meanwhile: that one is shown.
        if (startedHere.current !== undefined && startedHere.current !== job.id) return;
        startedHere.current = job.id;
        setApplying({ csv: '', job });
      },
      (error: unknown) => {
        if (startedHere.current !== undefined) return;
        setBusy(undefined);
        navigate(here, { replace: true });
        toasts.error(toPortalError(error));
      },
    );
    // Only when the address names another job: the rest is read when it happens.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the job in the address decides, not the callbacks
  }, [jobInAddress]);
  useJobEnd(watch, (ended) => {
    setBusy(undefined);
    // Not readable any more: the progress says so and stays; nothing is claimed about the import. The key stays too:
    // "Übernehmen" again names the same job.
    if (ended.state === 'lost' || applying === undefined) return;
    submitKey.renew();
    setApplying(undefined);
    navigate(here, { replace: true });
    const outcome = jobOutcome(ended.job);
    const answer = importResultOf(ended.job);
    if (outcome?.kind === 'failed' || answer === undefined) {
      toasts.error(toPortalError(outcome?.kind === 'failed' ? outcome.error : undefined));
      return;
    }
    setResult({ csv: applying.csv, answer });
    toasts.success(t('import.applied', { changes: answer.rows.filter((row) => row.change !== 'UNCHANGED').length }));
  });

  const send = (apply: boolean) => {
    if (csv.trim() === '') {
      setProblem(t('import.empty'));
      return;
    }
    setProblem(undefined);
    setBusy(apply ? 'apply' : 'dryRun');
    const text = csv;
    const failed = (error: unknown) => {
      setBusy(undefined);
      toasts.error(toPortalError(error));
    };
    if (!apply) {
      api.dryRunImport(application, text).then((next) => {
        setBusy(undefined);
        setResult({ csv: text, answer: next });
      }, failed);
      return;
    }
    setApplying(undefined);
    api.startImport(application, text, submitKey.keyFor(text)).then((job) => {
      startedHere.current = job.id;
      setApplying({ csv: text, job });
      navigate(`${here}?job=${encodeURIComponent(job.id)}`, { replace: true });
    }, failed);
  };

  const changeText = (change: ImportRow['change'] | 'INVALID') => t(`import.changes.${change}`);
  const rowColumns = useMemo<readonly DataTableColumn<ImportRow>[]>(
    () => [
      { key: 'line', header: t('import.fields.line'), align: 'end', className: 'w-16', render: (row) => row.line },
      {
        key: 'email',
        header: t('import.fields.email'),
        render: (row) => <span className="break-all">{row.email}</span>,
      },
      { key: 'change', header: t('import.fields.change'), render: (row) => t(`import.changes.${row.change}`) },
      {
        key: 'roles',
        header: t('import.fields.roles'),
        render: (row) => (row.roles.length === 0 ? '–' : row.roles.map((role) => role.label).join(', ')),
      },
      {
        key: 'accountAccesses',
        header: t('import.fields.accountAccesses'),
        render: (row) =>
          row.accountAccesses.length === 0 ? '–' : row.accountAccesses.map((access) => access.label).join(', '),
      },
    ],
    [t],
  );
  const problemColumns = useMemo<readonly DataTableColumn<ImportProblem>[]>(
    () => [
      { key: 'line', header: t('import.fields.line'), align: 'end', className: 'w-16', render: (row) => row.line },
      {
        key: 'email',
        header: t('import.fields.email'),
        render: (row) => <span className="break-all">{row.email ?? '–'}</span>,
      },
      { key: 'reason', header: t('import.fields.reason'), render: (row) => row.message },
    ],
    [t],
  );

  const download = () => {
    if (answer === undefined) return;
    const text = importReportCsv(answer, {
      header: [
        t('import.fields.line'),
        t('import.fields.email'),
        t('import.fields.result'),
        t('import.fields.roles'),
        t('import.fields.accountAccesses'),
        t('import.fields.reason'),
      ],
      change: changeText,
    });
    const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${t('import.reportFile')}-${today()}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  const changes = answer?.rows.filter((row) => row.change !== 'UNCHANGED').length ?? 0;
  return (
    <div className="flex flex-col gap-6">
      <p className="max-w-3xl text-sm text-fg-muted">{t('import.intro', { application: label })}</p>
      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-file`} className="text-sm font-medium text-fg">
          {t('import.file')}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv,text/plain"
          disabled={busy !== undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file === undefined) return;
            file.text().then(
              (text) => {
                setCsv(text);
                setProblem(undefined);
              },
              () => setProblem(t('import.fileError')),
            );
          }}
          className="text-sm text-fg file:me-3 file:rounded-lg file:border file:border-line-strong file:bg-surface file:px-3 file:py-1.5 file:text-sm file:text-fg"
        />
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-text`} className="text-sm font-medium text-fg">
          {t('import.text')}
        </label>
        <textarea
          id={`${id}-text`}
          value={csv}
          rows={10}
          spellCheck={false}
          aria-invalid={problem !== undefined || undefined}
          aria-describedby={problem === undefined ? undefined : `${id}-problem`}
          onChange={(event) => setCsv(event.target.value)}
          className="block w-full rounded-lg border border-line-strong bg-surface px-3 py-2 font-mono text-sm text-fg"
        />
        {problem !== undefined && (
          <p id={`${id}-problem`} role="alert" className="text-sm text-danger">
            {problem}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant={applicable ? 'secondary' : 'primary'}
          busy={busy === 'dryRun'}
          disabled={busy === 'apply'}
          onClick={() => send(false)}
        >
          {t('import.dryRun')}
        </Button>
        <Button
          variant="primary"
          busy={busy === 'apply'}
          disabled={!applicable || busy === 'dryRun'}
          onClick={() => send(true)}
        >
          {t('import.apply')}
        </Button>
        {answer !== undefined && (
          <Button variant="secondary" icon={<ArrowDownTrayIcon />} onClick={download}>
            {t('import.report')}
          </Button>
        )}
      </div>
      {applying !== undefined && watch !== undefined && (
        <section aria-label={t('import.running')} className="flex max-w-xl flex-col gap-2">
          <p className="text-sm font-medium text-fg">{t('import.running')}</p>
          <JobProgress watch={watch} />
        </section>
      )}
      {answer !== undefined && (
        <section aria-labelledby={`${id}-summary`} className="flex flex-col gap-4">
          <div role="status" className="flex flex-col gap-1 text-sm">
            <p id={`${id}-summary`} className="font-medium text-fg">
              {t('import.summary', {
                changes,
                unchanged: answer.rows.length - changes,
                invalid: answer.invalid.length,
              })}
            </p>
            {answer.applied ? (
              <p className="text-fg">{t('import.applied', { changes })}</p>
            ) : (
              <p className="text-fg-muted">{t('import.dryRunInfo')}</p>
            )}
            {stale && <p className="text-warning">{t('import.stale')}</p>}
            {!answer.applied && answer.invalid.length > 0 && <p className="text-danger">{t('import.fixFirst')}</p>}
          </div>
          <LinesTable caption={t('import.invalidCaption')} columns={problemColumns} rows={answer.invalid} />
          <LinesTable caption={t('import.changesCaption')} columns={rowColumns} rows={answer.rows} />
        </section>
      )}
    </div>
  );
}
