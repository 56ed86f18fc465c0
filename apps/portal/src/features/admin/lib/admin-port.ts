// Core's admin port (`AdminPort`, issue #18.3) over the console's admin API: the use cases
// (`saveApplication`, `decideAccessRequest`, `grantAccess`, `removeAccess`) hold the rules and
// call it; this only says which API call each write is.
import { saveApplication, type AdminIssues, type AdminOutcome, type AdminPort } from '@portal/core';
import type {
  AdminApi,
  ApplicationDetail,
  ApplicationInput,
  ApplicationUser,
  ApplicationUserInput,
} from '@portal/adapters/admin';

export type ConsolePort = AdminPort<ApplicationInput, ApplicationDetail, ApplicationUserInput, ApplicationUser>;

export function adminPort(api: AdminApi): ConsolePort {
  return {
    createApplication: (change) => api.applications.create(change),
    updateApplication: (id, change) => api.applications.update(id, change),
    decideAccessRequest: async (id, decision) => {
      await api.decideAccessRequest(id, decision);
    },
    grantAccess: (applicationId, userId, access) => api.updateApplicationUser(applicationId, userId, access),
    removeAccess: (applicationId, userId) => api.removeApplicationUser(applicationId, userId),
  };
}

/** A use case's rules refused the input (the page checks the same rules first, beside the fields). */
export class AdminRuleError extends Error {
  readonly issues: AdminIssues;

  constructor(issues: AdminIssues) {
    super(`refused: ${Object.keys(issues).join(', ')}`);
    this.issues = issues;
    this.name = 'AdminRuleError';
  }
}

/** The use case's answer, or its refusal thrown (for a form's save or a machine's step, which show a failure). */
export function doneOrThrow<T>(outcome: AdminOutcome<T> | { readonly kind: 'notOpen' }): T {
  if (outcome.kind === 'done') return outcome.value;
  throw new AdminRuleError(outcome.kind === 'invalid' ? outcome.issues : {});
}

/**
 * The admin API with an application's create and update going through core's `saveApplication`
 * (its rules — links checked, internal ⇒ not requestable — then the port): what the
 * application's page saves with. A refusal is thrown as `AdminRuleError`.
 */
export function savingApplicationsThroughCore(api: AdminApi): AdminApi {
  const port = adminPort(api);
  return {
    ...api,
    applications: {
      ...api.applications,
      create: (change) => saveApplication(port, undefined, change).then(doneOrThrow),
      update: (id, change) => saveApplication(port, id, change).then(doneOrThrow),
    },
  };
}
