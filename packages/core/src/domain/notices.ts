// The launcher's notices (#19, #30.6): of the user's unread notifications, the ones that still
// tell the truth — the newest per application, and none the application's state now
// contradicts (a denial or an ended access beside access granted since, an end that moved, an
// acceptance whose access is gone) — each with the action that fits now.
import type { components } from '@portal/contract';

type NotificationKind = components['schemas']['MyNotificationKind'];

/** A notification as the launcher reads it (newest first in its list). */
export interface NoticeSource {
  readonly id: string;
  readonly kind: NotificationKind;
  readonly application: { readonly id: string };
  /** The end of access it is about (ACCESS_EXPIRED, ACCESS_EXPIRING). */
  readonly endsAt?: string;
}

/** Where the user stands with an application now (the launcher's list). */
export interface ApplicationState {
  readonly id: string;
  readonly accessStatus: 'granted' | 'requested';
  readonly accessEndsAt?: string;
  /** An open request (also one to extend a granted access). */
  readonly pendingRequestId?: string;
}

/** What a notice offers: a new request (after a denial or an end), an extension, or nothing. */
type NoticeAction = 'requestAgain' | 'extend';

export interface CurrentNotices<N extends NoticeSource> {
  /** The notices to show, newest first, each with its action (none while an extension is asked for). */
  readonly shown: readonly { readonly notice: N; readonly action?: NoticeAction }[];
  /** The ones left out: an older one about the same application, or one the state now contradicts. */
  readonly stale: readonly N[];
}

const sameInstant = (a: string | undefined, b: string | undefined): boolean =>
  a !== undefined && b !== undefined && Date.parse(a) === Date.parse(b);

/** Whether the notification still holds against the application's state now. */
function holds(notice: NoticeSource, state: ApplicationState | undefined): boolean {
  const granted = state?.accessStatus === 'granted';
  switch (notice.kind) {
    case 'REQUEST_DENIED':
    case 'ACCESS_EXPIRED':
      // Neither access since (granted by an administrator, another request accepted) nor a new request open.
      return !granted && !requestOpen(state);
    case 'ACCESS_EXPIRING':
      // Still granted, ending when it said (an extension moved or removed the end).
      return granted && sameInstant(state.accessEndsAt, notice.endsAt);
    case 'REQUEST_ACCEPTED':
      // The access it gave is still there.
      return granted;
  }
}

const requestOpen = (state: ApplicationState | undefined): boolean =>
  state?.accessStatus === 'requested' || state?.pendingRequestId !== undefined;

function actionOf(notice: NoticeSource, state: ApplicationState | undefined): NoticeAction | undefined {
  if (requestOpen(state)) return undefined;
  if (notice.kind === 'ACCESS_EXPIRING') return 'extend';
  if (notice.kind === 'REQUEST_DENIED' || notice.kind === 'ACCESS_EXPIRED') return 'requestAgain';
  return undefined;
}

/** The notices that tell the truth now, from the unread notifications (newest first) and the user's applications. */
export function currentNotices<N extends NoticeSource>(
  notifications: readonly N[],
  applications: readonly ApplicationState[],
): CurrentNotices<N> {
  const states = new Map(applications.map((app) => [app.id, app]));
  const seen = new Set<string>();
  const shown: { notice: N; action?: NoticeAction }[] = [];
  const stale: N[] = [];
  for (const notice of notifications) {
    const state = states.get(notice.application.id);
    if (seen.has(notice.application.id) || !holds(notice, state)) {
      stale.push(notice);
      continue;
    }
    seen.add(notice.application.id);
    const action = actionOf(notice, state);
    shown.push(action === undefined ? { notice } : { notice, action });
  }
  return { shown, stale };
}
