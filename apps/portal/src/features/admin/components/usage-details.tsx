// Where an entity is used, shown in its delete confirmation (#17.15): per kind the count and
// the first names (links to them), loaded when the dialog opens; and the sentence of the
// toast that says what the delete removed it from.
import { useEffect, useRef, useState } from 'react';
import { usageRest } from '@portal/core';
import type { UsageGroup } from '@portal/core';
import type { EntityUsage } from '@portal/adapters/admin';
import { UiLink } from '@portal/ui';
import { adminLinks, type EntityKind } from '../lib/links.ts';
import { useAdminT, type AdminKey, type AdminT } from '../lib/i18n.ts';

/** The entity being deleted: an account access's ACCOUNT_ACCESS group are its child groups. */
export type UsageSubject = 'roles' | 'accountAccesses' | 'attributes' | 'customFlows';

const pageOf: Readonly<Record<UsageGroup['kind'], EntityKind>> = {
  APPLICATION: 'applications',
  USER: 'users',
  CUSTOM_FLOW: 'customFlows',
  ACCOUNT_ACCESS: 'accountAccesses',
  ACTIVATION_GROUP: 'applications',
};

function kindLabel(group: UsageGroup, subject: UsageSubject): AdminKey {
  if (group.kind === 'ACCOUNT_ACCESS' && subject === 'accountAccesses') return 'usage.kinds.CHILD_ACCOUNT_ACCESS';
  return `usage.kinds.${group.kind}`;
}

/** "Anwendungen (3), Benutzer (31)": what a delete removed the entity from. */
export function removedFromText(groups: readonly UsageGroup[], subject: UsageSubject, t: AdminT): string {
  return groups.map((group) => `${t(kindLabel(group, subject))} (${group.count})`).join(', ');
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
  if (state.groups.length === 0) return <p>{t('usage.unused', { name })}</p>;
  return (
    <div data-testid="usage-details">
      <p className="font-medium text-fg">{t('usage.intro', { name })}</p>
      <ul className="mt-1 flex list-disc flex-col gap-1 pl-5">
        {state.groups.map((group) => {
          const rest = usageRest(group);
          return (
            <li key={group.kind}>
              <span className="font-medium text-fg">
                {t(kindLabel(group, subject))} ({group.count})
              </span>
              :{' '}
              {group.first.map((item, i) => (
                <span key={item.id}>
                  {i > 0 && ', '}
                  <UiLink
                    href={adminLinks.detail(pageOf[group.kind], item.id)}
                    className="text-accent underline underline-offset-2"
                  >
                    {item.label === '' ? item.id : item.label}
                  </UiLink>
                </span>
              ))}
              {rest > 0 && <> {t('usage.more', { count: rest })}</>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
