// A user's access to an application in the console (/admin/{application}/users/{id}): the last
// day of a time-bound access is set, extended or removed there (#30.2).
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { Schema } from '@portal/contract';
import { administrable, applications } from '../../../../.storybook/console-data.ts';
import { administrator, shown, type ScreenProps } from '../../../../.storybook/screen.tsx';
import AppUserDetailPage from './app-user-detail.tsx';

const meta = {
  title: 'Screens/Admin/Application user',
  component: AppUserDetailPage,
} satisfies Meta<typeof AppUserDetailPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const day = 86_400_000;
/** The local day `n` days from now, as a date field holds it. */
const dayIn = (n: number) => {
  const at = new Date(Date.now() + n * day);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
};
/** The instant an access with that last day ends (the local midnight after it). */
const endOf = (isoDay: string) => {
  const [year, month, date] = isoDay.split('-').map(Number);
  return new Date(year ?? 0, (month ?? 1) - 1, (date ?? 1) + 1).toISOString();
};

const planner = { id: 'r-planner', key: 'kitchen_planner.planner', label: 'Planer' };
const ben: Schema<'ApplicationUser'> = {
  user: {
    id: '70000000-0000-4000-8000-000000000001',
    fullName: 'Ben Neumann',
    email: 'ben@example.test',
    companyName: null,
  },
  hasAccess: true,
  accessSince: '2026-10-01T08:00:00.000Z',
  endsAt: endOf(dayIn(20)),
  timeBoundAccess: true,
  maxEndsAt: new Date(Date.now() + 365 * day).toISOString(),
  roles: [planner],
  accountAccesses: [],
  attributes: [],
};

const parameters = (id: string) =>
  ({
    screen: {
      path: `/admin/kitchen-planner/users/${ben.user.id}`,
      user: administrator(id),
      data: {
        applications,
        administrable,
        applicationUsers: { 'kitchen-planner': [ben] },
        selections: {
          'kitchen-planner': { roles: { items: [planner], total: 1 }, accountAccesses: { items: [], total: 0 } },
        },
      },
    } satisfies ScreenProps,
  }) as const;

const longDate = (isoDay: string) =>
  new Intl.DateTimeFormat('de', { dateStyle: 'medium' }).format(new Date(`${isoDay}T12:00:00`));

/** Extended: a later last day, saved; the page says until when. */
export const ExtendTheEnd: Story = {
  parameters: parameters('admin-app-user-extend'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(`Der Zugriff endet nach dem ${longDate(dayIn(20))}.`, {}, shown),
    ).toBeVisible();
    const field = canvas.getByLabelText(/Letzter Tag des Zugriffs/);
    await userEvent.clear(field);
    await userEvent.type(field, dayIn(40));
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await expect(
      await canvas.findByText(`Der Zugriff endet nach dem ${longDate(dayIn(40))}.`, {}, shown),
    ).toBeVisible();
  },
};

/** Removed: "Ende entfernen", saved; the access has no end. */
export const RemoveTheEnd: Story = {
  parameters: parameters('admin-app-user-remove'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Ende entfernen' }, shown));
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await expect(await canvas.findByText('Der Zugriff ist unbefristet.', {}, shown)).toBeVisible();
  },
};
