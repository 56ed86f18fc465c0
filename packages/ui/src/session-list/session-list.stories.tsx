import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { SessionList } from './session-list.tsx';

const laptop = {
  id: 's-laptop',
  device: { browser: 'Chrome 156', os: 'Linux', type: 'desktop' },
  createdAt: '2026-11-20T07:45:00.000Z',
  lastSeenAt: '2026-11-25T09:12:00.000Z',
  current: true,
} as const;
const phone = {
  id: 's-phone',
  device: { browser: 'Safari 18', os: 'iOS 18.1', type: 'mobile' },
  createdAt: '2026-11-18T18:02:00.000Z',
  lastSeenAt: '2026-11-24T21:30:00.000Z',
  current: false,
} as const;
const tablet = {
  id: 's-tablet',
  device: { browser: 'Firefox 140', os: 'Android 15', type: 'tablet' },
  createdAt: '2026-11-02T10:00:00.000Z',
  lastSeenAt: '2026-11-10T10:00:00.000Z',
  current: false,
} as const;
const unknown = {
  id: 's-unknown',
  device: { browser: '', os: '', type: 'unknown' },
  createdAt: '2026-11-01T10:00:00.000Z',
  lastSeenAt: '2026-11-01T10:05:00.000Z',
  current: false,
} as const;

const meta = {
  title: 'Data/SessionList',
  component: SessionList,
  args: { sessions: [laptop, phone, tablet, unknown], locale: 'de', onEnd: fn(), onEndOthers: fn() },
} satisfies Meta<typeof SessionList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SeveralDevices: Story = {
  play: async ({ canvas, args, userEvent }) => {
    const items = canvas.getAllByRole('listitem');
    await expect(items).toHaveLength(4);
    await expect(items[0]).toHaveTextContent('Dieses Gerät');
    await expect(items[3]).toHaveTextContent('Unbekanntes Gerät');
    await userEvent.click(canvas.getByRole('button', { name: 'Sitzung auf Safari 18 · iOS 18.1 abmelden' }));
    await expect(args.onEnd).toHaveBeenCalledWith(phone);
    await userEvent.click(canvas.getByRole('button', { name: 'Alle anderen Sitzungen abmelden' }));
    await expect(args.onEndOthers).toHaveBeenCalled();
  },
};
export const OnlyThisDevice: Story = {
  args: { sessions: [laptop] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Sie sind nur auf diesem Gerät angemeldet.')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};
export const EndingOne: Story = { args: { busy: 's-phone' } };
export const EndingOthers: Story = { args: { busy: 'others' } };
export const Phone: Story = { globals: { viewport: { value: 'phone' } } };
export const English: Story = { args: { locale: 'en' }, globals: { locale: 'en' } };
