// What the sign-in and the claims-refresh machines share (both are a flow through the
// provider): the verdict on the provider's answer against the stored record, the code
// exchange's input, and how a flow ends when no session came out of it.

import type { AuthStateData } from '../../domain/auth.ts';
import type { PortalError } from '../../errors/errors.ts';
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
