// The external-app machine behind `ExternalAppProvider`: fed the address's client id, it
// reports the mode after each decision. A chunk of its own (with XState), loaded on the
// first address with a `client_id`.
import { useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { externalAppView, provideExternalApp, type ExternalAppView, type externalAppMachine } from '@portal/core';
import { useServices } from './contexts.tsx';
import type { ExternalApp, ExternalAppDriverProps } from './external-app.tsx';

const sameView = (a: ExternalAppView, b: ExternalAppView) =>
  a.status === b.status && a.title === b.title && a.logoUrl === b.logoUrl && a.url === b.url;

function modeOf(snapshot: SnapshotFrom<typeof externalAppMachine>, clientId: string | undefined): ExternalApp {
  const view = externalAppView(snapshot);
  const current = view.clientId ?? clientId ?? '';
  if (view.active && view.title !== undefined) {
    return {
      status: 'active',
      clientId: current,
      branding: {
        clientId: current,
        label: view.title,
        ...(view.logoUrl === undefined ? {} : { logoUrl: view.logoUrl }),
        ...(view.url === undefined ? {} : { url: view.url }),
      },
    };
  }
  return view.status === 'loading' ? { status: 'loading', clientId: current } : { status: 'inactive' };
}

export function ExternalAppDriver({ clientId, onChange }: ExternalAppDriverProps) {
  const { ports } = useServices();
  const machine = useMemo(() => provideExternalApp(ports), [ports]);
  const actor = useActorRef(machine);
  const view = useSelector(actor, externalAppView, sameView);
  useEffect(() => {
    actor.send(clientId === undefined ? { type: 'LOCATION' } : { type: 'LOCATION', clientId });
  }, [actor, clientId]);
  // From the snapshot after the LOCATION above (the rendered view may predate it).
  useEffect(() => {
    onChange(modeOf(actor.getSnapshot(), clientId));
  }, [actor, view, clientId, onChange]);
  return null;
}
