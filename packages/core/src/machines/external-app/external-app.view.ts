// Pure view of external-app mode: what the external-app layout shows.

import type { SnapshotFrom } from 'xstate';
import { externalAppIconSize } from '../../domain/constants.ts';
import type { externalAppMachine } from './external-app.machine.ts';

export interface ExternalAppView {
  readonly status: 'inactive' | 'loading' | 'active';
  /** Use the external-app layout (own logo and title, no nav items, no user menu). */
  readonly active: boolean;
  readonly title?: string;
  readonly logoUrl?: string;
  readonly url?: string;
  /** The client id the machine was last told about (loading or shown). */
  readonly clientId?: string;
  readonly iconSize: number;
  readonly hideNavigation: boolean;
  readonly hideUserMenu: boolean;
}

export function externalAppView(snapshot: SnapshotFrom<typeof externalAppMachine>): ExternalAppView {
  const status = snapshot.value;
  const branding = status === 'active' ? snapshot.context.branding : undefined;
  const active = branding !== undefined;
  return {
    status,
    active,
    iconSize: externalAppIconSize,
    hideNavigation: active,
    hideUserMenu: active,
    ...(branding === undefined ? {} : { title: branding.label }),
    ...(branding?.logoUrl === undefined ? {} : { logoUrl: branding.logoUrl }),
    ...(branding?.url === undefined ? {} : { url: branding.url }),
    ...(snapshot.context.clientId === undefined ? {} : { clientId: snapshot.context.clientId }),
  };
}
