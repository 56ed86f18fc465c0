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
