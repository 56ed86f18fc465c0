// #19: the request form — core's rules beside each field before anything is sent; a refused
// send keeps everything typed and says why; a sent request says so and links to my requests.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpError, type AccessRequestOptions } from '@portal/core';
import { UiBridge } from '../../app/app.tsx';
import { ServicesProvider, ToastProvider } from '../../app/contexts.tsx';
import { createI18n } from '../../i18n/i18n.ts';
import type { Services } from '../../composition-root.ts';
import { RequestForm } from './request-page.tsx';

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

function renderForm(requestAccess: () => Promise<void>) {
  const api = { getAccessRequestOptions: vi.fn(async () => needs), requestAccess: vi.fn(requestAccess) };
  const services = { api, config: { apiUrl: '/api' } } as unknown as Services;
  render(
    <UiBridge>
      <ServicesProvider services={services}>
        <ToastProvider>
          <RequestForm application="kitchen" today="2026-11-26" />
        </ToastProvider>
      </ServicesProvider>
    </UiBridge>,
  );
  return api;
}

describe('the access request form (#19)', () => {
  it('says what is missing beside each field and sends nothing; then sends the request until the end of the month', async () => {
    const api = renderForm(async () => undefined);
    const submit = await screen.findByRole('button', { name: 'Anfrage senden' });
    await act(async () => {
      fireEvent.click(submit);
    });
    expect(api.requestAccess).not.toHaveBeenCalled();
    const justification = screen.getByRole('textbox', { name: /Begründung/ });
    expect(justification.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Dieses Feld ist erforderlich.')).toHaveLength(2);

    fireEvent.change(screen.getByRole('combobox', { name: /Kontozugriff/ }), { target: { value: 'aa-nord' } });
    fireEvent.change(justification, { target: { value: 'Wir planen Küchen für unsere Kunden.' } });
    fireEvent.change(screen.getByLabelText(/Zugriff bis einschließlich/), { target: { value: '2027-12-01' } });
    await act(async () => {
      fireEvent.click(submit);
    });
    expect(screen.getByText(/Das Datum darf höchstens der .*2027 sein\./)).toBeTruthy();
    expect(api.requestAccess).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Bis Monatsende' }));
    await act(async () => {
      fireEvent.click(submit);
    });
    expect(api.requestAccess).toHaveBeenCalledWith(
      { applicationId: 'kitchen' },
      { accountAccessId: 'aa-nord', justification: 'Wir planen Küchen für unsere Kunden.', endDate: '2026-11-30' },
    );
    expect(await screen.findByText('Ihre Anfrage wurde gesendet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zu meinen Anfragen' }).getAttribute('href')).toBe('/requests');
  });

  it("a refused send keeps everything typed and shows the server's reason", async () => {
    renderForm(async () => {
      throw new HttpError(409, {
        error: { code: 'CONFLICT', message: 'Es gibt bereits eine offene Anfrage.', errors: [] },
      });
    });
    const submit = await screen.findByRole('button', { name: 'Anfrage senden' });
    fireEvent.change(screen.getByRole('combobox', { name: /Kontozugriff/ }), { target: { value: 'aa-nord' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Begründung/ }), { target: { value: 'Planung' } });
    await act(async () => {
      fireEvent.click(submit);
    });
    expect(await screen.findByText('Die Anfrage wurde nicht gesendet. Ihre Eingaben sind erhalten.')).toBeTruthy();
    expect(screen.getByText('Es gibt bereits eine offene Anfrage.')).toBeTruthy();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Begründung/ }).value).toBe('Planung');
    expect(screen.getByRole('button', { name: 'Erneut senden' })).toBeTruthy();
  });
});

describe('request again (#30.11)', () => {
  it("starts from the earlier request's account access, role, justification and answers, not its last day", async () => {
    const { choiceOfRequest } = await import('./request-page.tsx');
    expect(
      choiceOfRequest({
        id: 'r1',
        application: { id: 'kitchen', label: 'Küchenplaner' },
        status: 'DENIED',
        requestedAt: '2026-11-01T08:00:00Z',
        requestedAccountAccess: { id: 'aa-nord', label: 'Küchenstudio Nord GmbH' },
        requestedRole: { id: 'planner', label: 'Planer' },
        justification: 'Für unsere Kunden.',
        requestedEndsAt: '2026-11-30T23:00:00Z',
        answers: [{ key: 'customerNumber', label: 'Kundennummer', value: '4711' }],
        reason: 'Bitte mit Kundennummer.',
        canRequestAgain: true,
      }),
    ).toEqual({
      accountAccessId: 'aa-nord',
      roleId: 'planner',
      justification: 'Für unsere Kunden.',
      answers: { customerNumber: '4711' },
    });
  });

  it('the form starts with a choice and sends it once the rest is filled in', async () => {
    const api = { getAccessRequestOptions: vi.fn(async () => needs), requestAccess: vi.fn(async () => undefined) };
    const services = { api, config: { apiUrl: '/api' } } as unknown as Services;
    render(
      <UiBridge>
        <ServicesProvider services={services}>
          <ToastProvider>
            <RequestForm
              application="kitchen"
              today="2026-11-26"
              choice={{ accountAccessId: 'aa-nord', justification: 'Wie beim letzten Mal.' }}
            />
          </ToastProvider>
        </ServicesProvider>
      </UiBridge>,
    );
    const justification = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: /Begründung/ });
    expect(justification.value).toBe('Wie beim letzten Mal.');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: /Kontozugriff/ }).value).toBe('aa-nord');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Anfrage senden' }));
    });
    expect(api.requestAccess).toHaveBeenCalledWith(
      { applicationId: 'kitchen' },
      { accountAccessId: 'aa-nord', justification: 'Wie beim letzten Mal.' },
    );
  });
});
