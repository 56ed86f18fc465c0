// Where a job stands (#28.6): waiting, how many rows are done of how many (a progress bar), and
// when its state cannot be read for now — never that the work failed, which a read cannot know.
import { jobShareDone } from '@portal/core';
import type { JobWatch } from '../lib/jobs.ts';
import { useAdminT } from '../lib/i18n.ts';

export function JobProgress({ watch }: { readonly watch: JobWatch }) {
  const t = useAdminT();
  const { job } = watch;
  const share = jobShareDone(job.progress);
  const { done, total } = job.progress;
  const text =
    job.status === 'QUEUED'
      ? t('jobs.queued')
      : total === null
        ? t('jobs.progressOpen', { done })
        : t('jobs.progress', { done, total });
  return (
    <div role="status" className="flex flex-col gap-1.5 text-sm">
      <p className="text-fg">{text}</p>
      <progress
        aria-label={t('jobs.progressLabel')}
        max={1}
        {...(share === undefined ? {} : { value: share })}
        className="h-2 w-full accent-accent"
      />
      {watch.state === 'running' && watch.unreachable && <p className="text-warning">{t('jobs.unreachable')}</p>}
      {watch.state === 'lost' && <p className="text-warning">{t('jobs.lost')}</p>}
    </div>
  );
}
