// Access governance (#19) as a partner's screens see it, shaped by the contract: the catalogue
// of requestable applications, what a request to the kitchen planner may name (a dealer group,
// a justification it requires, a last day at most 90 days ahead, the application's questions)
// and the partner's own requests in each state (open, accepted, denied with the decider's
// reason, expired, cancelled). The catalogue says where the partner stands, the requests agree.
// With the helpers their stories share.
import { within } from 'storybook/test';
import type { Schema } from '@portal/contract';
import { shown, type StoryLoaded } from './screen.tsx';

/** The entries a list of #19's screens shows (catalogue, my requests), by their headings. */
export const entryNames = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .queryAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

/** The texts of #19's screens (flows' `access.*`) in the story's language, once loaded (a story's `loaded`). */
export async function accessTexts(loaded: unknown) {
  const { i18n } = loaded as StoryLoaded;
  await i18n.loadNamespaces('flows');
  return i18n.getFixedT(null, 'flows', 'access');
}

/** A list of #19's screens once its entry `first` shows: the canvas and the texts. */
export async function shownList(canvasElement: HTMLElement, loaded: unknown, first: string) {
  const canvas = within(canvasElement);
  const t = await accessTexts(loaded);
  await canvas.findByRole('heading', { level: 2, name: first }, shown);
  return { canvas, t };
}

const day = 86_400_000;
/** An instant `days` from now (the stories run on any day: ends lie ahead of it). */
const ahead = (days: number) => new Date(Date.now() + days * day).toISOString();

const requirements = (settings: Partial<Schema<'MyRequestRequirements'>>): Schema<'MyRequestRequirements'> => ({
  justification: 'optional',
  justificationMaxLength: 1000,
  timeBoundAccess: false,
  maxAccessDays: null,
  maxEndsAt: null,
  roleRequired: false,
  accountAccessRequired: false,
  accountAccesses: { items: [], total: 0 },
  questions: [],
  ...settings,
});

const north = { id: '0b7c9e52-6d0f-4f3e-8a41-5c2d7e9f1a01', key: 'north', label: 'Händlergruppe Nord' };
const south = { id: '0b7c9e52-6d0f-4f3e-8a41-5c2d7e9f1a02', key: 'south', label: 'Händlergruppe Süd' };
const dealerGroups: Schema<'SelectionList'> = { items: [north, south], total: 2 };

/** The kitchen planner: justification required, time-bound up to 90 days, a dealer group, two questions (one answered before). */
const plannerRequirements = requirements({
  justification: 'required',
  timeBoundAccess: true,
  maxAccessDays: 90,
  maxEndsAt: ahead(90),
  accountAccessRequired: true,
  accountAccesses: dealerGroups,
  questions: [
    { key: 'customerNumber', label: 'Kundennummer', dataType: 'STRING', value: null, requiredValue: null },
    { key: 'phone', label: 'Telefon im Studio', dataType: 'STRING', value: '040 123456', requiredValue: null },
  ],
});

/** `GET /My/Applications/kitchen-planner/AccessRequest`. */
export const plannerOptions: Schema<'MyAccessRequestOptions'> = {
  roleRequired: false,
  accountAccessRequired: true,
  accountAccesses: dealerGroups,
  roles: {
    items: [
      { id: '5a1e3c7d-2b9f-4e6a-8c0d-1f2e3d4c5b01', key: 'planner', label: 'Planer' },
      { id: '5a1e3c7d-2b9f-4e6a-8c0d-1f2e3d4c5b02', key: 'sales', label: 'Verkauf' },
    ],
    total: 2,
  },
  requirements: plannerRequirements,
};

const openShopRequest = '8e2d4c6a-1b3f-4d5e-9a7c-0f1e2d3c4b01';
const academyEndsAt = ahead(20);

/** `GET /My/Catalogue`, in the API's order (sort number, then label). */
export const catalogue: Schema<'CatalogueApplication'>[] = [
  {
    id: 'kitchen-planner',
    label: 'Küchenplaner',
    logoUrl: null,
    description: 'Küchen planen und anbieten',
    url: 'https://planner.example.test',
    accessStatus: 'none',
    accessEndsAt: null,
    pendingRequestId: null,
    request: plannerRequirements,
  },
  {
    id: 'dealer-shop',
    label: 'Händlershop',
    logoUrl: null,
    description: 'Ersatzteile und Zubehör bestellen',
    url: 'https://shop.example.test',
    accessStatus: 'requested',
    accessEndsAt: null,
    pendingRequestId: openShopRequest,
    request: requirements({ timeBoundAccess: true, maxAccessDays: 180, maxEndsAt: ahead(180) }),
  },
  {
    id: 'academy',
    label: 'Akademie',
    logoUrl: null,
    description: 'Schulungen und Zertifikate für Ihr Team',
    url: 'https://academy.example.test',
    accessStatus: 'granted',
    accessEndsAt: academyEndsAt,
    pendingRequestId: null,
    request: requirements({ timeBoundAccess: true, maxAccessDays: null }),
  },
  {
    id: 'price-lists',
    label: 'Preislisten',
    logoUrl: null,
    description: 'Aktuelle Preise und Konditionen',
    url: 'https://prices.example.test',
    accessStatus: 'granted',
    accessEndsAt: null,
    pendingRequestId: null,
    request: requirements({ roleRequired: true }),
  },
  {
    id: 'marketing',
    label: 'Marketing-Downloads',
    logoUrl: null,
    description: 'Prospekte, Bilder und Vorlagen',
    url: 'https://marketing.example.test',
    accessStatus: 'none',
    accessEndsAt: null,
    pendingRequestId: null,
    request: requirements({ justification: 'required' }),
  },
];

const appOf = (id: string) => {
  const app = catalogue.find((entry) => entry.id === id);
  if (app === undefined) throw new Error(`no application ${id} in the catalogue`);
  return { applicationId: id, application: { id, label: app.label, logoUrl: app.logoUrl } };
};

type Request = Schema<'MyAccessRequest'>;

const undecided: Omit<Request, 'id' | 'applicationId' | 'application' | 'status' | 'requestedAt'> = {
  requestedAccountAccess: null,
  requestedRole: null,
  justification: null,
  requestedEndsAt: null,
  answers: [],
  decidedAt: null,
  reason: null,
  endsAt: null,
  expiredAt: null,
  canRequestAgain: false,
};

/** A request of the partner's for an application of the catalogue: open, unless `fields` say more. */
export const requestFor = (
  applicationId: string,
  fields: Pick<Request, 'id' | 'requestedAt'> & Partial<Request>,
): Request => ({ ...undecided, ...appOf(applicationId), status: 'OPEN', ...fields });

/** `GET /My/AccessRequests`: one request in each state (the API answers newest first). */
export const myAccessRequests: Request[] = [
  requestFor('dealer-shop', {
    id: openShopRequest,
    requestedAt: '2026-11-24T09:30:00.000Z',
    requestedAccountAccess: north,
    justification: 'Wir bestellen Ersatzteile für unsere Kundschaft.',
    requestedEndsAt: ahead(60),
  }),
  requestFor('academy', {
    id: '8e2d4c6a-1b3f-4d5e-9a7c-0f1e2d3c4b02',
    status: 'ACCEPTED',
    requestedAt: '2026-11-02T08:00:00.000Z',
    requestedRole: { id: '5a1e3c7d-2b9f-4e6a-8c0d-1f2e3d4c5b03', key: 'learner', label: 'Teilnehmer' },
    decidedAt: '2026-11-03T10:15:00.000Z',
    endsAt: academyEndsAt,
    canRequestAgain: true,
  }),
  requestFor('marketing', {
    id: '8e2d4c6a-1b3f-4d5e-9a7c-0f1e2d3c4b03',
    status: 'DENIED',
    requestedAt: '2026-10-20T13:45:00.000Z',
    justification: 'Prospekte für die Hausmesse.',
    decidedAt: '2026-10-21T07:50:00.000Z',
    reason: 'Bitte über Ihren Gebietsleiter anfragen; er gibt die Vorlagen frei.',
    canRequestAgain: true,
  }),
  requestFor('kitchen-planner', {
    id: '8e2d4c6a-1b3f-4d5e-9a7c-0f1e2d3c4b04',
    status: 'EXPIRED',
    requestedAt: '2026-08-01T07:00:00.000Z',
    requestedAccountAccess: south,
    justification: 'Planung für die Sommeraktion.',
    requestedEndsAt: '2026-09-30T22:00:00.000Z',
    decidedAt: '2026-08-02T09:00:00.000Z',
    endsAt: '2026-09-30T22:00:00.000Z',
    expiredAt: '2026-09-30T22:00:05.000Z',
    canRequestAgain: true,
  }),
  requestFor('price-lists', {
    id: '8e2d4c6a-1b3f-4d5e-9a7c-0f1e2d3c4b05',
    status: 'CANCELLED',
    requestedAt: '2026-07-14T11:20:00.000Z',
    decidedAt: '2026-07-15T08:05:00.000Z',
  }),
];
