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
    fireEvent.change(screen.getByRole('textbox', { name: /^URL\b(?! der| für)/ }), {
      target: { value: 'https://planner.example.test' },
    });
    const requestable = screen.getByRole('switch', { name: 'Zugriffsanfragen erlaubt' });
    // A new application is not requestable until requests are allowed (#30.4), and the page says so.
    expect(requestable.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText(/Eine neue Anwendung ist nicht anfragbar/)).toBeDefined();
    fireEvent.click(requestable);
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

  it('creates a new application not requestable unless requests are turned on (#30.4)', async () => {
    const create = vi.fn(async (input: ApplicationInput) => ({
      ...input,
      id: 'b3c1e0f2-0000-4000-8000-000000000002',
      released: false,
      webhook: null,
    }));
    render(
      <AdminPageFrame api={{ applications: { create, update: vi.fn() }, permissions: { list: () => page([]) } }}>
        <ApplicationDetailPage />
      </AdminPageFrame>,
    );
    fireEvent.change(await screen.findByRole('textbox', { name: /Bezeichnung/ }), {
      target: { value: 'Neue Anwendung' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^URL\b(?! der| für)/ }), {
      target: { value: 'https://new.example.test' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    });
    expect(create.mock.calls[0]?.[0]).toMatchObject({ internal: false, accessRequestAllowed: false });
  });
});
