// #19: the gate's access request is the catalogue's request form (core's request form machine):
// a justification where the application asks for one, an end date where it grants time-bound
// access; the gate says "requested" once it was sent.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AccessRequestOptions } from '@portal/core';
import { createTestPorts, testAuthConfig } from '@portal/core/testing';
import { UiBridge } from '../../app/app.tsx';
import { ServicesProvider, ToastProvider } from '../../app/contexts.tsx';
import { createI18n } from '../../i18n/i18n.ts';
import type { Services } from '../../composition-root.ts';
import GatePage from './gate-page.tsx';

const needs: AccessRequestOptions = {
  roleRequired: false,
  accountAccessRequired: true,
  accountAccesses: { items: [{ id: 'aa-nord', key: 'dealer.nord', label: 'Küchenstudio Nord GmbH' }], total: 1 },
  roles: { items: [], total: 0 },
  justificationRequired: true,
  justificationMaxLength: 1000,
  maxAccessDays: 365,
  questions: [],
};

beforeAll(async () => {
  const i18n = await createI18n('de');
  await i18n.loadNamespaces(['flows', 'common', 'ui']);
});
afterEach(cleanup);

function renderGate(internal = false) {
  const ports = createTestPorts({
    api: {
      authChecks: { kitchen: { status: 'noAccess', applicationId: 'kitchen', internal, requested: false } },
      accessRequestOptions: { kitchen: needs },
    },
  });
  const services = { ports, api: ports.api, authConfig: testAuthConfig, config: { apiUrl: '/api' } };
  const location = memoryLocation({ path: '/flows/auth?client_id=kitchen' });
  render(
    <UiBridge>
      <ServicesProvider services={services as unknown as Services}>
        <ToastProvider>
          <Router hook={location.hook} searchHook={location.searchHook}>
            <GatePage />
          </Router>
        </ToastProvider>
      </ServicesProvider>
    </UiBridge>,
  );
  return ports.api;
}

describe("the gate's access request (#19)", () => {
  it('asks for the reason the application needs, sends the request with it and says it is requested', async () => {
    const api = renderGate();
    const submit = await screen.findByRole('button', { name: 'Anfrage senden' });
    expect(screen.getByLabelText(/Zugriff bis einschließlich/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(submit);
    });
    expect(api.calls.filter((call) => call.method === 'requestAccess')).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: /Begründung/ }).getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByRole('combobox', { name: /Kontozugriff/ }), { target: { value: 'aa-nord' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Begründung/ }), {
      target: { value: ' Filiale München, Küchenplanung ' },
    });
    await act(async () => {
      fireEvent.click(submit);
    });
    expect(await screen.findByRole('heading', { name: 'Zugriff angefragt' })).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'requestAccess').map((call) => call.args)).toEqual([
      [{ applicationId: 'kitchen' }, { accountAccessId: 'aa-nord', justification: 'Filiale München, Küchenplanung' }],
    ]);
  });

  it('offers no request for an internal application', async () => {
    const api = renderGate(true);
    expect(await screen.findByText(/Für diese Anwendung kann kein Zugriff angefordert werden/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Anfrage senden' })).toBeNull();
    expect(api.calls.filter((call) => call.method === 'getAccessRequestOptions')).toHaveLength(0);
  });
});
