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

async function submitRefused(body: unknown) {
  render(
    <UiBridge>
      <ToastProvider>
        <RoleForm refuse={() => Promise.reject(new HttpError(400, body))} />
      </ToastProvider>
    </UiBridge>,
  );
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

  it('an answer whose message is the one field message: beside the field only, the toast gives the general text', async () => {
    const toasts = await submitRefused({
      error: {
        code: 'key.taken',
        message: 'Der Schlüssel „planer“ ist bereits vergeben.',
        errors: [{ field: 'key', message: 'Der Schlüssel „planer“ ist bereits vergeben.' }],
      },
    });
    await within(toasts).findByText('Bei der Verarbeitung Ihrer Anfrage ist ein Fehler aufgetreten.');
    expect(screen.getAllByText('Der Schlüssel „planer“ ist bereits vergeben.')).toHaveLength(1);
    expect(within(toasts).queryAllByRole('listitem')).toHaveLength(0);
  });
});
