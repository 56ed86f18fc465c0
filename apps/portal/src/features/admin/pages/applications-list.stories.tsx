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

export const List: Story = {
  parameters: {
    screen: {
      path: '/admin/applications',
      user: administrator('admin-applications'),
      data: { applications, administrable },
    } satisfies ScreenProps,
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('cell', { name: 'hr-portal' }, shown)).toBeVisible();
  },
};
