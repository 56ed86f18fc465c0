// Pure view of the claims-refresh machine (the /flows/auth-refresh page).

import type { SnapshotFrom } from 'xstate';
import { errorPage } from '../../errors/errors.ts';
import type { ErrorPageModel } from '../../errors/errors.ts';
import type { claimsRefreshMachine } from './claims-refresh.machine.ts';

type ClaimsRefreshViewStatus = 'idle' | 'working' | 'redirecting' | 'cancelled' | 'failed';

export interface ClaimsRefreshView {
  readonly status: ClaimsRefreshViewStatus;
  readonly busy: boolean;
  readonly navigateTo?: string;
  readonly error?: ErrorPageModel;
  readonly canRetry: boolean;
}

export function claimsRefreshView(snapshot: SnapshotFrom<typeof claimsRefreshMachine>): ClaimsRefreshView {
  const { context } = snapshot;
  if (snapshot.matches('idle')) return { status: 'idle', busy: false, canRetry: false };
  if (snapshot.matches('refreshed')) return { status: 'redirecting', busy: true, navigateTo: context.refresh.redirectUri, canRetry: false };
  if (snapshot.matches('redirected')) return { status: 'redirecting', busy: true, canRetry: false };
  if (snapshot.matches('cancelled')) return { status: 'cancelled', busy: false, navigateTo: context.redirectTo ?? '/', canRetry: false };
  if (snapshot.matches('failed')) {
    const error = context.error === undefined || context.error.kind === 'cancelled' ? { kind: 'unexpected', status: 500 } as const : context.error;
    return { status: 'failed', busy: false, error: errorPage(error), canRetry: true };
  }
  return { status: 'working', busy: true, canRetry: false };
}
