import { describe, expect, it } from 'vitest';
import { createActor, toPromise, waitFor } from 'xstate';
import { accessRequestMachine, provideAccessRequest } from './access-request.machine.ts';
import { accessRequestView } from './access-request.view.ts';
import { createFakePortalApi } from '../../testing/index.ts';
import type { AccessRequest } from '../../domain/entities.ts';
import { HttpError } from '../../errors/errors.ts';

const request: AccessRequest = {
  id: 'r1',
  applicationId: 'a1',
  requestedAt: '2026-01-10T08:00:00Z',
  userId: 'u1',
  status: 'OPEN',
};

function setup(req: AccessRequest = request) {
  const api = createFakePortalApi({ accessRequests: [req] });
  const actor = createActor(provideAccessRequest({ api }), { input: { request: req } });
  actor.start();
  return { api, actor };
}

describe('access-request decision', () => {
  it('accepting needs at least one role (validations.roleRequired), then PUTs the decision', async () => {
    const { actor, api } = setup();
    expect(accessRequestView(actor.getSnapshot())).toMatchObject({
      status: 'open',
      canAccept: true,
      canDeny: true,
      canSubmit: false,
    });
    actor.send({ type: 'ACCEPT' });
    actor.send({ type: 'SUBMIT' });
    expect(accessRequestView(actor.getSnapshot())).toMatchObject({
      status: 'accepting',
      validation: 'validations.roleRequired',
    });
    expect(api.calls).toHaveLength(0);
    actor.send({ type: 'TOGGLE_ROLE', roleId: 'r-a' });
    expect(accessRequestView(actor.getSnapshot()).validation).toBeUndefined();
    actor.send({ type: 'TOGGLE_ROLE', roleId: 'r-b' });
    actor.send({ type: 'TOGGLE_ROLE', roleId: 'r-a' });
    actor.send({ type: 'SET_ACCOUNT_ACCESSES', accountAccessIds: ['aa1', 'aa1'] });
    actor.send({ type: 'SUBMIT' });
    expect(accessRequestView(actor.getSnapshot())).toMatchObject({ status: 'submitting', busy: true });
    expect(await toPromise(actor)).toEqual({
      decision: { kind: 'accept', roleIds: ['r-b'], accountAccessIds: ['aa1'] },
    });
    expect(api.decisions.get('r1')).toEqual({ kind: 'accept', roleIds: ['r-b'], accountAccessIds: ['aa1'] });
    expect(accessRequestView(actor.getSnapshot())).toMatchObject({ status: 'decided', requestStatus: 'ACCEPTED' });
  });

  it('accepting starts with the role and the account access the user asked for ticked (#17.17)', async () => {
    const asked: AccessRequest = {
      ...request,
      requestedAccountAccess: 'Filiale Nord',
      requestedAccountAccessId: 'aa-nord',
      requestedRoleId: 'r-planer',
    };
    const { actor, api } = setup(asked);
    actor.send({ type: 'ACCEPT' });
    expect(accessRequestView(actor.getSnapshot())).toMatchObject({
      status: 'accepting',
      selectedRoleIds: ['r-planer'],
      selectedAccountAccessIds: ['aa-nord'],
    });
    actor.send({ type: 'SUBMIT' });
    expect(await toPromise(actor)).toEqual({
      decision: { kind: 'accept', roleIds: ['r-planer'], accountAccessIds: ['aa-nord'] },
    });
    expect(api.decisions.get('r1')).toEqual({ kind: 'accept', roleIds: ['r-planer'], accountAccessIds: ['aa-nord'] });
    const unticked = setup(asked);
    unticked.actor.send({ type: 'ACCEPT' });
    unticked.actor.send({ type: 'TOGGLE_ROLE', roleId: 'r-planer' });
    unticked.actor.send({ type: 'SUBMIT' });
    expect(accessRequestView(unticked.actor.getSnapshot())).toMatchObject({
      status: 'accepting',
      selectedRoleIds: [],
      validation: 'validations.roleRequired',
    });
  });

  it('SET_ROLES replaces the selection (deduplicated); clearing it fails validation again', () => {
    const { actor } = setup();
    actor.send({ type: 'ACCEPT' });
    actor.send({ type: 'SET_ROLES', roleIds: ['x', 'x', 'y'] });
    expect(accessRequestView(actor.getSnapshot()).selectedRoleIds).toEqual(['x', 'y']);
    actor.send({ type: 'SET_ROLES', roleIds: [] });
    actor.send({ type: 'SUBMIT' });
    expect(accessRequestView(actor.getSnapshot()).validation).toBe('validations.roleRequired');
    actor.send({ type: 'CANCEL' });
    expect(accessRequestView(actor.getSnapshot())).toMatchObject({ status: 'open' });
    expect(accessRequestView(actor.getSnapshot())).not.toHaveProperty('validation');
  });

  it('denying needs a reason the user will read (#19)', async () => {
    const first = setup();
    first.actor.send({ type: 'DENY' });
    first.actor.send({ type: 'SET_REASON', reason: '  kein Bedarf ' });
    first.actor.send({ type: 'SUBMIT' });
    expect(await toPromise(first.actor)).toEqual({ decision: { kind: 'deny', reason: 'kein Bedarf' } });
    expect(accessRequestView(first.actor.getSnapshot()).requestStatus).toBe('DENIED');
    const second = setup();
    second.actor.send({ type: 'DENY' });
    second.actor.send({ type: 'SET_REASON', reason: '   ' });
    second.actor.send({ type: 'SUBMIT' });
    expect(accessRequestView(second.actor.getSnapshot())).toMatchObject({
      status: 'denying',
      reasonValidation: { code: 'validations.required' },
    });
    second.actor.send({ type: 'SET_REASON', reason: 'x'.repeat(1001) });
    second.actor.send({ type: 'SUBMIT' });
    expect(accessRequestView(second.actor.getSnapshot()).reasonValidation).toEqual({
      code: 'validations.tooLong',
      params: { max: 1000 },
    });
    second.actor.send({ type: 'SET_REASON', reason: 'Bitte über den Händler' });
    expect(accessRequestView(second.actor.getSnapshot())).not.toHaveProperty('reasonValidation');
    second.actor.send({ type: 'CANCEL' });
    expect(accessRequestView(second.actor.getSnapshot()).status).toBe('open');
    expect(second.api.calls).toHaveLength(0);
  });

  it('accepting with an end date: the one asked for first, after today and at most the maximum ahead (#19)', async () => {
    const asked: AccessRequest = {
      ...request,
      requestedRoleId: 'r-planer',
      requestedEndDate: '2026-11-30',
      maxAccessDays: 30,
      justification: 'Planung',
    };
    const api = createFakePortalApi({ accessRequests: [asked] });
    const actor = createActor(provideAccessRequest({ api }), {
      input: { request: asked, today: '2026-11-26' },
    }).start();
    actor.send({ type: 'ACCEPT' });
    expect(accessRequestView(actor.getSnapshot())).toMatchObject({
      endDate: '2026-11-30',
      latestEndDate: '2026-12-25',
    });
    actor.send({ type: 'SET_END_DATE', endDate: '2027-01-10' });
    actor.send({ type: 'SUBMIT' });
    expect(accessRequestView(actor.getSnapshot())).toMatchObject({
      status: 'accepting',
      endDateValidation: { code: 'validations.dateTooLate', params: { max: '2026-12-25' } },
    });
    actor.send({ type: 'SET_END_DATE', endDate: '2026-11-26' });
    expect(accessRequestView(actor.getSnapshot())).not.toHaveProperty('endDateValidation');
    actor.send({ type: 'SUBMIT' });
    expect(accessRequestView(actor.getSnapshot()).endDateValidation).toEqual({ code: 'validations.dateNotFuture' });
    actor.send({ type: 'SET_END_DATE', endDate: ' 2026-12-24 ' });
    actor.send({ type: 'SUBMIT' });
    expect(await toPromise(actor)).toEqual({
      decision: { kind: 'accept', roleIds: ['r-planer'], accountAccessIds: [], endDate: '2026-12-24' },
    });
    const { requestedEndDate: _asked, ...unbounded } = asked;
    const open = createActor(provideAccessRequest({ api: createFakePortalApi({ accessRequests: [unbounded] }) }), {
      input: { request: unbounded, today: '2026-11-26' },
    }).start();
    open.send({ type: 'ACCEPT' });
    open.send({ type: 'SUBMIT' });
    expect(await toPromise(open)).toEqual({
      decision: { kind: 'accept', roleIds: ['r-planer'], accountAccessIds: [] },
    });
  });

  it('a failed PUT keeps the choice, shows a toast, and can be retried or cancelled', async () => {
    const { actor, api } = setup();
    api.failNext('decideAccessRequest', new HttpError(500, { error: { message: 'Datenbank nicht erreichbar' } }));
    actor.send({ type: 'ACCEPT' });
    actor.send({ type: 'TOGGLE_ROLE', roleId: 'r-a' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(accessRequestView(actor.getSnapshot())).toMatchObject({
      status: 'failed',
      canRetry: true,
      selectedRoleIds: ['r-a'],
      toast: { message: 'Datenbank nicht erreichbar', durationMs: 4000, variant: 'danger' },
    });
    // The page reads the failure and the decision kind from the view, not the machine's context.
    const failed = accessRequestView(actor.getSnapshot());
    expect(failed.decision).toBe('accept');
    expect(failed.error).toBe(actor.getSnapshot().context.error);
    actor.send({ type: 'RETRY' });
    expect(await toPromise(actor)).toEqual({ decision: { kind: 'accept', roleIds: ['r-a'], accountAccessIds: [] } });
    expect(api.calls.filter((c) => c.method === 'decideAccessRequest')).toHaveLength(2);

    const other = setup();
    other.api.failNext('decideAccessRequest', new TypeError('offline'));
    other.actor.send({ type: 'DENY' });
    other.actor.send({ type: 'SET_REASON', reason: 'nein' });
    other.actor.send({ type: 'SUBMIT' });
    await waitFor(other.actor, (s) => s.matches('failed'));
    other.actor.send({ type: 'CANCEL' });
    expect(accessRequestView(other.actor.getSnapshot())).toMatchObject({ status: 'open' });
    expect(accessRequestView(other.actor.getSnapshot())).not.toHaveProperty('toast');
  });

  it('an already decided request starts decided', async () => {
    const { actor } = setup({ ...request, status: 'DENIED' });
    expect(accessRequestView(actor.getSnapshot())).toMatchObject({
      status: 'decided',
      requestStatus: 'DENIED',
      canAccept: false,
    });
    expect(await toPromise(actor)).toEqual({});
  });

  it('the unprovided machine fails on submit', async () => {
    const actor = createActor(accessRequestMachine, { input: { request } });
    actor.start();
    actor.send({ type: 'DENY' });
    actor.send({ type: 'SET_REASON', reason: 'nein' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('failed'));
  });
});
