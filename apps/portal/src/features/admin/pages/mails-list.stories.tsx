// The console's mails (/admin/mails, #29) as an administrator of the whole console sees them: a mail
// due again after a refusal, one sent, one failed for good; and the notice when the API sends no mail.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { administrable, mails } from '../../../../.storybook/console-data.ts';
import { administrator, shown, type ScreenProps } from '../../../../.storybook/screen.tsx';
import MailsListPage from './mails-list.tsx';

const meta = { title: 'Screens/Admin/Mails', component: MailsListPage } satisfies Meta<typeof MailsListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Sent: Story = {
  parameters: {
    screen: {
      path: '/admin/mails',
      user: administrator('admin-mails'),
      data: { administrable, mails, mailSettings: { sending: true, internalCopyTo: 'zugriffsanfragen@example.test' } },
    } satisfies ScreenProps,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('cell', { name: '550 5.1.1 No such user' }, shown)).toBeVisible();
    // The request links come with the administrable applications, which load on their own.
    await expect(await canvas.findAllByRole('link', { name: /^Anfrage öffnen: / }, shown)).toHaveLength(2);
  },
};

export const NotSending: Story = {
  parameters: {
    screen: {
      path: '/admin/mails',
      user: administrator('admin-mails-off'),
      data: { administrable, mails: [], mailSettings: { sending: false, internalCopyTo: null } },
    } satisfies ScreenProps,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Es werden keine E-Mails versendet', {}, shown)).toBeVisible();
  },
};
