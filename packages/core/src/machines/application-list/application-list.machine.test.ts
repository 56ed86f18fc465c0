import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { applicationListMachine, provideApplicationList } from './application-list.machine.ts';
import { applicationListView } from './application-list.view.ts';
import { createFakePortalApi } from '../../testing/index.ts';
import type { Application } from '../../domain/entities.ts';

const app = (id: string, sortNumber: number, label = id): Application => ({
  id, label, url: `http://localhost:4002/${id}`, sortNumber, accessRequestRequired: false, accessRequestAllowed: true,
  internalCopyOfAccessRequests: false, roleRequiredOnAccessRequest: false, accessRequestsAmount: 0, internal: false,
});

describe('application list', () => {
  it('loads once; a plain LOAD does not reload; a forced LOAD does', async () => {
    const api = createFakePortalApi({ applications: [app('b', 2), app('a', 1), app('c', 1, 'C')] });
    const actor = createActor(provideApplicationList({ api }));
    actor.start();
    expect(applicationListView(actor.getSnapshot())).toEqual({ status: 'idle', loaded: false, loading: false, applications: [] });
    actor.send({ type: 'LOAD' });
    expect(applicationListView(actor.getSnapshot()).loading).toBe(true);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(applicationListView(actor.getSnapshot())).toMatchObject({ loaded: true, loading: false });
    expect(applicationListView(actor.getSnapshot()).applications.map((a) => a.id)).toEqual(['a', 'c', 'b']);
    actor.send({ type: 'LOAD' });
    actor.send({ type: 'LOAD', force: false });
    expect(api.calls).toHaveLength(1);
    actor.send({ type: 'LOAD', force: true });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(api.calls).toHaveLength(2);
  });

  it('a failure shows a toast and keeps the previous list; LOAD tries again', async () => {
    const api = createFakePortalApi({ applications: [app('a', 1)] });
    const actor = createActor(provideApplicationList({ api }));
    actor.start();
    api.failNext('listAdministrableApplications', new TypeError('offline'));
    actor.send({ type: 'LOAD' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(applicationListView(actor.getSnapshot()).toast).toMatchObject({ durationMs: 4000, variant: 'danger' });
    actor.send({ type: 'LOAD' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(applicationListView(actor.getSnapshot()).applications).toHaveLength(1);
  });

  it('a malformed list → failed with a toast', async () => {
    const api = createFakePortalApi({ applications: [{ id: 'x' } as unknown as Application] });
    const actor = createActor(provideApplicationList({ api }));
    actor.start();
    actor.send({ type: 'LOAD' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(applicationListView(actor.getSnapshot()).toast).toMatchObject({ descriptionKey: 'errors.page.500.description' });
  });

  it('the unprovided machine fails', async () => {
    const actor = createActor(applicationListMachine);
    actor.start();
    actor.send({ type: 'LOAD' });
    await waitFor(actor, (s) => s.matches('failed'));
  });
});
