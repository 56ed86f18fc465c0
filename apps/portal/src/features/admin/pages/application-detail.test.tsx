// #18.3: the application's page saves through core's `saveApplication` (its rules, then the
// admin port): an internal application is written as not requestable, whatever the form held.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApplicationInput } from '@portal/adapters/admin';
import { createI18n } from '../../../i18n/i18n.ts';
import { AdminPageFrame, page } from '../test-kit.tsx';
import ApplicationDetailPage from './application-detail.tsx';

beforeAll(async () => {
  const i18n = await createI18n('de');
  await i18n.loadNamespaces(['admin', 'common', 'ui']);
});
afterEach(cleanup);

describe("the application's page (#18.3)", () => {
  it("creates an internal application through core's use case: not requestable", async () => {
    const create = vi.fn(async (input: ApplicationInput) => ({
      ...input,
      id: 'b3c1e0f2-0000-4000-8000-000000000001',
      released: true,
      webhook: null,
    }));
    const update = vi.fn();
    render(
      <AdminPageFrame api={{ applications: { create, update }, permissions: { list: () => page([]) } }}>
        <ApplicationDetailPage />
      </AdminPageFrame>,
    );
    fireEvent.change(await screen.findByRole('textbox', { name: /Bezeichnung/ }), {
      target: { value: 'Küchenplaner' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^URL\b(?! der)/ }), {
      target: { value: 'https://planner.example.test' },
    });
    const requestable = screen.getByRole('switch', { name: 'Zugriffsanfragen erlaubt' });
    expect(requestable.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('switch', { name: /Interne Anwendung/ }));
    // Shown as it will be written.
    expect(requestable.getAttribute('aria-checked')).toBe('false');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    });
    expect(create).toHaveBeenCalledOnce();
    expect(create.mock.calls[0]?.[0]).toMatchObject({
      label: 'Küchenplaner',
      internal: true,
      accessRequestAllowed: false,
    });
    expect(update).not.toHaveBeenCalled();
  });
});
