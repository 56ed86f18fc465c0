// The confirmation dialog, loaded on first use (Headless UI Dialog stays out of list pages).
import { lazy, Suspense } from 'react';
import type { ConfirmDialogProps } from '@portal/ui/dialog';

const LazyConfirm = lazy(() => import('@portal/ui/dialog').then((m) => ({ default: m.ConfirmDialog })));

export function Confirm(props: ConfirmDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <LazyConfirm {...props} />
    </Suspense>
  );
}
