// The launcher (/) as a signed-in partner sees it: tiles with a favourite, the recently used
// row and a pending request; no application yet; the list still loading; the list failed.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import type { Schema } from '@portal/contract';
import { kitchenPlanner, priceLists } from '../../../.storybook/applications.ts';
import { partnerScreen, shown } from '../../../.storybook/screen.tsx';
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

export const Empty: Story = {
  parameters: partnerScreen('/', 'launcher-empty', { myApplications: [] }),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('#request-access')).not.toBeNull(), shown);
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
