// The catalogue (/catalogue, #19) as a partner sees it: the requestable applications, each with
// what a request needs and where the partner stands (may request, asked, has access until a day,
// has access); searched on the server as they type (by name or description; nothing matches);
// nothing to request at all.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { accessTexts, entryNames, catalogue, shownList } from '../../../.storybook/access-data.ts';
import { partnerScreen, shown, type ScreenData } from '../../../.storybook/screen.tsx';
import CataloguePage from './catalogue-page.tsx';

const meta = { title: 'Screens/Catalogue', component: CataloguePage } satisfies Meta<typeof CataloguePage>;

export default meta;
type Story = StoryObj<typeof meta>;

const screen = (id: string, data: ScreenData = { catalogue }) => partnerScreen('/catalogue', id, data);

export const WithResults: Story = {
  parameters: screen('catalogue-results'),
  play: async ({ canvasElement, loaded }) => {
    const { canvas, t } = await shownList(canvasElement, loaded, 'Küchenplaner');
    await expect(entryNames(canvasElement)).toEqual(catalogue.map((app) => app.label));
    // What the kitchen planner's request needs.
    const planner = within(canvas.getByRole('listitem', { name: 'Küchenplaner' }));
    await expect(planner.getByText(t('catalogue.needs.justificationRequired'))).toBeVisible();
    await expect(planner.getByText(t('catalogue.needs.accountAccess'))).toBeVisible();
    await expect(planner.getByText(t('catalogue.needs.timeBound', { count: 90 }))).toBeVisible();
    await expect(planner.getByText(t('catalogue.needs.questions', { count: 1 }))).toBeVisible();
    // Requested where nothing stands in the way, extended where the access ends; not offered again otherwise.
    await expect(
      canvas.getByRole('link', { name: t('catalogue.requestFor', { label: 'Küchenplaner' }) }),
    ).toHaveAttribute('href', '/catalogue/kitchen-planner/request');
    await expect(canvas.getByRole('link', { name: t('catalogue.extendFor', { label: 'Akademie' }) })).toBeVisible();
    await expect(canvas.getByText(t('catalogue.status.requested'))).toBeVisible();
    await expect(canvas.getByText(t('catalogue.status.granted'))).toBeVisible();
    await expect(canvas.queryByRole('link', { name: new RegExp('Händlershop|Preislisten') })).toBeNull();
  },
};

/** Searched by description on the server: "schulung" finds the academy. */
export const Searched: Story = {
  parameters: screen('catalogue-searched'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const search = await canvas.findByRole('searchbox', {}, shown);
    await userEvent.type(search, 'schulung');
    await waitFor(() => expect(entryNames(canvasElement)).toEqual(['Akademie']), shown);
  },
};

export const NoMatch: Story = {
  parameters: screen('catalogue-no-match'),
  play: async ({ canvasElement, loaded }) => {
    const t = await accessTexts(loaded);
    const canvas = within(canvasElement);
    const search = await canvas.findByRole('searchbox', {}, shown);
    await userEvent.type(search, 'Buchhaltung');
    await expect(await canvas.findByText(t('catalogue.noMatch', { query: 'Buchhaltung' }), {}, shown)).toBeVisible();
    await expect(entryNames(canvasElement)).toEqual([]);
  },
};

export const Empty: Story = {
  parameters: screen('catalogue-empty', { catalogue: [] }),
  play: async ({ canvasElement, loaded }) => {
    const t = await accessTexts(loaded);
    await expect(await within(canvasElement).findByText(t('catalogue.empty'), {}, shown)).toBeVisible();
  },
};
