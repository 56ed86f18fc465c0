// The quick launcher's dialog (#20.1), loaded on the first Ctrl+K / "/": the user's
// applications (the launcher's list), the settings pages and, for an administrator, the
// console's overview and the global pages they may open (core's sidebar items) and the
// console's entities found on the server (`searchConsole`, given by app/quick-launcher.tsx:
// the admin console's `quick-search.ts`); an application opens through the gate and counts
// as a launch, like its tile.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from '@portal/adapters';
import type { SignedInUser } from '@portal/core';
import { visibleAdminNavItems } from '@portal/core';
import { useLocation } from 'wouter';
import { QuickLauncher, type QuickLauncherItem } from '@portal/ui/dialog';
import { useAdminAccess } from '../../app/admin-access.ts';
import { useServices } from '../../app/contexts.tsx';
import { useSession } from '../../app/session.ts';
import { useLoad } from '../../app/use-load.ts';
import { resolveAssetUrl } from '../../app/assets.ts';
import { links, type SettingsTab } from '../../routes.ts';
import { loadMyApps, peekMyApps, recordLaunch } from '../shared/my-apps.ts';
import { useServerSearch, type ServerSearch } from './server-search.ts';

const pages: readonly SettingsTab[] = ['personal', 'security', 'applications'];

/** A console entity found by name; `href` is its console page. */
export interface FoundEntity {
  readonly kind: 'application' | 'user' | 'role' | 'attribute' | 'permission';
  readonly href: string;
  readonly label: string;
  readonly description?: string;
}

/** Makes an administrator's search of the console's entities over the portal's API client. */
export type CreateEntitySearch = (
  client: ApiClient,
  apiUrl: string,
  user: SignedInUser | undefined,
) => ServerSearch<FoundEntity>;

export interface QuickLauncherDialogProps {
  readonly onClose: () => void;
  /** The console's entity search (administrators only; without it, none). */
  readonly createEntitySearch?: CreateEntitySearch;
}

export default function QuickLauncherDialog({ onClose, createEntitySearch }: QuickLauncherDialogProps) {
  const { t } = useTranslation('common');
  const { t: tUi } = useTranslation('ui');
  const { api, client, config } = useServices();
  const session = useSession();
  const userId = session.user?.id ?? '';
  const [, navigate] = useLocation();
  const apps = useLoad(
    () => loadMyApps(api, userId),
    userId,
    () => peekMyApps(userId),
  );
  const admin = useAdminAccess(session.user);
  const [query, setQuery] = useState('');
  const user = session.user;
  const search = useMemo(
    () => (admin && createEntitySearch !== undefined ? createEntitySearch(client, config.apiUrl, user) : undefined),
    [admin, createEntitySearch, client, config.apiUrl, user],
  );
  const entities = useServerSearch(search, query);
  const found = entities.hits.map((hit): QuickLauncherItem => ({
    id: hit.href,
    kind: 'entity',
    label: hit.label,
    kindLabel: tUi(`quickLauncher.kinds.${hit.kind}`),
    ...(hit.description === undefined ? {} : { description: hit.description }),
  }));
  const items: QuickLauncherItem[] = [
    ...(apps.data ?? [])
      .filter((app) => app.accessStatus === 'granted')
      .map((app): QuickLauncherItem => {
        const logoUrl = resolveAssetUrl(app.logoUrl, config.apiUrl);
        return {
          id: app.id,
          kind: 'app',
          label: app.label,
          ...(app.description === undefined ? {} : { description: app.description }),
          ...(logoUrl === undefined ? {} : { logoUrl }),
        };
      }),
    ...pages.map((tab): QuickLauncherItem => ({
      id: links.settings(tab),
      kind: 'page',
      label: t(`titles.${tab}`),
      description: t('titles.settings'),
    })),
    ...(admin
      ? [
          { id: links.admin(), kind: 'page' as const, label: tUi('nav.adminCenter'), description: tUi('nav.home') },
          ...visibleAdminNavItems(session.user).map((item): QuickLauncherItem => ({
            id: item.path,
            kind: 'page',
            label: tUi(`nav.${item.key}`),
            description: tUi('nav.adminCenter'),
          })),
        ]
      : []),
  ];
  return (
    <QuickLauncher
      open
      onClose={onClose}
      items={items}
      onSearch={setQuery}
      found={found}
      searching={entities.searching}
      {...(entities.failed ? { note: tUi('quickLauncher.partFailed') } : {})}
      onOpen={(item) => {
        onClose();
        if (item.kind !== 'app') {
          navigate(item.id);
          return;
        }
        recordLaunch(api, userId, item.id);
        navigate(links.flowsAuth({ clientId: item.id }));
      }}
    />
  );
}
