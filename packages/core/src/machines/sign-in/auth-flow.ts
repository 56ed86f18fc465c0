// The steps of the round trip through the provider (auth-flow.machine.ts) that are plain rules:
// the verdict on the provider's answer against the stored record, the code exchange's input,
// where a cancel goes, the machine's output, and a claims refresh's data made safe.

import type { AuthFlow, AuthStateData, RefreshData } from '../../domain/auth.ts';
import { authRoutes } from '../../domain/constants.ts';
import { exitPath, isSafeReturnPath } from '../../domain/return-path.ts';
import { buildQuery } from '../../domain/url-build.ts';
import type { PortalError } from '../../errors/errors.ts';
import { isHttpUrl } from '../../validation/validation.ts';
import { judgeCallback, type ExchangeRequest } from './sign-in.actors.ts';
import type { AuthFlowContext, AuthFlowOutput } from './sign-in.types.ts';

/** The provider's answer (the context's callback) judged against the record it took. */
export function judge(context: AuthFlowContext, record: AuthStateData) {
  return judgeCallback(context.params, record, { signedIn: context.signedIn, url: context.callbackUrl });
}
type Verdict = ReturnType<typeof judge>;
export const errorOf = (verdict: Verdict): PortalError => (verdict as Extract<Verdict, { kind: 'error' }>).error;
export const codeOf = (verdict: Verdict): string => (verdict as Extract<Verdict, { kind: 'exchange' }>).code;

const isGate = (path: string) => path === authRoutes.appGate || path.startsWith(`${authRoutes.appGate}?`);

/**
 * Where a cancel at the provider goes: back to the stored referrer (spec §8), except that
 * - a claims refresh asked for by the gate ends on the launcher: back at the gate, the gate
 *   would start the same refresh again, and the provider's form would come back forever;
 * - signed out, the gate would start the sign-in again at once: the login page instead.
 */
/**
 * Where a sign-in started again after an expired provider page leads: the stored referrer, but
 * the launcher for a claims refresh of the gate (the gate would run the same refresh again).
 */
export function restartTarget(flow: AuthFlow, referrer: string | undefined): string {
  const back = exitPath(referrer);
  return flow === 'claimsRefresh' && isGate(back) ? authRoutes.home : back;
}

export function cancelTarget(flow: AuthFlow, referrer: string | undefined, signedIn: boolean): string {
  const back = exitPath(referrer);
  if (!isGate(back)) return back;
  if (flow === 'claimsRefresh') return authRoutes.home;
  return signedIn ? back : `/login?${buildQuery([['returnPath', back]])}`;
}

/** The code exchange's input, once the record is taken and the answer judged. */
export function exchangeInput(context: AuthFlowContext): ExchangeRequest {
  return {
    config: context.config,
    record: context.record as AuthStateData,
    params: context.params,
    code: context.code,
    signedIn: context.signedIn,
    url: context.callbackUrl,
  };
}

/** The machine's output from its final context. */
export function authFlowOutput({ context }: { readonly context: AuthFlowContext }): AuthFlowOutput {
  if (context.redirectTo !== undefined) return { status: 'cancelled', redirectTo: context.redirectTo };
  if (context.restartTo !== undefined) return { status: 'restart', returnPath: context.restartTo };
  if (context.authorizationUrl !== undefined) return { status: 'redirect', url: context.authorizationUrl };
  const { user, session, record } = context;
  if (user === undefined || session === undefined || record === undefined || context.error !== undefined)
    return { status: 'failed', error: context.error ?? { kind: 'unexpected', status: 500 } };
  const returnPath = exitPath(record.extraData.referrer);
  switch (record.extraData.flow) {
    case 'signIn':
      return { status: 'signedIn', user, session, returnPath };
    case 'claimsRefresh':
      return { status: 'refreshed', user, session, refresh: context.refresh, returnPath };
    default:
      return { status: 'changed', flow: record.extraData.flow, returnPath };
  }
}

/** Longest wait before leaving after a claims refresh: the browser waits it, never the server. */
const maxRefreshSleepMs = 5_000;

/** Refresh data made safe: an http(s) URL or a same-origin path, and a bounded wait. */
export function safeRefreshData(refresh: RefreshData | undefined): RefreshData {
  const redirectUri =
    refresh !== undefined && (isHttpUrl(refresh.redirectUri) || isSafeReturnPath(refresh.redirectUri))
      ? refresh.redirectUri
      : '/';
  const sleep =
    refresh !== undefined && Number.isFinite(refresh.sleep)
      ? Math.round(Math.min(Math.max(0, refresh.sleep), maxRefreshSleepMs))
      : 0;
  return { redirectUri, sleep };
}
