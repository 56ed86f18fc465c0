import type { Application } from '../../domain/entities.ts';
import type { PortalError } from '../../errors/errors.ts';

export type ApplicationListEvent =
  /** Load the list; once loaded, only a forced load reloads it. */
  { readonly type: 'LOAD'; readonly force?: boolean };

export interface ApplicationListContext {
  readonly applications: readonly Application[];
  /** The loaded flag of spec §4. */
  readonly loaded: boolean;
  readonly error?: PortalError;
}
