// What the launcher (first route) takes from @portal/ui: measured by ./measure.ts.
import { createRoot } from 'react-dom/client';
import { AppTile, Avatar, DefaultLayout, Greeting, Launcher, UiTextProvider } from '@portal/ui';
import '@portal/ui/styles.css';

const root = document.getElementById('root');
if (root !== null) {
  createRoot(root).render(
    <UiTextProvider t={(key) => key}>
      <DefaultLayout brand={{ name: 'x' }} nav={{ myAppsHref: '/' }} footer={{ year: 2026, companyName: 'x', privacyHref: '/', imprintHref: '/' }} userMenu={<Avatar name="a b" />}>
        <Greeting code="day" />
        <Launcher apps={[]} />
        <AppTile app={{ id: 'a', label: 'a', href: '/' }} />
      </DefaultLayout>
    </UiTextProvider>,
  );
}
