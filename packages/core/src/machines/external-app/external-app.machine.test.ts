import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { clientIdFromUrl, externalAppMachine, provideExternalApp } from './external-app.machine.ts';
import { externalAppView } from './external-app.view.ts';
import { createFakePortalApi } from '../../testing/index.ts';
import { HttpError } from '../../errors/errors.ts';

const brandings = [
  {
    clientId: 'shop',
    label: 'Händlerbestellung',
    logoUrl: 'http://localhost:4000/logos/shop.svg',
    url: 'http://localhost:4002',
  },
  { clientId: 'planner', label: 'Küchenplaner' },
];

function setup() {
  const api = createFakePortalApi({ brandings });
  const actor = createActor(provideExternalApp({ api }));
  actor.start();
  return { api, actor };
}

describe('external-app mode', () => {
  it('reads client_id from the address', () => {
    expect(clientIdFromUrl('http://h/flows/auth?client_id=shop&x=1')).toBe('shop');
    expect(clientIdFromUrl('http://h/?client_id=%20')).toBeUndefined();
    expect(clientIdFromUrl('http://h/')).toBeUndefined();
    expect(clientIdFromUrl(`http://h/?client_id=${'x'.repeat(201)}`)).toBeUndefined();
  });

  it('activates with a client_id, shows its logo and title, hides nav and user menu', async () => {
    const { actor } = setup();
    expect(externalAppView(actor.getSnapshot())).toEqual({
      status: 'inactive',
      active: false,
      iconSize: 64,
      hideNavigation: false,
      hideUserMenu: false,
    });
    actor.send({ type: 'LOCATION', clientId: 'shop' });
    expect(externalAppView(actor.getSnapshot())).toMatchObject({ status: 'loading', clientId: 'shop' });
    await waitFor(actor, (s) => s.matches('active'));
    expect(externalAppView(actor.getSnapshot())).toEqual({
      status: 'active',
      active: true,
      iconSize: 64,
      hideNavigation: true,
      hideUserMenu: true,
      clientId: 'shop',
      title: 'Händlerbestellung',
      logoUrl: 'http://localhost:4000/logos/shop.svg',
      url: 'http://localhost:4002',
    });
  });

  it('the same client_id again does not reload; a different one does; absent disables', async () => {
    const { actor, api } = setup();
    actor.send({ type: 'LOCATION', clientId: 'shop' });
    await waitFor(actor, (s) => s.matches('active'));
    actor.send({ type: 'LOCATION', clientId: 'shop' });
    expect(api.calls).toHaveLength(1);
    actor.send({ type: 'LOCATION', clientId: 'planner' });
    await waitFor(actor, (s) => s.matches('active') && s.context.clientId === 'planner');
    expect(externalAppView(actor.getSnapshot())).toMatchObject({ title: 'Küchenplaner', active: true });
    expect(externalAppView(actor.getSnapshot())).not.toHaveProperty('logoUrl');
    actor.send({ type: 'LOCATION' });
    expect(externalAppView(actor.getSnapshot()).active).toBe(false);
  });

  it('while loading: absent cancels, a different client id restarts', async () => {
    const { actor, api } = setup();
    const hold = api.holdNext('getApplicationBranding');
    actor.send({ type: 'LOCATION', clientId: 'shop' });
    actor.send({ type: 'LOCATION', clientId: 'planner' });
    hold.resolve();
    await waitFor(actor, (s) => s.matches('active'));
    expect(actor.getSnapshot().context.branding?.clientId).toBe('planner');
    api.holdNext('getApplicationBranding');
    actor.send({ type: 'LOCATION', clientId: 'shop' });
    actor.send({ type: 'LOCATION' });
    expect(actor.getSnapshot().value).toBe('inactive');
  });

  it('an unknown client id stays inactive with the error', async () => {
    const { actor, api } = setup();
    api.failNext('getApplicationBranding', new HttpError(404, null));
    actor.send({ type: 'LOCATION', clientId: 'nope' });
    await waitFor(actor, (s) => s.matches('inactive'));
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'http', status: 404, httpStatus: 404 });
  });

  it('a malformed branding answer leaves the mode inactive', async () => {
    const api = createFakePortalApi({ brandings: [{ clientId: 'bad' } as unknown as (typeof brandings)[number]] });
    const actor = createActor(provideExternalApp({ api }));
    actor.start();
    actor.send({ type: 'LOCATION', clientId: 'bad' });
    await waitFor(actor, (s) => s.matches('inactive'));
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'unexpected', status: 500 });
  });

  it('the unprovided machine ends inactive', async () => {
    const actor = createActor(externalAppMachine);
    actor.start();
    actor.send({ type: 'LOCATION', clientId: 'x' });
    await waitFor(actor, (s) => s.matches('inactive'));
  });
});
