import { describe, expect, it } from 'vitest';
import { createActor, toPromise, waitFor } from 'xstate';
import { accessRequestFormMachine, cleanChoice, provideAccessRequestForm } from './access-request-form.machine.ts';
import { accessRequestFormView } from './access-request-form.view.ts';
import { createFakePortalApi, flushPromises } from '../../testing/index.ts';
import type { AccessRequestChoice, AccessRequestOptions, PortalApi } from '../../index.ts';

const needs: AccessRequestOptions = {
  roleRequired: false,
  accountAccessRequired: true,
  accountAccesses: {
    items: [
      { id: 'aa-dealer', key: 'dealer', label: 'Händler' },
      { id: 'aa-studio', key: 'studio', label: 'Studio' },
    ],
    total: 2,
  },
  roles: { items: [], total: 0 },
  maxAccessDays: 60,
};

function start(options: AccessRequestOptions = needs, choice?: AccessRequestChoice) {
  const api = createFakePortalApi({
    accessRequestOptions: { kitchen: options },
    authChecks: { kitchen: { status: 'noAccess', applicationId: 'kitchen', internal: false, requested: false } },
  });
  const actor = createActor(provideAccessRequestForm({ api }), {
    input: { applicationId: 'kitchen', today: '2026-11-26', ...(choice === undefined ? {} : { choice }) },
  }).start();
  return { api, actor };
}

describe('access-request form (#19)', () => {
  it('sends the cleaned choice for the application and ends submitted', async () => {
    const { api, actor } = start(needs, { justification: 'vorher' });
    await waitFor(actor, (s) => s.matches('editing'));
    const view = accessRequestFormView(actor.getSnapshot());
    expect(view).toMatchObject({
      searchable: false,
      asksAccountAccess: true,
      asksRole: false,
      accountAccessRequired: true,
      timeBound: true,
      latestEndDate: '2027-01-24',
      earliestEndDate: '2026-11-27',
      justificationRequired: false,
      justificationMaxLength: 1000,
      choice: { justification: 'vorher' },
    });
    actor.send({ type: 'SUBMIT' });
    expect(accessRequestFormView(actor.getSnapshot()).issues).toEqual({
      accountAccessId: { code: 'validations.required' },
    });
    actor.send({ type: 'SET', field: 'accountAccessId', value: 'aa-dealer' });
    expect(accessRequestFormView(actor.getSnapshot()).issues).toEqual({});
    actor.send({ type: 'SET', field: 'endDate', value: '2026-11-30' });
    actor.send({ type: 'SET', field: 'endDate', value: '' });
    actor.send({ type: 'SET_ANSWER', questionId: 'q', value: 'a' });
    actor.send({ type: 'SET_ANSWER', questionId: 'q', value: '' });
    actor.send({ type: 'SUBMIT' });
    expect(await toPromise(actor)).toEqual({
      applicationId: 'kitchen',
      choice: { accountAccessId: 'aa-dealer', justification: 'vorher' },
    });
    expect(api.calls.at(-1)).toEqual({
      method: 'requestAccess',
      args: [{ applicationId: 'kitchen' }, { accountAccessId: 'aa-dealer', justification: 'vorher' }],
    });
  });

  it('starts with an earlier request’s choice as far as the application still offers it (request again, #30.11)', async () => {
    const { actor } = start(
      { ...needs, questions: [{ id: 'dealerNumber', label: 'Händlernummer', required: true }] },
      {
        accountAccessId: 'aa-studio',
        roleId: 'role-gone',
        justification: 'Wie letztes Mal',
        answers: { dealerNumber: '4711', oldQuestion: 'x' },
      },
    );
    await waitFor(actor, (s) => s.matches('editing'));
    expect(accessRequestFormView(actor.getSnapshot()).choice).toEqual({
      accountAccessId: 'aa-studio',
      justification: 'Wie letztes Mal',
      answers: { dealerNumber: '4711' },
    });
    // A later load (a search) changes nothing of what the user has chosen since.
    actor.send({ type: 'SET', field: 'accountAccessId', value: 'aa-dealer' });
    actor.send({ type: 'SEARCH', search: 'zzz' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(accessRequestFormView(actor.getSnapshot()).choice.accountAccessId).toBe('aa-dealer');
  });

  it('a search keeps the chosen entry with its label, and is sent trimmed', async () => {
    const { api, actor } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'SET', field: 'accountAccessId', value: 'aa-dealer' });
    actor.send({ type: 'SEARCH', search: '  stud ' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(api.calls.at(-1)).toEqual({ method: 'getAccessRequestOptions', args: ['kitchen', 'stud'] });
    expect(accessRequestFormView(actor.getSnapshot()).searchable).toBe(true);
    expect(accessRequestFormView(actor.getSnapshot()).accountAccesses.map((c) => c.label)).toEqual([
      'Händler',
      'Studio',
    ]);
  });

  it('a malformed answer is a load failure (decoded at the boundary)', async () => {
    const api = createFakePortalApi();
    const broken: PortalApi = {
      ...api,
      getAccessRequestOptions: () => Promise.resolve({ roleRequired: 'yes' } as unknown as AccessRequestOptions),
    };
    const actor = createActor(provideAccessRequestForm({ api: broken }), {
      input: { applicationId: 'x', today: '2026-11-26' },
    }).start();
    await flushPromises();
    expect(accessRequestFormView(actor.getSnapshot())).toMatchObject({
      status: 'loadFailed',
      error: { kind: 'unexpected', status: 500 },
    });
  });

  it('the unprovided machine fails to load', async () => {
    const actor = createActor(accessRequestFormMachine, { input: { applicationId: 'x', today: '2026-11-26' } }).start();
    await waitFor(actor, (s) => s.matches('loadFailed'));
  });

  it('cleanChoice drops blanks and trims', () => {
    expect(
      cleanChoice({ roleId: 'r', justification: '  ', endDate: ' 2026-12-01 ', answers: { a: ' x ', b: ' ' } }),
    ).toEqual({ roleId: 'r', endDate: '2026-12-01', answers: { a: 'x' } });
  });
});
