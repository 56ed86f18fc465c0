// #17.3: a refused save shows each message of the server's errors[] beside the field the
// form shows; the others (no field, or a field the form does not show) in the toast.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '@portal/core';
import { TextField } from '@portal/ui';
import { UiBridge } from '../../../app/app.tsx';
import { createI18n } from '../../../i18n/i18n.ts';
import { ToastProvider } from '../../../app/contexts.tsx';
import { FormFrame, useErrorText, useFormState } from './form-kit.tsx';

beforeAll(async () => {
  const i18n = await createI18n('de');
  await i18n.loadNamespaces(['admin', 'ui']);
});
afterEach(cleanup);

function RoleForm({ refuse }: { readonly refuse: () => Promise<never> }) {
  const form = useFormState({ key: 'planer', label: 'Planer' });
  const errorText = useErrorText();
  return (
    <FormFrame
      dirty
      busy={form.busy}
      canSave
      onSubmit={() => {
        void form.save(refuse, (v) => v);
      }}
    >
      <TextField
        label="Schlüssel"
        value={form.values.key}
        onChange={(e) => form.set('key', e.target.value)}
        error={errorText(form.errors.key)}
      />
      <TextField
        label="Bezeichnung"
        value={form.values.label}
        onChange={(e) => form.set('label', e.target.value)}
        error={errorText(form.errors.label)}
      />
    </FormFrame>
  );
}

function renderRefused(body: unknown) {
  render(
    <UiBridge>
      <ToastProvider>
        <RoleForm refuse={() => Promise.reject(new HttpError(400, body))} />
      </ToastProvider>
    </UiBridge>,
  );
}

async function submitRefused(body: unknown) {
  renderRefused(body);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
  });
  return screen.findByRole('region', { name: 'Benachrichtigungen' }); // the toast region's code loads with the first toast
}

describe('useFormState: the server errors[] of a refused save', () => {
  it('beside the field it names when the form shows it, every other message in the toast, each once', async () => {
    const toasts = await submitRefused({
      error: {
        code: '400',
        message: 'Die Anfrage ist ungültig.',
        errors: [
          { field: 'key', message: 'Der Schlüssel „planer“ ist bereits vergeben.' },
          { field: 'permissionIds.0', message: 'Der verknüpfte Eintrag p-9 existiert nicht.' },
          { message: 'Die Rolle darf höchstens 50 Berechtigungen haben.' },
        ],
      },
    });
    const key = screen.getByRole('textbox', { name: 'Schlüssel' });
    expect(key.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(key.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Der Schlüssel „planer“ ist bereits vergeben.',
    );
    expect(screen.getAllByText('Der Schlüssel „planer“ ist bereits vergeben.')).toHaveLength(1);
    const toast = await within(toasts).findByText('Die Anfrage ist ungültig.');
    expect(toast).toBeDefined();
    expect(
      within(toasts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Der verknüpfte Eintrag p-9 existiert nicht.', 'Die Rolle darf höchstens 50 Berechtigungen haben.']);
  });

  it('every message beside the field it names: said there once, no toast repeats it (#30.8)', async () => {
    for (const error of [
      // A key taken: the answer's message is the field's own.
      {
        code: 'key.taken',
        message: 'Der Schlüssel „planer“ ist bereits vergeben.',
        errors: [{ field: 'key', message: 'Der Schlüssel „planer“ ist bereits vergeben.' }],
      },
      // A key refused: the answer's message only sums it up ('Die Anfrage ist ungültig.').
      {
        code: '400',
        message: 'Die Anfrage ist ungültig.',
        errors: [{ field: 'key', message: 'Der Schlüssel „planer“ ist bereits vergeben.' }],
      },
    ]) {
      renderRefused({ error });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
      });
      const key = await screen.findByRole('textbox', { name: 'Schlüssel' });
      expect(key.getAttribute('aria-invalid')).toBe('true');
      expect(screen.getAllByText('Der Schlüssel „planer“ ist bereits vergeben.')).toHaveLength(1);
      // The toast would come in the effect after that render: give it the chance, then there is none.
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      // (The region stays once its code has loaded, empty.)
      expect(screen.queryByRole('region', { name: 'Benachrichtigungen' })?.textContent ?? '').toBe('');
      expect(screen.queryByText('Die Anfrage ist ungültig.')).toBeNull();
      expect(screen.queryByText('Bei der Verarbeitung Ihrer Anfrage ist ein Fehler aufgetreten.')).toBeNull();
      cleanup();
    }
  });
});
