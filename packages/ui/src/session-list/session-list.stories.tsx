import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import type { MySession } from '@portal/core';
import { SessionList } from './session-list.tsx';

/** A session of the stories: its device (browser, system, type), when it signed in and when it was last seen (UTC). */
function session(
  name: string,
  [browser, os, type]: readonly [string, string, MySession['device']['type']],
  [signedIn, lastSeen]: readonly [string, string],
  current = false,
): MySession {
  return {
    id: `s-${name}`,
    device: { browser, os, type },
    createdAt: `${signedIn}:00.000Z`,
    lastSeenAt: `${lastSeen}:00.000Z`,
    current,
  };
}
const laptop = session('laptop', ['Chrome 156', 'Linux', 'desktop'], ['2026-11-20T07:45', '2026-11-25T09:12'], true);
const phone = session('phone', ['Safari 18', 'iOS 18.1', 'mobile'], ['2026-11-18T18:02', '2026-11-24T21:30']);
const tablet = session('tablet', ['Firefox 140', 'Android 15', 'tablet'], ['2026-11-02T10:00', '2026-11-10T10:00']);
const unknown = session('unknown', ['', '', 'unknown'], ['2026-11-01T10:00', '2026-11-01T10:05']);

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
