// Loading and failure of a detail page: a skeleton (after the fetch delay), or the error; the
// frame of a page of one application.
import { useParams } from 'wouter';
import { Skeleton } from '@portal/ui';
import type { PortalError } from '@portal/core';
import { useDelayedFlag } from '@portal/ui';
import { fetchDelayMs } from '@portal/core';
import { ErrorViewFor } from '../../../app/error-view.tsx';
import { useNavigationBar } from '../../../app/contexts.tsx';
import { usePageTitle } from '../../../app/page-title.tsx';
import { useAdmin } from '../admin-context.tsx';

export function PageSkeleton() {
  const shown = useDelayedFlag(true, fetchDelayMs);
  if (!shown) return <div aria-busy="true" className="min-h-40" />;
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <Skeleton className="h-8 w-1/3" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

export function PageFailure({ error }: { readonly error: PortalError }) {
  return <ErrorViewFor error={error} />;
}

/**
 * The frame of a page of one application (`/admin/{application}/…`): navigation bar and page
 * title with the application's label; back to `backLink`.
 */
export function useApplicationFrame(
  title: string,
  backLink: (application: string) => string,
): { readonly application: string; readonly label: string } {
  const { application = '' } = useParams<{ application: string }>();
  const { administrable } = useAdmin();
  const label = administrable.items.find((item) => item.id === application)?.label ?? application;
  useNavigationBar({ title, subTitle: label, backLink: backLink(application) });
  usePageTitle(`${title} – ${label}`);
  return { application, label };
}
