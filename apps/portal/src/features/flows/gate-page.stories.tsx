// The app access gate (/flows/auth?client_id=…) in external-app mode: no access yet (the
// request form the catalogue's request page has too: account access, role, justification),
// attributes missing, a request already sent, and the user asking for access.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Schema } from '@portal/contract';
import { partnerScreen, shown } from '../../../.storybook/screen.tsx';
import GatePage from './gate-page.tsx';

const meta = { title: 'Screens/Gate', component: GatePage } satisfies Meta<typeof GatePage>;

export default meta;
type Story = StoryObj<typeof meta>;

const planner = {
  id: 'kitchen-planner',
  label: 'Küchenplaner',
  logoUrl: null,
  url: 'https://planner.example.test',
  initiateLoginUri: null,
  internal: false,
} as const;
const path = `/flows/auth?client_id=${planner.id}`;
const branding: Schema<'Branding'> = { label: planner.label, logoUrl: null, url: planner.url };

const accountAccesses = {
  items: [
    { id: '0b7c9e52-6d0f-4f3e-8a41-5c2d7e9f1a01', key: 'north', label: 'Händlergruppe Nord' },
    { id: '0b7c9e52-6d0f-4f3e-8a41-5c2d7e9f1a02', key: 'south', label: 'Händlergruppe Süd' },
  ],
  total: 2,
};
const options: Schema<'MyAccessRequestOptions'> = {
  roleRequired: true,
  accountAccessRequired: true,
  accountAccesses,
  roles: {
    items: [
      { id: '5a1e3c7d-2b9f-4e6a-8c0d-1f2e3d4c5b01', key: 'planner', label: 'Planer' },
      { id: '5a1e3c7d-2b9f-4e6a-8c0d-1f2e3d4c5b02', key: 'sales', label: 'Verkauf' },
    ],
    total: 2,
  },
  requirements: {
    justification: 'optional',
    justificationMaxLength: 1000,
    timeBoundAccess: false,
    maxAccessDays: null,
    maxEndsAt: null,
    roleRequired: true,
    accountAccessRequired: true,
    accountAccesses,
    questions: [],
  },
};

/** The gate of the kitchen planner for the partner `id`, whose check the API answers with `check`. */
const gate = (id: string, check: Schema<'AuthCheckResult'>) =>
  partnerScreen(path, id, {
    authChecks: { [planner.id]: check },
    brandings: { [planner.id]: branding },
    accessRequestOptions: { [planner.id]: options },
  });

export const NoAccess: Story = {
  parameters: gate('gate-no-access', { status: 'noAccess', application: planner, requestable: true }),
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { level: 1, name: /Küchenplaner/ }, shown),
    ).toBeVisible();
  },
};

export const MissingAttributes: Story = {
  parameters: gate('gate-missing', {
    status: 'missingAttributes',
    application: planner,
    missingAttributes: [
      {
        id: '9d2f4b6a-1c3e-4a5b-8d7f-0e1a2b3c4d01',
        key: 'customerNumber',
        label: 'Kundennummer',
        dataType: 'STRING',
        requiredValue: null,
      },
      {
        id: '9d2f4b6a-1c3e-4a5b-8d7f-0e1a2b3c4d02',
        key: 'showroomSince',
        label: 'Ausstellung seit',
        dataType: 'DATE',
        requiredValue: null,
      },
    ],
  }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('textbox', { name: /Kundennummer/ }, shown)).toBeVisible();
  },
};

/** A Yes/No question that must be answered Yes (#30.1): said beside it, and No is refused with the message. */
export const RequiredAnswer: Story = {
  parameters: gate('gate-required-answer', {
    status: 'missingAttributes',
    application: planner,
    missingAttributes: [
      {
        id: '9d2f4b6a-1c3e-4a5b-8d7f-0e1a2b3c4d03',
        key: 'termsAccepted',
        label: 'Nutzungsbedingungen akzeptiert',
        dataType: 'BOOLEAN',
        requiredValue: 'true',
      },
    ],
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const terms = await canvas.findByRole('combobox', { name: /Nutzungsbedingungen akzeptiert/ }, shown);
    await expect(canvas.getByText('Hier ist nur die Antwort „Ja“ möglich.')).toBeVisible();
    await userEvent.selectOptions(terms, 'Nein');
    const submit = canvasElement.querySelector<HTMLButtonElement>('main form button[type="submit"]');
    if (submit === null) throw new Error('the gate form has no submit button');
    await userEvent.click(submit);
    await expect(await canvas.findByText('Diese Frage muss mit „Ja“ beantwortet werden.', {}, shown)).toBeVisible();
    await expect(terms).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Requested: Story = {
  parameters: gate('gate-requested', { status: 'requested', application: planner }),
  play: async ({ canvasElement }) => {
    // The gate's own status (the toast region, loaded once the page is ready, is a status too).
    const status = await within(canvasElement).findByText(
      new RegExp(planner.label),
      { selector: '[role="status"]' },
      shown,
    );
    await expect(status).toBeVisible();
  },
};

/** The user asks for access: the account access and the role chosen, a justification, sent; the gate says it is requested. */
export const RequestAccess: Story = {
  parameters: gate('gate-request', { status: 'noAccess', application: planner, requestable: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: /Küchenplaner/ }, shown);
    const [accountAccess, role] = await canvas.findAllByRole('combobox', {}, shown);
    if (accountAccess === undefined || role === undefined)
      throw new Error('the request form has no account access or no role to choose');
    await userEvent.selectOptions(accountAccess, 'Händlergruppe Nord');
    await userEvent.selectOptions(role, 'Planer');
    await userEvent.type(canvas.getByRole('textbox', { name: /Begründung/ }), 'Filiale Nord, Küchenplanung');
    const submit = canvasElement.querySelector<HTMLButtonElement>('main form button[type="submit"]');
    if (submit === null) throw new Error('the request form has no submit button');
    await userEvent.click(submit);
    // The request is sent: the form is gone, the page says it waits for a decision.
    await waitFor(
      () =>
        expect(
          canvas.queryAllByRole('status').some((status) => status.textContent?.includes(planner.label) === true),
        ).toBe(true),
      shown,
    );
    await expect(canvas.queryByRole('combobox')).toBeNull();
  },
};
