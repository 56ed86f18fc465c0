// The console's applications list (/admin/applications) as an administrator of the whole
// console sees it, in the admin layout with its sidebar.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { administrable, applications } from '../../../../.storybook/console-data.ts';
import { administrator, shown, type ScreenProps } from '../../../../.storybook/screen.tsx';
import ApplicationsListPage from './applications-list.tsx';

const meta = { title: 'Screens/Admin/Applications list', component: ApplicationsListPage } satisfies Meta<
  typeof ApplicationsListPage
>;

export default meta;
type Story = StoryObj<typeof meta>;

const parameters = {
  screen: {
    path: '/admin/applications',
    user: administrator('admin-applications'),
    data: { applications, administrable },
  } satisfies ScreenProps,
};

export const List: Story = {
  parameters,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('cell', { name: 'hr-portal' }, shown)).toBeVisible();
  },
};

/**
 * #30.11: on a phone (390×844) the console's table is a stack of rows, each cell after its
 * column's name, the sortable columns as buttons above: nothing scrolls sideways.
 */
export const OnPhone: Story = {
  globals: { viewport: { value: 'phone390' } },
  parameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: /hr-portal/ }, shown);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    const table = canvas.getByRole('table');
    const box = table.parentElement as HTMLElement;
    await expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth + 1);
    const [, first] = canvas.getAllByRole('row');
    const cells = within(first as HTMLElement).getAllByRole('cell');
    const [one, two] = cells.map((cell) => cell.getBoundingClientRect());
    await expect((two?.top ?? 0) >= (one?.bottom ?? 0) - 1).toBe(true);
  },
};
