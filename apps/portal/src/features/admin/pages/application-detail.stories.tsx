// An application of the console (/admin/applications/{id}): its general settings with the
// login-initiation URL (#30.5: where the application starts its own sign-in, so that a tile
// opens it signed in), checked as a URL before anything is saved.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Schema } from '@portal/contract';
import { administrable, applications } from '../../../../.storybook/console-data.ts';
import { administrator, shown, type ScreenProps, type StoryLoaded } from '../../../../.storybook/screen.tsx';
import type { AdminKey } from '../lib/i18n.ts';
import ApplicationDetailPage from './application-detail.tsx';

const meta = {
  title: 'Screens/Admin/Application detail',
  component: ApplicationDetailPage,
} satisfies Meta<typeof ApplicationDetailPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const shop: Schema<'Application'> = {
  id: 'dealer-shop',
  label: 'Händlershop',
  logoUrl: null,
  description: 'Ersatzteile bestellen',
  url: 'https://shop.example.test',
  homePageUrl: null,
  initiateLoginUri: 'https://shop.example.test/login-initiate',
  sortNumber: 2,
  adminPermissionId: null,
  adminPermissionKey: null,
  notificationEmail: null,
  accessRequestRequired: false,
  accessRequestAllowed: true,
  internalCopyOfAccessRequests: false,
  roleRequiredOnAccessRequest: false,
  internal: false,
  released: true,
  accessRequestsAmount: 0,
  attributes: [],
  roles: [],
  accountAccessIds: [],
  customFlowIds: [],
  activationGroups: [],
  webhook: null,
  requestJustification: 'optional',
  timeBoundAccess: false,
  maxAccessDays: null,
  requestableAccountAccessIds: [],
};

type Texts = (key: string, vars?: Readonly<Record<string, string>>) => string;

/** The console's texts (typed by its keys) and the ui's validation texts in the story's language, once loaded. */
async function texts(loaded: unknown): Promise<{ admin: (key: AdminKey) => string; ui: Texts }> {
  const { i18n } = loaded as StoryLoaded;
  await i18n.loadNamespaces(['admin', 'ui']);
  // The shell's i18next types do not list 'admin' (lib/i18n.ts types its keys instead).
  const of = (ns: 'admin' | 'ui') => i18n.getFixedT(i18n.language, ns as 'common') as unknown as Texts;
  return { admin: (key) => of('admin')(key), ui: of('ui') };
}

export const LoginInitiation = {
  parameters: {
    screen: {
      path: `/admin/applications/${shop.id}`,
      user: administrator('admin-application-detail'),
      data: {
        applications,
        administrable,
        applicationDetails: [shop],
        permissions: [],
        roles: [],
        attributes: [],
        accountAccesses: [],
        customFlows: [],
        webhookDeliveries: { [shop.id]: [] },
        mailSettings: { sending: true, internalCopyTo: null },
        history: { [shop.id]: [] },
      },
    } satisfies ScreenProps,
  },
  play: async ({ canvasElement, loaded }) => {
    const { admin } = await texts(loaded);
    const screen = within(canvasElement);
    const input = await screen.findByRole('textbox', { name: admin('applications.fields.initiateLoginUri') }, shown);
    await expect(input).toHaveValue('https://shop.example.test/login-initiate');
    // Its help says what it does and what an empty field means.
    await expect(input).toHaveAccessibleDescription(admin('applications.help.initiateLoginUri'));
  },
} satisfies Story;

export const LoginInitiationRefused: Story = {
  parameters: LoginInitiation.parameters,
  play: async ({ canvasElement, loaded }) => {
    const { admin, ui } = await texts(loaded);
    const screen = within(canvasElement);
    const input = await screen.findByRole('textbox', { name: admin('applications.fields.initiateLoginUri') }, shown);
    await userEvent.clear(input);
    await userEvent.type(input, 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: admin('form.save') }));
    const refused = ui('validations.url', { value: 'javascript:alert(1)' });
    await expect(await screen.findByText(refused)).toBeVisible();
    await expect(input).toHaveAccessibleDescription(expect.stringContaining(refused));

    // Another address of the application's own is saved.
    await userEvent.clear(input);
    await userEvent.type(input, 'https://shop.example.test/oidc/start');
    await userEvent.click(screen.getByRole('button', { name: admin('form.save') }));
    await waitFor(() => expect(screen.queryByText(refused)).toBeNull(), shown);
    await expect(await within(document.body).findByText(admin('form.saved'), {}, shown)).toBeVisible();
    await expect(input).toHaveValue('https://shop.example.test/oidc/start');
  },
};
