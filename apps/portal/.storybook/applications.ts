// Applications more than one screen's stories show (the launcher, settings, the console), as
// their tiles have them; each story adds what its own list says of them.
import type { Schema } from '@portal/contract';

type Tile = Pick<
  Schema<'MyApplication'>,
  'id' | 'label' | 'logoUrl' | 'url' | 'description' | 'internal' | 'sortNumber'
>;

export const kitchenPlanner: Tile = {
  id: 'kitchen-planner',
  label: 'Küchenplaner',
  logoUrl: null,
  url: 'https://planner.example.test',
  description: 'Küchen planen und anbieten',
  internal: false,
  sortNumber: 1,
};

export const priceLists: Tile = {
  id: 'price-lists',
  label: 'Preislisten',
  logoUrl: null,
  url: 'https://prices.example.test',
  description: '',
  internal: false,
  sortNumber: 4,
};
