// What a delete affects, shown in its confirmation (#17.15, #30.3): per kind the count and the
// first names (links to them), loaded when the dialog opens — first, as a warning, the
// applications the delete leaves without their admin permission or without anyone holding it;
// and the sentence of the toast that says what the delete removed the entity from.
import { useEffect, useRef, useState } from 'react';
import { ExclamationTriangleIcon } from '@heroicons/react/20/solid';
import { usageRest } from '@portal/core';
import type { UsageGroup } from '@portal/core';
import type { EntityUsage } from '@portal/adapters/admin';
import { UiLink } from '@portal/ui';
import { adminLinks, type EntityKind } from '../lib/links.ts';
import { useAdminT, type AdminKey, type AdminT } from '../lib/i18n.ts';

/** The entity being deleted: an account access's ACCOUNT_ACCESS group are its child groups. */
export type UsageSubject =
  'roles' | 'accountAccesses' | 'attributes' | 'customFlows' | 'permissions' | 'applications' | 'users';

/** The page a group's entries link to (none: named only). */
const pageOf: Readonly<Record<UsageGroup['kind'], EntityKind | undefined>> = {
  APPLICATION: 'applications',
  USER: 'users',
  CUSTOM_FLOW: 'customFlows',
  ACCOUNT_ACCESS: 'accountAccesses',
  ACTIVATION_GROUP: 'applications',
  ROLE: 'roles',
  ATTRIBUTE: 'attributes',
  ACCESS_REQUEST: undefined,
  ADMIN_PERMISSION_LOST: 'applications',
};

/** Where a subject's group says more than the kind's name (an application's users lose their access). */
const subjectKinds: Partial<Record<UsageSubject, Partial<Record<UsageGroup['kind'], AdminKey>>>> = {
  accountAccesses: { ACCOUNT_ACCESS: 'usage.kinds.CHILD_ACCOUNT_ACCESS' },
  applications: { USER: 'usage.subjectKinds.applicationUsers' },
  users: { APPLICATION: 'usage.subjectKinds.userApplications' },
  permissions: {
    USER: 'usage.subjectKinds.permissionHolders',
    APPLICATION: 'usage.subjectKinds.permissionRoleLinks',
  },
};

function kindLabel(group: UsageGroup, subject: UsageSubject): AdminKey {
  return subjectKinds[subject]?.[group.kind] ?? `usage.kinds.${group.kind}`;
}

/** "Anwendungen (3), Benutzer (31)": what a delete removed the entity from. */
export function removedFromText(groups: readonly UsageGroup[], subject: UsageSubject, t: AdminT): string {
  return groups.map((group) => `${t(kindLabel(group, subject))} (${group.count})`).join(', ');
}

/** Subjects whose delete removes the entity from its users (a role, …), not only affects them (an application, a user). */
const removedFromUsers = (subject: UsageSubject) => subject !== 'applications' && subject !== 'users';

function Names({
  group,
  t,
  linkClassName = 'text-accent underline underline-offset-2',
}: {
  readonly group: UsageGroup;
  readonly t: AdminT;
  /** On the warning's own background the links keep its text colour. */
  readonly linkClassName?: string;
}) {
  const page = pageOf[group.kind];
  const rest = usageRest(group);
  return (
    <>
      {group.first.map((item, i) => {
        const name = item.label === '' ? item.id : item.label;
        return (
          <span key={item.id}>
            {i > 0 && ', '}
            {page === undefined ? (
              name
            ) : (
              <UiLink href={adminLinks.detail(page, item.id)} className={linkClassName}>
                {name}
              </UiLink>
            )}
          </span>
        );
      })}
      {rest > 0 && <> {t('usage.more', { count: rest })}</>}
    </>
  );
}

type State =
  | { readonly status: 'loading' }
  | { readonly status: 'failed' }
  | { readonly status: 'loaded'; readonly groups: readonly UsageGroup[] };

export function UsageDetails({
  name,
  subject,
  load,
}: {
  readonly name: string;
  readonly subject: UsageSubject;
  readonly load: () => Promise<EntityUsage>;
}) {
  const t = useAdminT();
  const [state, setState] = useState<State>({ status: 'loading' });
  // Asked once per opening of the dialog (the page passes a new function on every render).
  const loadOnce = useRef(load);
  useEffect(() => {
    let current = true;
    loadOnce.current().then(
      (usage) => {
        if (current) setState({ status: 'loaded', groups: usage.groups });
      },
      () => {
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, []);
  if (state.status === 'loading') return <p role="status">{t('usage.loading')}</p>;
  if (state.status === 'failed') return <p>{t('usage.failed')}</p>;
  const lost = state.groups.find((group) => group.kind === 'ADMIN_PERMISSION_LOST');
  const others = state.groups.filter((group) => group !== lost);
  if (state.groups.length === 0)
    return <p>{t(removedFromUsers(subject) ? 'usage.unused' : 'usage.unaffected', { name })}</p>;
  return (
    <div data-testid="usage-details" className="flex flex-col gap-3">
      {lost !== undefined && (
        <div
          data-testid="admin-permission-lost"
          className="flex gap-2 rounded-lg border border-warning bg-warning-soft p-3 text-on-warning-soft"
        >
          <ExclamationTriangleIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
          <div className="flex flex-col gap-1">
            <p className="font-medium">
              {t(subject === 'permissions' ? 'usage.adminLost.permission' : 'usage.adminLost.holders', {
                count: lost.count,
              })}
            </p>
            <p>
              <Names group={lost} t={t} linkClassName="font-medium underline underline-offset-2" />
            </p>
            <p>{t('usage.adminLost.after')}</p>
          </div>
        </div>
      )}
      {others.length > 0 && (
        <div>
          <p className="font-medium text-fg">
            {t(removedFromUsers(subject) ? 'usage.intro' : 'usage.introAffects', { name })}
          </p>
          <ul className="mt-1 flex list-disc flex-col gap-1 pl-5">
            {others.map((group) => (
              <li key={group.kind}>
                <span className="font-medium text-fg">
                  {t(kindLabel(group, subject))} ({group.count})
                </span>
                : <Names group={group} t={t} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
