// The steps of the machine of both flows through the provider (`auth-flow.machine.ts`: the
// sign-in and the claims refresh): the verdict on the provider's answer against the stored
// record, the code exchange's input, how a flow ends when no session came out of it, and a
// claims refresh's data made safe.

import type { AuthStateData, RefreshData } from '../../domain/auth.ts';
import { isSafeReturnPath } from '../../domain/return-path.ts';
import type { PortalError } from '../../errors/errors.ts';
import { isHttpUrl } from '../../validation/validation.ts';
import { judgeCallback, type ExchangeRequest } from './sign-in.actors.ts';
import type { AuthFlowContext, AuthFlowEnd } from './sign-in.types.ts';

/** The provider's answer (the context's callback) judged against the record it took. */
export function judge(context: AuthFlowContext, record: AuthStateData) {
  return judgeCallback(context.params, record, { signedIn: context.signedIn, url: context.callbackUrl });
}
type Verdict = ReturnType<typeof judge>;
export const errorOf = (verdict: Verdict): PortalError => (verdict as Extract<Verdict, { kind: 'error' }>).error;
export const codeOf = (verdict: Verdict): string => (verdict as Extract<Verdict, { kind: 'exchange' }>).code;

/** Where a cancel at the provider goes (the context's error is the cancel). */
export const cancelTarget = (context: AuthFlowContext): string =>
  (context.error as Extract<PortalError, { kind: 'cancelled' }>).redirectTo;

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

/** The output of a flow that ended without a session. */
export function endWithoutSession(context: AuthFlowContext): AuthFlowEnd {
  if (context.redirectTo !== undefined) return { status: 'cancelled', redirectTo: context.redirectTo };
  if (context.authorizationUrl !== undefined) return { status: 'redirected', url: context.authorizationUrl };
  return { status: 'failed', error: context.error ?? { kind: 'unexpected', status: 500 } };
}

/** Longest wait after a refresh (the record schema allows no more). */
const maxRefreshSleepMs = 60_000;

/** Refresh data made safe: an http(s) URL or a same-origin path, and a bounded wait. */
export function safeRefreshData(refresh: RefreshData | undefined): RefreshData {
  const redirectUri =
    refresh !== undefined && (isHttpUrl(refresh.redirectUri) || isSafeReturnPath(refresh.redirectUri))
      ? refresh.redirectUri
      : '/';
  const sleep =
    refresh !== undefined && Number.isFinite(refresh.sleep)
      ? Math.min(Math.max(0, refresh.sleep), maxRefreshSleepMs)
      : 0;
  return { redirectUri, sleep };
}
