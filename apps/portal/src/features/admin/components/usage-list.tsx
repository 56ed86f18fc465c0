// Where an attribute or permission is used (usage types of spec §3).
import type { Usage } from '@portal/adapters/admin';
import { UiLink } from '@portal/ui';
import { adminLinks } from '../lib/links.ts';
import { useAdminT } from '../lib/i18n.ts';
import { Section } from './form-kit.tsx';

function hrefOf(usage: Usage): string | undefined {
  if (usage.type === 'APPLICATION' || usage.type === 'APPLICATION_ACCOUNT_ACCESS')
    return adminLinks.detail('applications', usage.id);
  if (usage.type === 'ROLE') return adminLinks.detail('roles', usage.id);
  if (usage.type === 'CUSTOM_FLOW') return adminLinks.detail('customFlows', usage.id);
  return undefined;
}

export function UsageList({ usages }: { readonly usages: readonly Usage[] }) {
  const t = useAdminT();
  return (
    <Section title={t('usages.title')} description={t('usages.description')}>
      {usages.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('usages.none')}</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {usages.map((usage) => {
            const href = hrefOf(usage);
            return (
              <li key={`${usage.type}-${usage.id}`} className="flex flex-wrap gap-2">
                <span className="rounded bg-surface-muted px-1.5 py-0.5 text-xs text-fg-muted">
                  {t(`usages.types.${usage.type}`)}
                </span>
                {href === undefined ? (
                  <span>{usage.label}</span>
                ) : (
                  <UiLink href={href} className="text-accent hover:underline">
                    {usage.label}
                  </UiLink>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}
