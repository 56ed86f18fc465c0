// Settings (/settings/…) as a signed-in partner sees them: the personal details form (saved,
// and a save the server refused), the security tab (e-mail, password, the signed-in devices,
// the data export) and the applications whose attributes the user keeps.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { MySession } from '@portal/core';
import type { Schema } from '@portal/contract';
import { kitchenPlanner, priceLists } from '../../../.storybook/applications.ts';
import { partnerScreen, shown, type StoryLoaded } from '../../../.storybook/screen.tsx';
import SettingsPage from './settings-page.tsx';

const meta = { title: 'Screens/Settings', component: SettingsPage } satisfies Meta<typeof SettingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const profile: Schema<'Profile'> = {
  id: '6f1c2a54-3b7e-4c1d-9a8e-2f4b5c6d7e80',
  email: 'dana.decker@example.test',
  firstName: 'Dana',
  lastName: 'Decker',
  fullName: 'Dana Decker',
  companyName: 'Decker Küchen GmbH',
  address: { street: 'Hafenstraße 1', postalCode: '20457', city: 'Hamburg', country: 'Deutschland' },
  language: 'de',
  internal: false,
  canChangeEmail: true,
  canChangePassword: true,
  createdAt: '2024-01-02T10:00:00.000Z',
};

const sessions: MySession[] = [
  {
    id: 'this-browser',
    device: { browser: 'Chrome 142', os: 'Windows', type: 'desktop' },
    createdAt: '2026-11-25T08:00:00.000Z',
    lastSeenAt: '2026-11-26T08:30:00.000Z',
    current: true,
  },
  {
    id: 'phone',
    device: { browser: 'Safari 19', os: 'iOS', type: 'mobile' },
    createdAt: '2026-11-20T17:45:00.000Z',
    lastSeenAt: '2026-11-24T19:10:00.000Z',
    current: false,
  },
];

const myApplications: Schema<'MyApplication'>[] = [
  { ...kitchenPlanner, accessStatus: 'granted' },
  { ...priceLists, sortNumber: 2, accessStatus: 'requested' },
];

export const Personal: Story = {
  parameters: partnerScreen('/settings/personal', 'settings-personal', { profile }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByDisplayValue('Hafenstraße 1', {}, shown)).toBeVisible();
  },
};

/** Changes the city and saves: the form's submit button, found without its translated name. */
async function saveCity(canvasElement: HTMLElement, city: string): Promise<HTMLFormElement> {
  const canvas = within(canvasElement);
  const field = await canvas.findByDisplayValue('Hamburg', {}, shown);
  await userEvent.clear(field);
  await userEvent.type(field, city);
  const form = field.closest('form');
  const submit = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (form === null || form === undefined || submit === null || submit === undefined)
    throw new Error('the city is not in a form with a submit button');
  await userEvent.click(submit);
  return form;
}

export const PersonalSaved: Story = {
  parameters: partnerScreen('/settings/personal', 'settings-personal-saved', { profile }),
  play: async ({ canvasElement }) => {
    const form = await saveCity(canvasElement, 'Bremen');
    await expect(await within(form).findByRole('status', {}, shown)).toBeVisible();
    await expect(within(form).getByDisplayValue('Bremen')).toBeVisible();
  },
};

/** The server refuses the save: its message beside the field it names, the others in the form's alert. */
export const PersonalRefused: Story = {
  parameters: partnerScreen('/settings/personal', 'settings-personal-refused', {
    profile,
    failing: {
      'PUT /My/Profile': {
        status: 400,
        body: {
          error: {
            code: '400',
            message: 'Die Anfrage ist ungültig.',
            errors: [
              { field: 'address.city', message: 'Höchstens 100 Zeichen sind erlaubt.' },
              { message: 'Der Text enthält ein unzulässiges Zeichen (etwa NUL).' },
            ],
          },
        },
      },
    },
  }),
  play: async ({ canvasElement }) => {
    const form = await saveCity(canvasElement, 'Bremerhaven');
    await expect(await within(form).findByRole('alert', {}, shown)).toBeVisible();
    await expect(within(form).getByText('Der Text enthält ein unzulässiges Zeichen (etwa NUL).')).toBeVisible();
  },
};

export const Security: Story = {
  parameters: partnerScreen('/settings/security', 'settings-security', { profile, sessions }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Safari 19/, {}, shown)).toBeVisible();
    await expect(canvas.getAllByText(/dana\.decker@example\.test/).length).toBeGreaterThan(0);
  },
};

/** #30.11: back from the provider's password change, the page says it was changed (and the address forgets it). */
export const SecurityAfterPasswordChange: Story = {
  parameters: partnerScreen('/settings/security?changed=password', 'settings-security-changed', { profile, sessions }),
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const { i18n } = loaded as StoryLoaded;
    await i18n.loadNamespaces('settings');
    const notice = await canvas.findByText(i18n.t('settings:security.password.changed'), {}, shown);
    await expect(notice.closest('[role="status"]')).not.toBeNull();
    await expect(await canvas.findByText(/Safari 19/, {}, shown)).toBeVisible();
  },
};

export const Applications: Story = {
  parameters: partnerScreen('/settings/applications', 'settings-applications', { myApplications }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Preislisten', {}, shown)).toBeVisible();
  },
};

/**
 * #30.11: a tab keeps the focus when it shows its page; a move to another page puts it on that
 * page's heading, not on the page body.
 */
export const FocusOnTheNewPage: Story = {
  parameters: partnerScreen('/settings/personal', 'settings-focus', { profile, sessions, myApplications }),
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const { i18n } = loaded as StoryLoaded;
    await i18n.loadNamespaces('settings');
    const security = await canvas.findByRole('link', { name: i18n.t('settings:tabs.security') }, shown);
    await userEvent.click(security);
    await canvas.findByText(/Safari 19/, {}, shown);
    await expect(security).toHaveFocus();
    await userEvent.click(canvas.getAllByRole('link', { name: i18n.t('ui:nav.myApps') })[0] as HTMLElement);
    const heading = await canvas.findByRole('heading', { level: 1, name: /Dana Decker/ }, shown);
    await waitFor(() => expect(heading).toHaveFocus(), shown);
  },
};
