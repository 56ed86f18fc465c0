// My requests (/requests, #19) as a partner sees them: one request in each state (open with the
// last day asked for, accepted until a day, denied with the decider's reason, expired,
// cancelled); filtered by status on the server; an open request withdrawn after a confirm (then
// it may be asked for again); none yet.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen as page, userEvent, waitFor, within } from 'storybook/test';
import { accessTexts, entryNames, catalogue, myAccessRequests, shownList } from '../../../.storybook/access-data.ts';
import { partnerScreen, shown, type ScreenData } from '../../../.storybook/screen.tsx';
import MyRequestsPage from './my-requests-page.tsx';

const meta = { title: 'Screens/My requests', component: MyRequestsPage } satisfies Meta<typeof MyRequestsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const screen = (id: string, data: ScreenData = { catalogue, myAccessRequests }) => partnerScreen('/requests', id, data);

export const EveryState: Story = {
  parameters: screen('requests-every-state'),
  play: async ({ canvasElement, loaded }) => {
    const { canvas, t } = await shownList(canvasElement, loaded, 'Händlershop');
    // Newest first.
    await expect(entryNames(canvasElement)).toEqual([
      'Händlershop',
      'Akademie',
      'Marketing-Downloads',
      'Küchenplaner',
      'Preislisten',
    ]);
    const entry = (label: string) => within(canvas.getByRole('listitem', { name: label }));
    const open = entry('Händlershop');
    await expect(open.getByText(t('requests.statuses.OPEN'))).toBeVisible();
    await expect(open.getByRole('button', { name: t('requests.cancel') })).toBeVisible();
    await expect(entry('Akademie').getByText(t('requests.statuses.ACCEPTED'))).toBeVisible();
    const denied = entry('Marketing-Downloads');
    await expect(denied.getByText(t('requests.statuses.DENIED'))).toBeVisible();
    await expect(denied.getByText('Bitte über Ihren Gebietsleiter anfragen; er gibt die Vorlagen frei.')).toBeVisible();
    await expect(
      denied.getByRole('link', { name: t('requests.requestAgainFor', { label: 'Marketing-Downloads' }) }),
    ).toHaveAttribute('href', '/catalogue/marketing/request?from=8e2d4c6a-1b3f-4d5e-9a7c-0f1e2d3c4b03');
    const expired = entry('Küchenplaner');
    await expect(expired.getByText(t('requests.statuses.EXPIRED'))).toBeVisible();
    await expect(
      expired.getByRole('link', { name: t('requests.requestAgainFor', { label: 'Küchenplaner' }) }),
    ).toBeVisible();
    // Cancelled, and the partner has the price lists for good now: nothing to ask for again.
    const cancelled = entry('Preislisten');
    await expect(cancelled.getByText(t('requests.statuses.CANCELLED'))).toBeVisible();
    await expect(cancelled.queryByRole('link')).toBeNull();
  },
};

/** The denied ones only, filtered on the server. */
export const Filtered: Story = {
  parameters: screen('requests-filtered'),
  play: async ({ canvasElement, loaded }) => {
    const { canvas, t } = await shownList(canvasElement, loaded, 'Händlershop');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: t('requests.filter') }), 'DENIED');
    await waitFor(() => expect(entryNames(canvasElement)).toEqual(['Marketing-Downloads']), shown);
  },
};

/** The open request withdrawn after the confirm: cancelled now, and the shop may be asked for again. */
export const Cancel: Story = {
  parameters: screen('requests-cancel'),
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const t = await accessTexts(loaded);
    const open = within(await canvas.findByRole('listitem', { name: 'Händlershop' }, shown));
    await userEvent.click(open.getByRole('button', { name: t('requests.cancel') }));
    // The confirm dialog lies outside the story's root.
    const dialog = await page.findByRole(
      'alertdialog',
      { name: t('requests.cancelConfirm', { label: 'Händlershop' }) },
      shown,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: t('requests.cancel') }));
    await waitFor(() => expect(page.queryByRole('alertdialog')).toBeNull(), shown);
    const cancelled = within(await canvas.findByRole('listitem', { name: 'Händlershop' }, shown));
    await waitFor(() => expect(cancelled.getByText(t('requests.statuses.CANCELLED'))).toBeVisible(), shown);
    await expect(
      cancelled.getByRole('link', { name: t('requests.requestAgainFor', { label: 'Händlershop' }) }),
    ).toBeVisible();
    await expect(cancelled.queryByRole('button', { name: t('requests.cancel') })).toBeNull();
  },
};

export const Empty: Story = {
  parameters: screen('requests-empty', { catalogue, myAccessRequests: [] }),
  play: async ({ canvasElement, loaded }) => {
    const t = await accessTexts(loaded);
    await expect(await within(canvasElement).findByText(t('requests.empty'), {}, shown)).toBeVisible();
  },
};
