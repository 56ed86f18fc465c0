import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PlusIcon } from '@heroicons/react/20/solid';
import { PageHeader } from './page-header.tsx';
import { Button } from '../button/button.tsx';

const meta = {
  title: 'Layout/PageHeader (navigation bar state)',
  component: PageHeader,
  args: { title: 'Anwendungen' },
} satisfies Meta<typeof PageHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

export const TitleOnly: Story = {};
export const WithSubTitle: Story = { args: { subTitle: '42 Anwendungen, 3 davon intern' } };
export const WithBackLink: Story = {
  args: { title: 'Küchenplaner', subTitle: 'Anwendung bearbeiten', backLink: '/admin/applications' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Zurück' })).toHaveAttribute('href', '/admin/applications');
  },
};
export const WithActions: Story = {
  args: { subTitle: 'Alle Anwendungen', actions: <Button icon={<PlusIcon />}>Anwendung anlegen</Button> },
};
