// An application of the console (/admin/applications/{id}): its access-request section edits
// every request rule of the contract (#30.2) — who may request, a justification required, time-bound
// access with its longest days (core's rule beside the field), the requestable account accesses and
// the attributes asked in the request; and its general settings, with the login-initiation URL
// (#30.5: where the application starts its own sign-in, so that a tile opens it signed in), checked
// as a URL before anything is saved.
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

const nord = '4a1b2c3d-0000-4000-8000-000000000001';
const sued = '4a1b2c3d-0000-4000-8000-000000000002';
const studio = '2b7c9e10-0000-4000-8000-000000000001';
const website = '2b7c9e10-0000-4000-8000-000000000002';

const planner: Schema<'Application'> = {
  id: 'kitchen-planner',
  label: 'Küchenplaner',
  logoUrl: null,
  description: 'Küchen planen und anbieten',
  url: 'https://planner.example.test',
  homePageUrl: null,
  initiateLoginUri: 'https://planner.example.test/login-initiate',
  sortNumber: 1,
  adminPermissionId: null,
  adminPermissionKey: null,
  notificationEmail: null,
  accessRequestRequired: false,
  accessRequestAllowed: true,
  internalCopyOfAccessRequests: false,
  roleRequiredOnAccessRequest: false,
  internal: false,
  released: true,
  accessRequestsAmount: 2,
  attributes: [
    { attributeId: studio, outputInToken: true, required: true, visible: true },
    { attributeId: website, outputInToken: false, required: false, visible: true },
  ],
  roles: [],
  accountAccessIds: [nord, sued],
  customFlowIds: [],
  activationGroups: [],
  webhook: null,
  requestJustification: 'optional',
  timeBoundAccess: true,
  maxAccessDays: 365,
  requestableAccountAccessIds: [nord],
};

const data = {
  applicationDetails: [planner],
  applications,
  administrable,
  permissions: [],
  roles: [],
  customFlows: [],
  accountAccesses: [
    { id: nord, key: 'dealer_nord', label: 'Küchenstudio Nord GmbH', parentId: null },
    { id: sued, key: 'dealer_sued', label: 'Möbelhaus Süd AG', parentId: null },
  ],
  attributes: [
    {
      id: studio,
      key: 'studioName',
      label: 'Studioname',
      dataType: 'STRING',
      requiredValue: null,
      permissionId: null,
      directoryLink: null,
      editableByUser: true,
      editableByOthers: true,
      usages: [],
    },
    {
      id: website,
      key: 'website',
      label: 'Website',
      dataType: 'URL',
      requiredValue: null,
      permissionId: null,
      directoryLink: null,
      editableByUser: true,
      editableByOthers: true,
      usages: [],
    },
  ],
  history: { [planner.id]: [] },
  mailSettings: { sending: true, internalCopyTo: null },
} satisfies ScreenProps['data'];

const parameters = (id: string) =>
  ({
    screen: { path: `/admin/applications/${planner.id}`, user: administrator(id), data } satisfies ScreenProps,
  }) as const;

/** The rules as stored: time-bound for at most 365 days, one of two account accesses requestable, the studio name asked. */
export const RequestRules: Story = {
  parameters: parameters('admin-app-rules'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Regeln für Zugriffsanfragen' }, shown);
    await expect(canvas.getByRole('combobox', { name: 'Begründung bei der Anfrage' })).toHaveValue('optional');
    await expect(canvas.getByRole('textbox', { name: 'Höchstdauer in Tagen' })).toHaveValue('365');
    const requestable = within(canvas.getByRole('group', { name: 'Anfragbare Kontozugänge' }));
    await expect(await requestable.findByRole('checkbox', { name: 'Küchenstudio Nord GmbH' }, shown)).toBeChecked();
    await expect(requestable.getByRole('checkbox', { name: 'Möbelhaus Süd AG' })).not.toBeChecked();
    const questions = within(canvas.getByRole('group', { name: 'Fragen bei der Anfrage' }));
    await expect(await questions.findByRole('checkbox', { name: 'Studioname' }, shown)).toBeChecked();
  },
};

/** An administrator requires a justification, shortens the longest access (a refused 0 first) and makes both groups requestable. */
export const EditRequestRules: Story = {
  parameters: parameters('admin-app-rules-edit'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(document.body);
    await canvas.findByRole('heading', { name: 'Regeln für Zugriffsanfragen' }, shown);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Begründung bei der Anfrage' }), 'Erforderlich');
    const days = canvas.getByRole('textbox', { name: 'Höchstdauer in Tagen' });
    await userEvent.clear(days);
    await userEvent.type(days, '0');
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await expect(await canvas.findByText('Bitte eine ganze Zahl von 1 bis 3650 eingeben.', {}, shown)).toBeVisible();
    await userEvent.clear(days);
    await userEvent.type(days, '90');
    const requestable = within(canvas.getByRole('group', { name: 'Anfragbare Kontozugänge' }));
    await userEvent.click(await requestable.findByRole('checkbox', { name: 'Möbelhaus Süd AG' }, shown));
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await expect(await body.findByText('Die Änderungen wurden gespeichert.', {}, shown)).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Höchstdauer in Tagen' })).toHaveValue('90');
    await expect(requestable.getByRole('checkbox', { name: 'Möbelhaus Süd AG' })).toBeChecked();
  },
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

/** The login-initiation URL among the general settings, with its help (#30.5). */
export const LoginInitiation: Story = {
  parameters: parameters('admin-app-login'),
  play: async ({ canvasElement, loaded }) => {
    const { admin } = await texts(loaded);
    const screen = within(canvasElement);
    const input = await screen.findByRole('textbox', { name: admin('applications.fields.initiateLoginUri') }, shown);
    await expect(input).toHaveValue('https://planner.example.test/login-initiate');
    // Its help says what it does and what an empty field means.
    await expect(input).toHaveAccessibleDescription(admin('applications.help.initiateLoginUri'));
  },
};

/** An address that is not http(s) is refused on the field; another of the application's own is saved. */
export const LoginInitiationRefused: Story = {
  parameters: parameters('admin-app-login-refused'),
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

    await userEvent.clear(input);
    await userEvent.type(input, 'https://planner.example.test/oidc/start');
    await userEvent.click(screen.getByRole('button', { name: admin('form.save') }));
    await waitFor(() => expect(screen.queryByText(refused)).toBeNull(), shown);
    await expect(await within(document.body).findByText(admin('form.saved'), {}, shown)).toBeVisible();
    await expect(input).toHaveValue('https://planner.example.test/oidc/start');
  },
};
