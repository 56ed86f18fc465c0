// #20.2: the webhook's deliveries and signing secrets in the console. A test delivery is queued
// and the list asks again; a replay is asked first and the new row names the one it replays; a
// new signing secret is shown this once (copy, warning), a third is refused with the console's
// own sentence; a delete asks first.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminPage, WebhookDelivery, WebhookSigningSecret } from '@portal/adapters/admin';
import { HttpError } from '@portal/core';
import { createI18n } from '../../../i18n/i18n.ts';
import { AdminPageFrame, planner } from '../test-kit.tsx';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { WebhookSigningSecrets } from './webhook-signing.tsx';

const delivery = (id: string, replayOf: string | null = null): WebhookDelivery => ({
  id,
  event: 'GRANT',
  userId: 'user-1',
  status: 'FAILED',
  replayOf,
  attempts: 5,
  responseStatus: 500,
  error: 'HTTP 500',
  errorKind: 'HTTP_STATUS',
  createdAt: '2026-11-25T08:00:00.000Z',
  lastAttemptAt: '2026-11-25T08:00:30.000Z',
  nextAttemptAt: null,
});
const original = delivery('aaaaaaaa-1111-4111-8111-111111111111');
const replayed = delivery('bbbbbbbb-2222-4222-8222-222222222222', original.id);
const pageOf = (items: readonly WebhookDelivery[]): Promise<AdminPage<WebhookDelivery>> =>
  Promise.resolve({ items, total: items.length });

beforeAll(async () => {
  const i18n = await createI18n('de');
  await i18n.loadNamespaces(['admin', 'common', 'ui']);
});
afterEach(cleanup);

describe("the webhook's deliveries (#20.2)", () => {
  it('queues a test delivery, says so and lists again', async () => {
    const listWebhookDeliveries = vi.fn(() => pageOf([original]));
    const sendTestWebhookDelivery = vi.fn(async () => delivery('cccccccc-3333-4333-8333-333333333333'));
    render(
      <AdminPageFrame api={{ listWebhookDeliveries, sendTestWebhookDelivery }}>
        <WebhookDeliveries applicationId={planner.id} reloadKey={0} canSend />
      </AdminPageFrame>,
    );
    await screen.findByText('aaaaaaaa');
    // The failure in the reader's language, not the recorded "HTTP 500" (#30.11).
    expect(screen.getByText('Der Empfänger hat mit dem Status 500 geantwortet.')).toBeDefined();
    expect(screen.queryByText('HTTP 500')).toBeNull();
    const asked = listWebhookDeliveries.mock.calls.length;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Testzustellung senden' }));
    });
    expect(sendTestWebhookDelivery).toHaveBeenCalledExactlyOnceWith(planner.id);
    await screen.findByText('Die Testzustellung ist eingereiht und erscheint gleich in der Liste.');
    expect(listWebhookDeliveries.mock.calls.length).toBeGreaterThan(asked);
  });

  it('replays a delivery after asking, and the replay names its original', async () => {
    let items = [original];
    const listWebhookDeliveries = vi.fn(() => pageOf(items));
    const replayWebhookDelivery = vi.fn(async () => {
      items = [replayed, original];
      return replayed;
    });
    render(
      <AdminPageFrame api={{ listWebhookDeliveries, replayWebhookDelivery }}>
        <WebhookDeliveries applicationId={planner.id} reloadKey={0} canSend />
      </AdminPageFrame>,
    );
    const replay = await screen.findByRole('button', { name: 'Zustellung aaaaaaaa erneut senden' });
    await act(async () => {
      fireEvent.click(replay);
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Zustellung aaaaaaaa erneut senden?' });
    expect(replayWebhookDelivery).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Erneut senden' }));
    });
    expect(replayWebhookDelivery).toHaveBeenCalledExactlyOnceWith(planner.id, original.id);
    await screen.findByText('Die Zustellung aaaaaaaa wird erneut gesendet.');
    await screen.findByText('Wiederholung von aaaaaaaa');
  });

  it("shows a delivery's payload and attempts in a dialog, the secret headers as the API masked them", async () => {
    const getWebhookDelivery = vi.fn(async () => ({
      delivery: original,
      payload: { id: original.id, event: 'GRANT', roleIds: ['role-planer'] },
      attempts: [
        {
          attempt: 1,
          startedAt: '2026-11-25T08:00:01.000Z',
          durationMs: 42,
          requestHeaders: [
            { name: 'authorization', value: '••••••' },
            { name: 'x-portal-delivery-id', value: original.id },
          ],
          responseStatus: 500,
          responseBody: 'Interner Fehler beim Empfänger',
          error: 'HTTP 500',
          errorKind: 'HTTP_STATUS',
        },
        {
          attempt: 2,
          startedAt: '2026-11-25T08:00:03.000Z',
          durationMs: 3,
          requestHeaders: [],
          responseStatus: null,
          responseBody: null,
          error: 'fetch failed (ECONNREFUSED)',
          errorKind: 'CONNECTION_REFUSED',
        },
      ],
    }));
    render(
      <AdminPageFrame api={{ listWebhookDeliveries: () => pageOf([original]), getWebhookDelivery }}>
        <WebhookDeliveries applicationId={planner.id} reloadKey={0} canSend={false} />
      </AdminPageFrame>,
    );
    const open = await screen.findByRole('button', { name: 'Details der Zustellung aaaaaaaa' });
    await act(async () => {
      fireEvent.click(open);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Zustellung aaaaaaaa' });
    expect(getWebhookDelivery).toHaveBeenCalledExactlyOnceWith(planner.id, original.id);
    await within(dialog).findByText(/"roleIds": \[/);
    expect(within(dialog).getByText(/^Versuch 1: .*, 42 ms$/)).toBeDefined();
    expect(within(dialog).getAllByText(/authorization: ••••••/)).toHaveLength(1);
    // Each failure as a sentence (#30.11), the recorded text beside it as the technical message.
    expect(within(dialog).getByText('Der Empfänger hat mit dem Status 500 geantwortet.')).toBeDefined();
    expect(within(dialog).getByText('Unter der Endpunkt-URL nimmt kein Dienst Verbindungen an.')).toBeDefined();
    expect(within(dialog).getByText('fetch failed (ECONNREFUSED)')).toBeDefined();
    expect(within(dialog).getByText('Interner Fehler beim Empfänger')).toBeDefined();
  });

  it('says the webhook paused itself and resumes it', async () => {
    const resumeWebhook = vi.fn(async () => undefined);
    const onResumed = vi.fn();
    render(
      <AdminPageFrame api={{ listWebhookDeliveries: () => pageOf([original]), resumeWebhook }}>
        <WebhookDeliveries
          applicationId={planner.id}
          reloadKey={0}
          canSend
          pause={{ pausedAt: '2026-11-25T08:00:30.000Z', consecutiveFailures: 5 }}
          onResumed={onResumed}
        />
      </AdminPageFrame>,
    );
    expect(
      screen.getByText(/^Der Webhook ist seit .* pausiert: 5 Zustellungen in Folge sind fehlgeschlagen\./),
    ).toBeDefined();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Fortsetzen' }));
    });
    expect(resumeWebhook).toHaveBeenCalledExactlyOnceWith(planner.id);
    expect(onResumed).toHaveBeenCalledOnce();
    await screen.findByText('Der Webhook läuft wieder. Wartende Zustellungen werden jetzt gesendet.');
  });

  it('offers neither action without a saved webhook or the right to write', async () => {
    render(
      <AdminPageFrame api={{ listWebhookDeliveries: () => pageOf([original]) }}>
        <WebhookDeliveries applicationId={planner.id} reloadKey={0} canSend={false} />
      </AdminPageFrame>,
    );
    await screen.findByText('aaaaaaaa');
    expect(screen.queryByRole('button', { name: 'Testzustellung senden' })).toBeNull();
    expect(screen.queryByRole('button', { name: /erneut senden/ })).toBeNull();
  });
});

describe("the webhook's signing secrets (#20.2)", () => {
  const older: WebhookSigningSecret = { id: 's-1', createdAt: '2026-11-20T08:00:00.000Z', hint: 'AbCd' };
  const newer: WebhookSigningSecret = { id: 's-2', createdAt: '2026-11-25T08:00:00.000Z', hint: 'wXyZ' };

  function show(initial: readonly WebhookSigningSecret[]) {
    let secrets = initial;
    const api = {
      listWebhookSigningSecrets: vi.fn(async () => secrets),
      createWebhookSigningSecret: vi.fn(async () => {
        if (secrets.length >= 2) {
          const message = 'Es sind bereits zwei Signaturschlüssel aktiv. Löschen Sie zuerst den älteren.';
          throw new HttpError(409, { error: { code: 'webhook.secretLimit', message, errors: [{ message }] } });
        }
        secrets = [...secrets, newer];
        return { ...newer, secret: 'whsec_0123456789abcdefghijklmnopqrstuvwxyzABCwXyZ' };
      }),
      deleteWebhookSigningSecret: vi.fn(async (_app: string, id: string) => {
        secrets = secrets.filter((s) => s.id !== id);
      }),
    };
    render(
      <AdminPageFrame api={api}>
        <WebhookSigningSecrets applicationId={planner.id} writable />
      </AdminPageFrame>,
    );
    return api;
  }

  it('shows a new secret once, with a copy button and the warning', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = show([older]);
    const list = await screen.findByRole('list', { name: 'Aktive Signaturschlüssel' });
    expect(within(list).getByText('…AbCd')).toBeDefined();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Signaturschlüssel erzeugen' }));
    });
    expect(api.createWebhookSigningSecret).toHaveBeenCalledExactlyOnceWith(planner.id);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Neuer Signaturschlüssel' }).value).toBe(
      'whsec_0123456789abcdefghijklmnopqrstuvwxyzABCwXyZ',
    );
    expect(
      screen.getByText(
        'Kopieren Sie den Schlüssel jetzt und hinterlegen Sie ihn beim Empfänger. Er wird nicht noch einmal angezeigt.',
      ),
    ).toBeDefined();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Kopieren' }));
    });
    expect(writeText).toHaveBeenCalledExactlyOnceWith('whsec_0123456789abcdefghijklmnopqrstuvwxyzABCwXyZ');
    await screen.findByText('Der Signaturschlüssel ist in der Zwischenablage.');
    await within(await screen.findByRole('list', { name: 'Aktive Signaturschlüssel' })).findByText('…wXyZ');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ausblenden' }));
    });
    expect(screen.queryByRole('textbox', { name: 'Neuer Signaturschlüssel' })).toBeNull();
  });

  it('says why a third secret is refused', async () => {
    show([older, newer]);
    await screen.findByText('…wXyZ');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Signaturschlüssel erzeugen' }));
    });
    expect(
      screen
        .getByText(
          'Es sind bereits zwei Signaturschlüssel aktiv. Löschen Sie zuerst den älteren, bevor Sie einen neuen erzeugen.',
        )
        .getAttribute('role'),
    ).toBe('alert');
  });

  it('deletes a secret after asking', async () => {
    const api = show([older, newer]);
    const remove = await screen.findByRole('button', { name: 'Signaturschlüssel …AbCd löschen' });
    await act(async () => {
      fireEvent.click(remove);
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Signaturschlüssel …AbCd löschen?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    });
    expect(api.deleteWebhookSigningSecret).toHaveBeenCalledExactlyOnceWith(planner.id, 's-1');
    await screen.findByText('Der Signaturschlüssel …AbCd wurde gelöscht.');
    expect(screen.queryByText('…AbCd')).toBeNull();
  });
});
