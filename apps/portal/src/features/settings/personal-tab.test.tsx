// #17.18: an empty required name says the required message once, beside the field, and
// sends nothing. #17.3: the server's errors[] beside the field they name, the others in the
// form's alert; no toast repeating either.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpError } from '@portal/core';
import type { Profile } from '@portal/adapters';
import { UiBridge } from '../../app/app.tsx';
import { ServicesProvider, ToastProvider } from '../../app/contexts.tsx';
import { firstRoute } from '../../app/ready.ts';
import { createI18n } from '../../i18n/i18n.ts';
import type { Services } from '../../composition-root.ts';
import { PersonalTab } from './personal-tab.tsx';

const profile = {
  id: 'u1',
  email: 'dana@example.test',
  firstName: 'Dana',
  lastName: 'Decker',
  fullName: 'Dana Decker',
  companyName: null,
  address: { street: 'Hafenstraße 1', postalCode: '20457', city: 'Hamburg', country: 'Deutschland' },
  language: 'de',
  createdAt: '2024-01-02T10:00:00Z',
} as unknown as Profile;

beforeAll(async () => {
  const i18n = await createI18n('de');
  await i18n.loadNamespaces(['settings', 'common', 'ui']);
});
afterEach(cleanup);

async function renderTab(updateProfile: (input: unknown) => Promise<Profile>) {
  const services = {
    api: { getProfile: vi.fn(async () => profile), updateProfile: vi.fn(updateProfile) },
    ports: { localeStore: { read: () => undefined, write: () => {} } },
  } as unknown as Services;
  render(
    <UiBridge>
      <ServicesProvider services={services}>
        <ToastProvider>
          <PersonalTab />
        </ToastProvider>
      </ServicesProvider>
    </UiBridge>,
  );
  await screen.findByDisplayValue('Dana');
  // The toast region loads once the first view is ready (it is not in the first route).
  firstRoute.mark();
  await screen.findByRole('region', { name: 'Benachrichtigungen' });
  return services.api.updateProfile as ReturnType<typeof vi.fn>;
}

const toastRegion = () => screen.getByRole('region', { name: 'Benachrichtigungen' });
const form = () => screen.getByRole('form', { name: 'Persönliche Daten' });

describe('personal details: messages of a refused save', () => {
  it('an empty first name: the required message once, beside the field, focused, nothing sent', async () => {
    const update = await renderTab(async () => profile);
    const firstName = screen.getByRole('textbox', { name: /Vorname/ });
    fireEvent.change(firstName, { target: { value: '   ' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    });
    expect(update).not.toHaveBeenCalled();
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(firstName.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Dieses Feld ist erforderlich.',
    );
    expect(screen.getAllByText('Dieses Feld ist erforderlich.')).toHaveLength(1);
    expect(screen.queryByText('Ungültige Eingabe')).toBeNull();
    expect(within(form()).queryByRole('alert')).toBeNull();
    expect(within(toastRegion()).queryByText('Fehler')).toBeNull();
    expect(document.activeElement).toBe(firstName);

    fireEvent.change(firstName, { target: { value: 'Dana' } });
    expect(screen.queryByText('Dieses Feld ist erforderlich.')).toBeNull();
  });

  it('the server refuses a field: its message beside the field only', async () => {
    await renderTab(() =>
      Promise.reject(
        new HttpError(400, {
          error: {
            code: '400',
            message: 'Die Anfrage ist ungültig.',
            errors: [{ field: 'lastName', message: 'Höchstens 100 Zeichen sind erlaubt.' }],
          },
        }),
      ),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    });
    const lastName = screen.getByRole('textbox', { name: /Nachname/ });
    expect(document.getElementById(lastName.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Höchstens 100 Zeichen sind erlaubt.',
    );
    expect(screen.getAllByText('Höchstens 100 Zeichen sind erlaubt.')).toHaveLength(1);
    expect(within(form()).queryByRole('alert')).toBeNull();
    expect(within(toastRegion()).queryByText('Fehler')).toBeNull();
  });

  it("errors[] that name no field of the form: in the form's alert, once", async () => {
    await renderTab(() =>
      Promise.reject(
        new HttpError(400, {
          error: {
            code: '400',
            message: 'Die Anfrage ist ungültig.',
            errors: [
              { field: 'lastName', message: 'Höchstens 100 Zeichen sind erlaubt.' },
              { field: 'nickname', message: 'Das Feld „nickname“ ist nicht bekannt.' },
              { message: 'Der Text enthält ein unzulässiges Zeichen (etwa NUL).' },
            ],
          },
        }),
      ),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    });
    const alert = within(form()).getByRole('alert');
    expect(within(alert).getByText('Nicht gespeichert: Die Anfrage ist ungültig.')).toBeDefined();
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Das Feld „nickname“ ist nicht bekannt.', 'Der Text enthält ein unzulässiges Zeichen (etwa NUL).']);
    expect(screen.getAllByText('Höchstens 100 Zeichen sind erlaubt.')).toHaveLength(1);
    expect(within(toastRegion()).queryByText('Fehler')).toBeNull();
  });
});
