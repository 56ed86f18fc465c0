import type { ApplicationBranding } from '../../domain/entities.ts';
import type { PortalError } from '../../errors/errors.ts';

export type ExternalAppEvent =
  /** The address changed; `clientId` is its `client_id` query value (undefined when absent). */
  { readonly type: 'LOCATION'; readonly clientId?: string };

export interface ExternalAppContext {
  readonly clientId?: string | undefined;
  readonly branding?: ApplicationBranding | undefined;
  readonly error?: PortalError | undefined;
}
