// E-mail and password change run at the provider's own policies (spec §1). They return to
// /auth/login like a sign-in; a hint kept in sessionStorage under the state tells the
// callback which policy issued the code. Their tokens are not kept: the callback then
// signs in again silently against the sign-in policy (the provider's session is alive),
// so refresh tokens always belong to the sign-in policy.
import type { AuthConfig } from '@portal/core';
import { provideSignIn, safeReturnPath } from '@portal/core';
import type { Services } from '../../composition-root.ts';
import { runToOutput } from './run-machine.ts';

const hintPrefix = 'hk-portal.policy.';

export interface PolicyHint {
  readonly policy: string;
  /** Where the change started (a same-origin path): also where a cancel goes back to. */
  readonly returnPath: string;
}

export function policyHintFor(state: string | null): PolicyHint | undefined {
  if (state === null) return undefined;
  try {
    const value = sessionStorage.getItem(hintPrefix + state);
    sessionStorage.removeItem(hintPrefix + state);
    const parsed: unknown = value === null ? undefined : JSON.parse(value);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { policy, returnPath } = parsed as Record<string, unknown>;
    return typeof policy === 'string' && typeof returnPath === 'string' ? { policy, returnPath: safeReturnPath(returnPath) } : undefined;
  } catch {
    return undefined;
  }
}

export function withSignInPolicy(config: AuthConfig, policy: string): AuthConfig {
  return { ...config, policies: { ...config.policies, signIn: policy } };
}

/** Leave for the provider's e-mail or password change; come back to `returnPath`. */
export async function startPolicyChange(services: Services, policy: string, returnPath: string): Promise<void> {
  const ports = {
    ...services.ports,
    navigator: {
      ...services.ports.navigator,
      redirect(url: string) {
        const state = new URL(url).searchParams.get('state');
        try {
          if (state !== null) sessionStorage.setItem(hintPrefix + state, JSON.stringify({ policy, returnPath }));
        } catch {
          /* without storage the callback treats it as a sign-in */
        }
        services.ports.navigator.redirect(url);
      },
    },
  };
  const output = await runToOutput(provideSignIn(ports), { config: withSignInPolicy(services.authConfig, policy), signedIn: true }, { type: 'START', returnPath }, services.ports.clock);
  if (output.status === 'failed') throw output.error;
}
