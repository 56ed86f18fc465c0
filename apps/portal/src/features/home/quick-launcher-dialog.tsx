// The quick launcher's dialog (#20.1), loaded on the first Ctrl+K / "/": the user's
// applications (the launcher's list) and the settings pages; an application opens through
// the gate and counts as a launch, like its tile.
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { QuickLauncher, type QuickLauncherItem } from '@portal/ui/dialog';
import { useServices } from '../../app/contexts.tsx';
import { useSession } from '../../app/session.ts';
import { useLoad } from '../../app/use-load.ts';
import { resolveAssetUrl } from '../../app/assets.ts';
import { links, type SettingsTab } from '../../routes.ts';
import { loadMyApps, peekMyApps, recordLaunch } from '../shared/my-apps.ts';

const pages: readonly SettingsTab[] = ['personal', 'security', 'applications'];

export default function QuickLauncherDialog({ onClose }: { readonly onClose: () => void }) {
  const { t } = useTranslation('common');
  const { api, config } = useServices();
  const session = useSession();
  const userId = session.user?.id ?? '';
  const [, navigate] = useLocation();
  const apps = useLoad(() => loadMyApps(api, userId), userId, () => peekMyApps(userId));
  const items: QuickLauncherItem[] = [
    ...(apps.data ?? []).filter((app) => app.accessStatus === 'granted').map((app): QuickLauncherItem => {
      const logoUrl = resolveAssetUrl(app.logoUrl, config.apiUrl);
      return {
        id: app.id, kind: 'app', label: app.label,
        ...(app.description === undefined ? {} : { description: app.description }),
        ...(logoUrl === undefined ? {} : { logoUrl }),
      };
    }),
    ...pages.map((tab): QuickLauncherItem => ({ id: tab, kind: 'page', label: t(`titles.${tab}`), description: t('titles.settings') })),
  ];
  return (
    <QuickLauncher
      open
      onClose={onClose}
      items={items}
      onOpen={(item) => {
        onClose();
        if (item.kind === 'page') {
          navigate(links.settings(item.id as SettingsTab));
          return;
        }
        recordLaunch(api, userId, item.id);
        navigate(links.flowsAuth({ clientId: item.id }));
      }}
    />
  );
}
