// The toast region is not in the first route (#16: the first view's JavaScript): it loads when
// the first view is ready, or at once for a toast that comes before that.
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UiBridge } from './app.tsx';
import { ToastProvider, useToasts, type Toasts } from './contexts.tsx';
import { createI18n } from '../i18n/i18n.ts';

beforeAll(async () => {
  const i18n = await createI18n('de');
  await i18n.loadNamespaces(['common', 'ui']);
});
afterEach(cleanup);

describe('toasts', () => {
  it('a toast before the region has loaded is shown once it has, in the live region', async () => {
    let toasts: Toasts | undefined;
    function Probe() {
      toasts = useToasts();
      return null;
    }
    render(
      <UiBridge>
        <ToastProvider>
          <Probe />
        </ToastProvider>
      </UiBridge>,
    );
    expect(screen.queryByRole('region', { name: 'Benachrichtigungen' })).toBeNull();
    act(() => toasts?.success('Gespeichert.'));
    const region = await screen.findByRole('region', { name: 'Benachrichtigungen' });
    expect(within(within(region).getByRole('status')).getByText('Gespeichert.')).toBeDefined();
  });
});
