// Pure view of the application list.

import type { SnapshotFrom } from 'xstate';
import type { Application } from '../../domain/entities.ts';
import { toastError } from '../../errors/errors.ts';
import type { ToastModel } from '../../errors/errors.ts';
import type { applicationListMachine } from './application-list.machine.ts';

export interface ApplicationListView {
  readonly status: 'idle' | 'loading' | 'loaded' | 'failed';
  readonly loaded: boolean;
  readonly loading: boolean;
  /** Sorted by sort number, then label. */
  readonly applications: readonly Application[];
  readonly toast?: ToastModel;
}

export function applicationListView(snapshot: SnapshotFrom<typeof applicationListMachine>): ApplicationListView {
  const { context } = snapshot;
  const applications = [...context.applications].sort((a, b) => a.sortNumber - b.sortNumber || a.label.localeCompare(b.label));
  return {
    status: snapshot.value,
    loaded: context.loaded,
    loading: snapshot.value === 'loading',
    applications,
    ...(snapshot.value === 'failed' && context.error !== undefined ? { toast: toastError(context.error) } : {}),
  };
}
