import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { createI18n } from '../i18n/i18n.ts';
import { StartFailure } from './start-failure.tsx';

describe('the portal cannot start (no runtime configuration)', () => {
  it('shows the 500 error page in the language of the start, and tries again on request', async () => {
    const onRetry = vi.fn();
    render(<StartFailure i18n={await createI18n('en')} onRetry={onRetry} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Error 500' })).toBeTruthy();
    expect(screen.getByText('Unexpected error')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
