// The launcher (/) as a signed-in partner sees it: tiles with a favourite, the recently used
// row and a pending request; no application yet; the list still loading; the list failed.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import type { Schema } from '@portal/contract';
import { kitchenPlanner, priceLists } from '../../../.storybook/applications.ts';
import { partnerScreen, shown, type StoryLoaded } from '../../../.storybook/screen.tsx';
import { accessTexts } from '../../../.storybook/access-data.ts';
import HomePage from './home-page.tsx';

const meta = { title: 'Screens/Launcher', component: HomePage } satisfies Meta<typeof HomePage>;

export default meta;
type Story = StoryObj<typeof meta>;

const myApplications: Schema<'MyApplication'>[] = [
  { ...kitchenPlanner, accessStatus: 'granted', favouritePosition: 0, lastLaunchedAt: '2026-11-24T08:00:00.000Z' },
  {
    id: 'dealer-shop',
    label: 'Händlershop',
    logoUrl: null,
    url: 'https://shop.example.test',
    description: 'Ersatzteile und Zubehör bestellen',
    internal: false,
    sortNumber: 2,
    accessStatus: 'granted',
    favouritePosition: null,
    lastLaunchedAt: '2026-11-20T14:30:00.000Z',
  },
  {
    id: 'academy',
    label: 'Akademie',
    logoUrl: null,
    url: 'https://academy.example.test',
    description: '',
    internal: false,
    sortNumber: 3,
    accessStatus: 'granted',
    favouritePosition: null,
    lastLaunchedAt: null,
  },
  { ...priceLists, accessStatus: 'requested' },
];

export const WithTiles: Story = {
  parameters: partnerScreen('/', 'launcher-tiles', { myApplications }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The pending request below the tiles, and a tile.
    await expect(await canvas.findByText(/Preislisten/, {}, shown)).toBeVisible();
    await expect(canvas.getAllByText('Händlershop').length).toBeGreaterThan(0);
  },
};

/** No application yet: the empty state says one thing (#30.6): ask for access, in the catalogue; my requests beside it. */
export const Empty: Story = {
  parameters: partnerScreen('/', 'launcher-empty', { myApplications: [], myNotifications: [] }),
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const t = await accessTexts(loaded);
    const { i18n } = loaded as StoryLoaded;
    const request = await canvas.findByRole('link', { name: i18n.t('ui:launcher.requestAccess') }, shown);
    await expect(request.getAttribute('href')).toBe('/catalogue');
    await expect(await canvas.findByRole('link', { name: t('launcher.myRequests') }, shown)).toBeVisible();
    // No second offer of the catalogue, and no old advice to open an application and ask a contact.
    await expect(canvas.queryByRole('link', { name: t('launcher.discover') })).toBeNull();
    await expect(canvasElement.querySelectorAll('a[href="/catalogue"]')).toHaveLength(1);
  },
};

const day = 86_400_000;
const notification = (
  id: string,
  kind: Schema<'MyNotification'>['kind'],
  application: { id: string; label: string },
  daysAgo: number,
  more: Partial<Schema<'MyNotification'>> = {},
): Schema<'MyNotification'> => ({
  id,
  kind,
  application: { ...application, logoUrl: null },
  requestId: `6e0a1b2c-0000-4000-8000-00000000000${id.slice(-1)}`,
  endsAt: null,
  reason: null,
  createdAt: new Date(Date.now() - daysAgo * day).toISOString(),
  readAt: null,
  ...more,
});

/**
 * #30.6: the notices say the latest state per application — the kitchen planner's later
 * acceptance, not its earlier denial beside it — and a denial its reason, with "Erneut anfordern".
 */
export const NoticesTellTheTruth: Story = {
  parameters: partnerScreen('/', 'launcher-notices', {
    myApplications,
    myNotifications: [
      notification('n-3', 'REQUEST_ACCEPTED', kitchenPlanner, 1),
      notification('n-2', 'REQUEST_DENIED', kitchenPlanner, 3, { reason: 'Bitte über den Händler anfragen.' }),
      notification('n-1', 'REQUEST_DENIED', { id: 'academy-pro', label: 'Akademie Pro' }, 5, {
        reason: 'Nur für zertifizierte Partner.\nBitte zuerst die Schulung abschließen.',
      }),
    ],
  }),
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const t = await accessTexts(loaded);
    const notices = within(await canvas.findByRole('region', { name: t('notifications.heading') }, shown));
    await expect(
      await notices.findByText(t('notifications.REQUEST_ACCEPTED', { label: kitchenPlanner.label })),
    ).toBeVisible();
    await expect(notices.queryByText(t('notifications.REQUEST_DENIED', { label: kitchenPlanner.label }))).toBeNull();
    await expect(notices.getByText(t('notifications.REQUEST_DENIED', { label: 'Akademie Pro' }))).toBeVisible();
    await expect(notices.getByText(/Nur für zertifizierte Partner/).textContent).toBe(
      t('notifications.reason', { reason: 'Nur für zertifizierte Partner.\nBitte zuerst die Schulung abschließen.' }),
    );
    await expect(notices.getAllByRole('link', { name: t('notifications.requestAgain') })).toHaveLength(1);
    await expect(notices.getAllByRole('listitem')).toHaveLength(2);
  },
};

export const Loading: Story = {
  parameters: partnerScreen('/', 'launcher-loading', { pending: ['GET /My/Applications'] }),
  play: async ({ canvasElement }) => {
    // The skeleton shows after the fetch delay (spec §9).
    await waitFor(() => expect(canvasElement.querySelector('ul[aria-busy="true"]')).not.toBeNull(), shown);
  },
};

export const Failed: Story = {
  parameters: partnerScreen('/', 'launcher-failed', { failing: { 'GET /My/Applications': 500 } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: /500/ }, shown)).toBeVisible();
  },
};
