// Where an entity is used (#17.15): what the API's GET {id}/Usage answers and DELETE
// reports as removed, as the console shows it before and after a delete; for an application
// or a user what a delete would affect, and the applications it leaves without anyone holding
// their admin permission (ADMIN_PERMISSION_LOST, #30.3).
import type { components } from '@portal/contract';

/** The contract's kinds of users (APPLICATION, USER, ROLE, ACCESS_REQUEST, ADMIN_PERMISSION_LOST, …). */
type UsageGroupKind = components['schemas']['UsageGroupKind'];

export interface UsageGroup {
  readonly kind: UsageGroupKind;
  readonly count: number;
  /** The first (at most five) by name. */
  readonly first: readonly { readonly id: string; readonly label: string }[];
}

/** How many of a group are not named in `first`. */
export function usageRest(group: UsageGroup): number {
  return Math.max(0, group.count - group.first.length);
}

/** Whether deleting would take the entity from anything. */
export function isUsed(groups: readonly UsageGroup[]): boolean {
  return groups.some((group) => group.count > 0);
}
