// The access request form (/catalogue/{application}/request, #19) for the kitchen planner, which
// requires a justification, allows a last day up to 90 days ahead and asks two questions (one
// the partner has answered before): the form; what is missing said beside each field before
// anything is sent; a request sent and then found under my requests; a request the API refuses
// (one is open already) with everything typed kept.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import {
  accessTexts,
  catalogue,
  myAccessRequests,
  plannerOptions,
  requestFor,
} from '../../../.storybook/access-data.ts';
import { partnerScreen, shown, type ScreenData } from '../../../.storybook/screen.tsx';
import RequestPage from './request-page.tsx';

const meta = { title: 'Screens/Access request', component: RequestPage } satisfies Meta<typeof RequestPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const data: ScreenData = { catalogue, myAccessRequests, accessRequestOptions: { 'kitchen-planner': plannerOptions } };

const screen = (id: string, screenData: ScreenData = data) =>
  partnerScreen('/catalogue/kitchen-planner/request', id, screenData);

/** The partner's day `days` ahead (ISO `YYYY-MM-DD`, local time, as the date field takes it). */
function dayAhead(days: number): string {
  const at = new Date();
  at.setDate(at.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

const justification = 'Wir planen Küchen für unsere Kundschaft in Hamburg.';

/** The partner's ended request for the kitchen planner (its account access and justification). */
const expired = (() => {
  const found = myAccessRequests.find((r) => r.applicationId === 'kitchen-planner' && r.status === 'EXPIRED');
  if (found === undefined) throw new Error('no ended request for the kitchen planner in the data');
  return found;
})();

/** A label as a pattern (a required field's label says so after the text). */
const label = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** The form, once what a request needs has been read (in the page, not the header's sign-out form). */
async function form(canvasElement: HTMLElement, loaded: unknown) {
  const canvas = within(canvasElement);
  const t = await accessTexts(loaded);
  const field = await canvas.findByRole('textbox', { name: label(t('form.justification')) }, shown);
  const submit = canvasElement.querySelector<HTMLButtonElement>('main form button[type="submit"]');
  const element = submit?.closest('form');
  if (submit === null || element === null || element === undefined)
    throw new Error('the request form has no submit button');
  return {
    canvas,
    element,
    t,
    justification: field,
    accountAccess: canvas.getByRole('combobox', { name: label(t('form.accountAccess')) }),
    endDate: canvas.getByLabelText(label(t('form.endDate'))),
    customerNumber: canvas.getByRole('textbox', { name: /Kundennummer/ }),
    submit,
  };
}

export const Form: Story = {
  parameters: screen('request-form'),
  play: async ({ canvasElement, loaded }) => {
    const { canvas, t, justification, endDate, customerNumber } = await form(canvasElement, loaded);
    await expect(justification).toBeRequired();
    await expect(justification).toHaveAttribute('maxlength', '1000');
    // At most 90 days of access: the last day 89 days ahead (the access ends at the midnight after it).
    await expect(endDate).toHaveAttribute('max', dayAhead(89));
    // The questions: the one without an answer yet is required, the one answered before is not.
    await expect(canvas.getByRole('group', { name: t('form.questions') })).toBeVisible();
    await expect(customerNumber).toBeRequired();
    await expect(canvas.getByRole('textbox', { name: /Telefon im Studio/ })).not.toBeRequired();
    await expect(canvas.getByRole('combobox', { name: label(t('form.role')) })).not.toBeRequired();
  },
};

/** Sent with nothing filled in: each required field says so; nothing leaves the page. */
export const Missing: Story = {
  parameters: screen('request-missing'),
  play: async ({ canvasElement, loaded }) => {
    const { element, justification, accountAccess, customerNumber, submit } = await form(canvasElement, loaded);
    await userEvent.click(submit);
    await waitFor(() => expect(justification).toHaveAttribute('aria-invalid', 'true'), shown);
    await expect(accountAccess).toHaveAttribute('aria-invalid', 'true');
    await expect(customerNumber).toHaveAttribute('aria-invalid', 'true');
    await expect(within(element).queryByRole('alert')).toBeNull();
  },
};

/** The partner asks for a dealer group until a day, with a reason and the customer number; then finds it under my requests. */
export const Sent: Story = {
  parameters: screen('request-sent'),
  play: async ({ canvasElement, loaded }) => {
    const {
      canvas,
      t,
      justification: field,
      accountAccess,
      endDate,
      customerNumber,
      submit,
    } = await form(canvasElement, loaded);
    await userEvent.selectOptions(accountAccess, 'Händlergruppe Süd');
    await userEvent.type(field, justification);
    await fireEvent.change(endDate, { target: { value: dayAhead(30) } });
    await userEvent.type(customerNumber, 'K-40721');
    await userEvent.click(submit);
    await expect(await canvas.findByText(t('form.sent'), {}, shown)).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: t('form.toMyRequests') }));
    // My requests: the new one on top, open, with what was asked for.
    const [request] = await canvas.findAllByRole('listitem', { name: 'Küchenplaner' }, shown);
    if (request === undefined) throw new Error('my requests do not list the kitchen planner');
    await expect(within(request).getByText(justification)).toBeVisible();
    await expect(within(request).getByText('Händlergruppe Süd')).toBeVisible();
    await expect(within(request).getByText(t('requests.statuses.OPEN'))).toBeVisible();
  },
};

/** The API refuses (a request for the planner is open already): the reason shown, everything typed kept. */
const openPlannerRequest = requestFor('kitchen-planner', {
  id: '8e2d4c6a-1b3f-4d5e-9a7c-0f1e2d3c4b09',
  requestedAt: '2026-11-25T16:00:00.000Z',
  justification: 'Angefragt von einem anderen Gerät.',
});

/** The API refuses (a request for the planner was sent from another device meanwhile): its reason shown, everything typed kept. */
export const Refused: Story = {
  parameters: screen('request-refused', {
    ...data,
    catalogue: catalogue.map((app) =>
      app.id === 'kitchen-planner'
        ? { ...app, accessStatus: 'requested', pendingRequestId: openPlannerRequest.id }
        : app,
    ),
    myAccessRequests: [openPlannerRequest, ...myAccessRequests],
  }),
  play: async ({ canvasElement, loaded }) => {
    const { element, justification: field, accountAccess, customerNumber, submit } = await form(canvasElement, loaded);
    await userEvent.selectOptions(accountAccess, 'Händlergruppe Nord');
    await userEvent.type(field, justification);
    await userEvent.type(customerNumber, 'K-40721');
    await userEvent.click(submit);
    // The form's own alert (the toasts' region is one too).
    const alert = await within(element).findByRole('alert', {}, shown);
    await expect(alert).toHaveTextContent('Für diese Anwendung ist bereits ein Antrag offen.');
    await expect(field).toHaveValue(justification);
    await expect(accountAccess).toHaveDisplayValue('Händlergruppe Nord');
    await expect(customerNumber).toHaveValue('K-40721');
  },
};

/** #30.11: "Erneut anfordern" on an ended request: the form starts with what was chosen then (a new last day to pick). */
export const RequestAgain: Story = {
  parameters: partnerScreen(`/catalogue/kitchen-planner/request?from=${expired.id}`, 'request-again', data),
  play: async ({ canvasElement, loaded }) => {
    const { accountAccess, justification: field, endDate } = await form(canvasElement, loaded);
    await waitFor(() => expect(field).toHaveValue(expired.justification));
    await expect(accountAccess).toHaveValue(expired.requestedAccountAccess?.id);
    await expect(endDate).toHaveValue('');
  },
};
