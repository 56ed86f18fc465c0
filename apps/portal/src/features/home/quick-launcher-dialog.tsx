// The quick launcher's dialog (#20.1), loaded on the first Ctrl+K / "/": the user's
// applications (the launcher's list), the settings pages and, for an administrator, the
// console's overview and the global pages they may open (core's sidebar items); an
// application opens through the gate and counts as a launch, like its tile.
import { useTranslation } from 'react-i18next';
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

const pages: readonly SettingsTab[] = ['personal', 'security', 'applications'];

export default function QuickLauncherDialog({ onClose }: { readonly onClose: () => void }) {
  const { t } = useTranslation('common');
  const { t: tUi } = useTranslation('ui');
  const { api, config } = useServices();
  const session = useSession();
  const userId = session.user?.id ?? '';
  const [, navigate] = useLocation();
  const apps = useLoad(() => loadMyApps(api, userId), userId, () => peekMyApps(userId));
  const admin = useAdminAccess(session.user);
  const items: QuickLauncherItem[] = [
    ...(apps.data ?? []).filter((app) => app.accessStatus === 'granted').map((app): QuickLauncherItem => {
      const logoUrl = resolveAssetUrl(app.logoUrl, config.apiUrl);
      return {
        id: app.id, kind: 'app', label: app.label,
        ...(app.description === undefined ? {} : { description: app.description }),
        ...(logoUrl === undefined ? {} : { logoUrl }),
      };
    }),
    ...pages.map((tab): QuickLauncherItem => ({ id: links.settings(tab), kind: 'page', label: t(`titles.${tab}`), description: t('titles.settings') })),
    ...(admin ? [
      { id: links.admin(), kind: 'page' as const, label: tUi('nav.adminCenter'), description: tUi('nav.home') },
      ...visibleAdminNavItems(session.user).map((item): QuickLauncherItem => ({ id: item.path, kind: 'page', label: tUi(`nav.${item.key}`), description: tUi('nav.adminCenter') })),
    ] : []),
  ];
  return (
    <QuickLauncher
      open
      onClose={onClose}
      items={items}
      onOpen={(item) => {
        onClose();
        if (item.kind === 'page') {
          navigate(item.id);
          return;
        }
        recordLaunch(api, userId, item.id);
        navigate(links.flowsAuth({ clientId: item.id }));
      }}
    />
  );
}
