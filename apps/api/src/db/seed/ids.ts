// Fixed ids of the demo data, shared by the seed and the tests.
import identities from '@portal/contract/demo-identities.json' with { type: 'json' };

const byKind = (kind: string) => {
  const account = identities.accounts.find((a) => a.kind === kind);
  if (!account) throw new Error(`no demo account of kind ${kind}`);
  return account;
};

export const demoAccounts = identities.accounts;
export const users = {
  globalAdmin: byKind('global-admin').id,
  appAdmin: byKind('app-admin').id,
  partner: byKind('partner').id,
  customer: byKind('customer').id,
  employee: byKind('internal-employee').id,
  newUser: byKind('new-user').id,
};

export const apps = {
  portal: identities.clients.portal.clientId,
  dealerOrdering: identities.clients.dealerShop.clientId,
  kitchenPlanner: 'a1000000-0000-4000-8000-000000000002',
  servicePortal: 'a1000000-0000-4000-8000-000000000003',
  marketing: 'a1000000-0000-4000-8000-000000000004',
  hr: 'a1000000-0000-4000-8000-000000000005',
};
export const dealerShopLabel = identities.clients.dealerShop.label;

const id = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const permissionId = (n: number) => id('10000000', n);
const attributeId = (n: number) => id('20000000', n);
const roleId = (n: number) => id('30000000', n);
const accountAccessId = (n: number) => id('40000000', n);
const customFlowId = (n: number) => id('50000000', n);
export const accessRequestId = (n: number) => id('60000000', n);
export const extraUserId = (n: number) => id('70000000', n);

export const attributes = {
  firstName: attributeId(1),
  lastName: attributeId(2),
  customerNumber: attributeId(3),
  dealerNumber: attributeId(4),
  studioName: attributeId(5),
  termsAccepted: attributeId(6),
  phone: attributeId(7),
  website: attributeId(8),
  employeeNumber: attributeId(9),
};
export const roles = {
  globalAdmin: roleId(1),
  dealerOrderer: roleId(2),
  dealerViewer: roleId(3),
  planner: roleId(4),
  plannerAdmin: roleId(5),
  serviceUser: roleId(6),
  marketingUser: roleId(7),
  hrUser: roleId(8),
  plannerViewer: roleId(9),
};
export const accountAccesses = {
  dealerNord: accountAccessId(1),
  branchHamburg: accountAccessId(2),
  branchBremen: accountAccessId(3),
  dealerSued: accountAccessId(4),
  branchMuenchen: accountAccessId(5),
};
export const customFlows = { serviceTerms: customFlowId(1) };
export const accessRequests = {
  partnerPlanner: accessRequestId(1),
  customerPlanner: accessRequestId(2),
  customerMarketing: accessRequestId(3),
};
