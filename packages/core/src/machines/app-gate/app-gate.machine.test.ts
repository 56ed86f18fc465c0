import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import {
  appGateMachine,
  gateShortcut,
  provideAppGate,
  startClaimsRefreshAtServer,
  validateAttributeValues,
} from './app-gate.machine.ts';
import { appGateView } from './app-gate.view.ts';
import { createTestPorts, queryOf, testAuthConfig } from '../../testing/index.ts';
import type { TestPorts } from '../../testing/index.ts';
import type { AuthCheckResult, MissingAttribute } from '../../ports/ports.ts';
import { HttpError } from '../../errors/errors.ts';

const attributes: MissingAttribute[] = [
  { attributeId: 'at1', key: 'customerNumber', dataType: 'NUMBER', required: true },
  { attributeId: 'at2', key: 'website', dataType: 'URL', required: false },
  { attributeId: 'at3', key: 'invoiceEmail', dataType: 'EMAIL', required: false, value: 'x@y.de' },
];

function gate(result: AuthCheckResult, refreshSleepMs?: number) {
  const ports: TestPorts = createTestPorts({ api: { authChecks: { shop: result } } });
  const actor = createActor(provideAppGate(ports), {
    input:
      refreshSleepMs === undefined
        ? { target: { clientId: 'shop' }, config: testAuthConfig }
        : { target: { clientId: 'shop' }, config: testAuthConfig, refreshSleepMs },
  });
  actor.start();
  return { ports, actor };
}

describe('app access gate', () => {
  it('nothing in the way → claims refresh with the app URL as refresh data → redirecting', async () => {
    const { ports, actor } = gate({ status: 'ok', applicationId: 'a1', url: 'http://localhost:4002/' }, 1500);
    expect(appGateView(actor.getSnapshot())).toMatchObject({ status: 'checking', busy: true });
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(appGateView(actor.getSnapshot())).toMatchObject({ status: 'redirecting', busy: true });
    // The portal server runs the round trip; the page leaves for its start, the gate as the way back.
    const left = ports.navigator.log.at(-1)?.url ?? '';
    expect(left.startsWith('/auth/claims-refresh?')).toBe(true);
    expect(queryOf(left)).toMatchObject({ redirectUri: 'http://localhost:4002/', sleep: '1500' });
    expect(ports.identityProvider.calls.authorize).toEqual([]);
  });

  it('an application URL that is not http(s) is refused', async () => {
    const { actor } = gate({ status: 'ok', applicationId: 'a1', url: 'javascript:alert(1)' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(appGateView(actor.getSnapshot()).toast).toMatchObject({ descriptionKey: 'errors.page.400.description' });
  });

  it('missing attributes: validated on the page, sent with POST, then on to the app', async () => {
    const { ports, actor } = gate({ status: 'missingAttributes', applicationId: 'a1', attributes });
    await waitFor(actor, (s) => s.matches('needsAttributes'));
    expect(appGateView(actor.getSnapshot()).attributes).toHaveLength(3);
    actor.send({ type: 'SET_VALUE', key: 'website', value: 'javascript:x' });
    actor.send({ type: 'SUBMIT' });
    expect(appGateView(actor.getSnapshot()).validation).toEqual({
      customerNumber: { code: 'validations.required' },
      website: { code: 'validations.url', params: { value: 'javascript:x' } },
    });
    actor.send({ type: 'SET_VALUE', key: 'website', value: 'https://kueche.test' });
    expect(Object.keys(appGateView(actor.getSnapshot()).validation)).toEqual(['customerNumber']);
    actor.send({ type: 'SET_VALUE', key: 'customerNumber', value: '4711' });
    ports.api.failNext('submitAttributes', new HttpError(500, null));
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('needsAttributes') && s.context.error !== undefined);
    expect(appGateView(actor.getSnapshot())).toMatchObject({
      values: { website: 'https://kueche.test', customerNumber: '4711' },
      toast: { variant: 'danger' },
    });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(ports.api.calls.find((c) => c.method === 'submitAttributes')?.args[1]).toEqual({
      website: 'https://kueche.test',
      customerNumber: '4711',
    });
  });

  it('a custom flow: the page goes to /flows/{key}; CHECK_AGAIN asks again', async () => {
    const { ports, actor } = gate({ status: 'customFlow', applicationId: 'a1', flowKey: 'dealer onboarding' });
    await waitFor(actor, (s) => s.matches('needsCustomFlow'));
    expect(appGateView(actor.getSnapshot()).customFlowPath).toBe('/flows/dealer%20onboarding');
    ports.api.setAuthCheck('shop', { status: 'ok', applicationId: 'a1', url: 'http://localhost:4002/' });
    actor.send({ type: 'CHECK_AGAIN' });
    await waitFor(actor, (s) => s.matches('redirecting'));
  });

  it('no access: the view names the application to request; REQUESTED (the request form sent it) → requested', async () => {
    const { ports, actor } = gate({ status: 'noAccess', applicationId: 'a1', internal: false, requested: false });
    await waitFor(actor, (s) => s.matches('noAccess'));
    expect(appGateView(actor.getSnapshot())).toMatchObject({
      status: 'noAccess',
      busy: false,
      requestFor: 'a1',
      internalApplication: false,
    });
    expect(appGateView(actor.getSnapshot())).not.toHaveProperty('error');
    // The gate itself neither loads the request's choices nor sends it: core's request form does.
    expect(
      ports.api.calls.filter((c) => c.method === 'requestAccess' || c.method === 'getAccessRequestOptions'),
    ).toHaveLength(0);
    actor.send({ type: 'REQUESTED' });
    expect(appGateView(actor.getSnapshot())).toMatchObject({ status: 'requested', busy: false });
    expect(appGateView(actor.getSnapshot())).not.toHaveProperty('requestFor');
    actor.send({ type: 'CHECK_AGAIN' });
    await waitFor(actor, (s) => s.matches('noAccess'));
  });

  it('an internal application cannot be requested', async () => {
    const { ports, actor } = gate({ status: 'noAccess', applicationId: 'hr', internal: true, requested: false });
    await waitFor(actor, (s) => s.matches('noAccess'));
    expect(appGateView(actor.getSnapshot())).toMatchObject({ status: 'noAccess', internalApplication: true });
    expect(appGateView(actor.getSnapshot())).not.toHaveProperty('requestFor');
    actor.send({ type: 'REQUESTED' });
    expect(actor.getSnapshot().value).toBe('noAccess');
    expect(
      ports.api.calls.filter((c) => c.method === 'requestAccess' || c.method === 'getAccessRequestOptions'),
    ).toHaveLength(0);
  });

  it('failures: the check fails → failed with a toast; RETRY asks again', async () => {
    const ports = createTestPorts();
    const actor = createActor(provideAppGate(ports), {
      input: { target: { applicationId: 'unknown' }, config: testAuthConfig },
    });
    actor.start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(appGateView(actor.getSnapshot()).toast).toMatchObject({ descriptionKey: 'errors.page.404.description' });
    // The failed page shows the error itself (the view hands it over: pages read views, not context).
    expect(appGateView(actor.getSnapshot()).error).toMatchObject({ kind: 'http', status: 404 });
    ports.api.setAuthCheck('unknown', {
      status: 'noAccess',
      applicationId: 'unknown',
      internal: false,
      requested: true,
    });
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('requested'));
  });

  it('the claims refresh cannot start → failed', async () => {
    const ports: TestPorts = createTestPorts({
      api: { authChecks: { shop: { status: 'ok', applicationId: 'a1', url: 'http://localhost:4002/' } } },
    });
    const actor = createActor(
      provideAppGate(ports, () => Promise.reject(new TypeError('navigation refused'))),
      { input: { target: { clientId: 'shop' }, config: testAuthConfig } },
    );
    actor.start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(appGateView(actor.getSnapshot()).toast).toMatchObject({ descriptionKey: 'errors.page.500.description' });
  });

  it('validates attribute values by type', () => {
    expect(validateAttributeValues(attributes, { customerNumber: '12a', invoiceEmail: 'bad' })).toEqual({
      customerNumber: { code: 'validations.numeric' },
      invoiceEmail: { code: 'validations.email' },
    });
    expect(
      validateAttributeValues([{ attributeId: 'x', key: 'note', dataType: 'string', required: false }], {}),
    ).toEqual({});
    // A Yes/No attribute that must be answered Yes (#30.1): No stays on the form with the rule's message.
    const terms = {
      attributeId: 't',
      key: 'termsAccepted',
      dataType: 'BOOLEAN',
      required: true,
      requiredValue: 'true',
    };
    expect(validateAttributeValues([terms], { termsAccepted: 'false' })).toEqual({
      termsAccepted: { code: 'validations.answerMustBeYes' },
    });
    expect(validateAttributeValues([terms], { termsAccepted: 'true' })).toEqual({});
  });

  it('a malformed AuthCheck answer → failed (500), nothing else happens', async () => {
    const { ports, actor } = gate({ status: 'launch' } as unknown as AuthCheckResult);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(appGateView(actor.getSnapshot()).toast).toMatchObject({ descriptionKey: 'errors.page.500.description' });
    expect(ports.identityProvider.calls.authorize).toHaveLength(0);
  });

  it('the unprovided machine fails', async () => {
    const actor = createActor(appGateMachine, { input: { target: { clientId: 'x' }, config: testAuthConfig } });
    actor.start();
    await waitFor(actor, (s) => s.matches('failed'));
  });
});

describe('gateShortcut (the portal server answers the gate without its page, #16)', () => {
  const gateUrl = 'https://portal.test/flows/auth?client_id=shop';
  it('an open way leads to the claims refresh, exactly where the machine sends the browser', async () => {
    const shortcut = gateShortcut({ status: 'ok', applicationId: 'a1', url: 'https://shop.test/start' }, gateUrl);
    let redirected: string | undefined;
    const navigator = {
      currentUrl: () => gateUrl,
      redirect: (url: string) => {
        redirected = url;
      },
      replace: () => undefined,
      reload: () => undefined,
    };
    await startClaimsRefreshAtServer(navigator, {
      config: testAuthConfig,
      redirectUri: 'https://shop.test/start',
      sleep: 1000,
    });
    expect(shortcut).toBe(redirected);
    expect(shortcut).toBe(
      '/auth/claims-refresh?redirectUri=https%3A%2F%2Fshop.test%2Fstart&sleep=1000&returnPath=%2Fflows%2Fauth%3Fclient_id%3Dshop',
    );
  });
  it("anything else is the page's to handle", () => {
    expect(gateShortcut({ status: 'ok', applicationId: 'a1', url: 'javascript:alert(1)' }, gateUrl)).toBeUndefined();
    expect(gateShortcut({ status: 'missingAttributes', applicationId: 'a1', attributes }, gateUrl)).toBeUndefined();
    expect(
      gateShortcut({ status: 'noAccess', applicationId: 'a1', internal: false, requested: false }, gateUrl),
    ).toBeUndefined();
  });
});
