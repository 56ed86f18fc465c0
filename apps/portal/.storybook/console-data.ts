// The console's data the admin screens share: applications as the global list and as the
// administrator's administrable applications (the sidebar's dropdown), shaped by the contract.
import type { Schema } from '@portal/contract';
import { kitchenPlanner } from './applications.ts';

/** `GET /Applications`. */
export const applications: Schema<'ApplicationSummary'>[] = [
  { ...kitchenPlanner, released: true },
  {
    id: 'dealer-shop',
    label: 'Händlershop',
    logoUrl: null,
    url: 'https://shop.example.test',
    description: 'Ersatzteile bestellen',
    internal: false,
    sortNumber: 2,
    released: true,
  },
  {
    id: 'hr-portal',
    label: 'Personalportal',
    logoUrl: null,
    url: 'https://hr.example.test',
    description: '',
    internal: true,
    sortNumber: 3,
    released: false,
  },
];

/** `GET /Admin/Applications` (the administrator may manage requests of each external one). */
export const administrable: Schema<'AdminApplication'>[] = applications.map(
  ({ id, label, logoUrl, url, internal }) => ({
    id,
    label,
    logoUrl,
    url,
    internal,
    accessRequestsAmount: id === 'kitchen-planner' ? 2 : 0,
    permissions: { manageAccessRequests: !internal },
  }),
);

/** `GET /Admin/Mails` (#29): a mail sent, one the server refused and that is due again, one that failed for good. */
export const mails: Schema<'Mail'>[] = [
  {
    id: '9a000000-0000-4000-8000-000000000003',
    kind: 'REQUEST_ACCEPTED',
    recipient: 'dana.decker@example.test',
    language: 'en',
    subject: 'Your access to Küchenplaner has been granted',
    status: 'PENDING',
    attempts: 2,
    lastError: '451 4.3.0 Try again later',
    applicationId: 'kitchen-planner',
    requestId: '60000000-0000-4000-8000-000000000001',
    createdAt: '2026-11-25T09:30:00.000Z',
    lastAttemptAt: '2026-11-25T09:31:00.000Z',
    nextAttemptAt: '2026-11-25T09:33:00.000Z',
    sentAt: null,
  },
  {
    id: '9a000000-0000-4000-8000-000000000002',
    kind: 'ACCESS_REQUESTED',
    recipient: 'planer@example.test',
    language: 'de',
    subject: 'Neue Zugriffsanfrage für Küchenplaner',
    status: 'SENT',
    attempts: 1,
    lastError: null,
    applicationId: 'kitchen-planner',
    requestId: '60000000-0000-4000-8000-000000000001',
    createdAt: '2026-11-25T09:00:00.000Z',
    lastAttemptAt: '2026-11-25T09:00:01.000Z',
    nextAttemptAt: null,
    sentAt: '2026-11-25T09:00:02.000Z',
  },
  {
    id: '9a000000-0000-4000-8000-000000000001',
    kind: 'ACCESS_EXPIRING',
    recipient: 'nobody@example.test',
    language: 'de',
    subject: 'Ihr Zugriff auf Händlershop endet bald',
    status: 'FAILED',
    attempts: 8,
    lastError: '550 5.1.1 No such user',
    applicationId: 'dealer-shop',
    requestId: null,
    createdAt: '2026-11-24T07:00:00.000Z',
    lastAttemptAt: '2026-11-24T08:00:00.000Z',
    nextAttemptAt: null,
    sentAt: null,
  },
];
