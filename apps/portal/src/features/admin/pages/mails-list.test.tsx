// #29: the mails for a global administrator: each with recipient, subject and occasion, state,
// attempts and last error; filtered by state on the server; a mail about a request of an
// application whose requests the user decides links that request; without an SMTP host the page
// says that no mail is sent.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminPage, Mail, MailSettings } from '@portal/adapters/admin';
import { createI18n } from '../../../i18n/i18n.ts';
import { AdminPageFrame, planner } from '../test-kit.tsx';
import MailsListPage from './mails-list.tsx';

const mail = (id: string, change: Partial<Mail> = {}): Mail => ({
  id,
  kind: 'ACCESS_REQUESTED',
  recipient: 'planer@hk-demo.test',
  language: 'de',
  subject: 'Neue Zugriffsanfrage für Küchenplaner',
  status: 'SENT',
  attempts: 1,
  lastError: null,
  applicationId: planner.id,
  requestId: '60000000-0000-4000-8000-000000000001',
  createdAt: '2026-11-25T08:00:00.000Z',
  lastAttemptAt: '2026-11-25T08:00:01.000Z',
  nextAttemptAt: null,
  sentAt: '2026-11-25T08:00:02.000Z',
  ...change,
});
const sent = mail('aaaaaaaa-1111-4111-8111-111111111111');
const failing = mail('bbbbbbbb-2222-4222-8222-222222222222', {
  kind: 'REQUEST_DENIED',
  recipient: 'partner@hk-demo.test',
  language: 'en',
  subject: 'Your request for Küchenplaner has been denied',
  status: 'PENDING',
  attempts: 2,
  lastError: '451 Try again later',
  applicationId: 'another-application',
  nextAttemptAt: '2026-11-25T08:01:00.000Z',
  sentAt: null,
});
const pageOf = (items: readonly Mail[]): Promise<AdminPage<Mail>> => Promise.resolve({ items, total: items.length });
const settings =
  (sending: boolean): (() => Promise<MailSettings>) =>
  () =>
    Promise.resolve({ sending, internalCopyTo: sending ? 'zugriffsanfragen@hk-demo.test' : null });

beforeAll(async () => {
  const i18n = await createI18n('de');
  await i18n.loadNamespaces(['admin', 'common', 'ui']);
});
afterEach(cleanup);

describe('the mails (#29)', () => {
  it('lists each mail with its state, attempts and last error, and links the request it is about', async () => {
    const listMails = vi.fn(() => pageOf([sent, failing]));
    render(
      <AdminPageFrame api={{ listMails, getMailSettings: settings(true) }}>
        <MailsListPage />
      </AdminPageFrame>,
    );
    const table = await screen.findByRole('table', { name: 'E-Mails des Portals' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows.map((row) => within(row));
    expect(first?.getByText('planer@hk-demo.test')).toBeTruthy();
    expect(first?.getByText('Neue Zugriffsanfrage')).toBeTruthy();
    expect(first?.getByText('Versendet')).toBeTruthy();
    // The user decides the kitchen planner's requests: the mail links its request.
    expect(
      first?.getByRole('link', { name: 'Anfrage öffnen: Neue Zugriffsanfrage für Küchenplaner' }).getAttribute('href'),
    ).toBe(`/admin/${planner.id}/access-requests/60000000-0000-4000-8000-000000000001`);
    expect(second?.getByText('Wird versendet')).toBeTruthy();
    expect(second?.getByText(/^Nächster Versuch: /)).toBeTruthy();
    expect(second?.getByText('451 Try again later')).toBeTruthy();
    expect(second?.getByText('Anfrage abgelehnt')).toBeTruthy();
    // Another application's request: no link.
    expect(second?.queryByRole('link')).toBeNull();
    expect(listMails).toHaveBeenCalledWith({ page: 1, pageSize: 50 });
    // Mail is sent: no notice.
    expect(screen.queryByText('Es werden keine E-Mails versendet')).toBeNull();
  });

  it('asks the server for one state', async () => {
    const listMails = vi.fn(({ status }: { status?: string }) =>
      pageOf(status === 'PENDING' ? [failing] : [sent, failing]),
    );
    render(
      <AdminPageFrame api={{ listMails, getMailSettings: settings(true) }}>
        <MailsListPage />
      </AdminPageFrame>,
    );
    await screen.findByText('planer@hk-demo.test');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'PENDING' } });
    });
    await screen.findByText('partner@hk-demo.test');
    expect(screen.queryByText('planer@hk-demo.test')).toBeNull();
    expect(listMails).toHaveBeenLastCalledWith({ page: 1, pageSize: 50, status: 'PENDING' });
  });

  it('says that no mail is sent without an SMTP host', async () => {
    render(
      <AdminPageFrame api={{ listMails: () => pageOf([]), getMailSettings: settings(false) }}>
        <MailsListPage />
      </AdminPageFrame>,
    );
    const notice = await screen.findByRole('status', { name: '' });
    expect(notice.textContent).toContain('Es werden keine E-Mails versendet');
    expect(notice.textContent).toContain('SMTP_HOST');
    await screen.findByText('Keine E-Mails vorhanden');
  });
});
