// Loading and failure of a detail page: a skeleton (after the fetch delay), or the error.
import { Skeleton } from '@portal/ui';
import type { PortalError } from '@portal/core';
import { useDelayedFlag } from '@portal/ui';
import { fetchDelayMs } from '@portal/core';
import { ErrorViewFor } from '../../../app/error-view.tsx';

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
