import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { DefaultLayout, EmptyLayout, ExternalAppLayout, NoNavbarLayout } from './layouts.tsx';
import { PageBody, brand, externalLogo, footer, languageSwitcher, userMenu } from './story-fixtures.tsx';
import { ErrorPage } from '../error-page/error-page.tsx';

const meta = { title: 'Layout/Layouts', parameters: { layout: 'fullscreen' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default = {
  render: () => (
    <DefaultLayout
      brand={brand}
      nav={{ myAppsHref: '/', adminHref: '/admin', current: 'myApps' }}
      languageSwitcher={languageSwitcher}
      userMenu={userMenu}
      footer={footer}
    >
      <PageBody />
    </DefaultLayout>
  ),
  play: async ({ canvas }) => {
    const [nav] = canvas
      .getAllByRole('navigation', { name: 'Hauptnavigation' })
      .filter((element) => element.checkVisibility());
    await expect(nav).toBeDefined();
    await expect(
      canvas.getAllByRole('link', { name: 'Meine Apps' }).some((link) => link.getAttribute('aria-current') === 'page'),
    ).toBe(true);
    await expect(canvas.getAllByRole('link', { name: 'Admin Center' }).length).toBeGreaterThan(0);
    await expect(canvas.getByRole('button', { name: 'Benutzermenü von Anna Schmidt öffnen' })).toBeVisible();
    await expect(canvas.getByRole('contentinfo')).toBeVisible();
  },
} satisfies Story;

export const DefaultWithoutAdminCenter: Story = {
  render: () => (
    <DefaultLayout
      brand={brand}
      nav={{ myAppsHref: '/' }}
      languageSwitcher={languageSwitcher}
      userMenu={userMenu}
      footer={{ ...footer, development: true }}
    >
      <PageBody />
    </DefaultLayout>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('link', { name: 'Admin Center' })).not.toBeInTheDocument();
  },
};

export const DefaultWithNavigationBar = {
  render: () => (
    <DefaultLayout
      brand={brand}
      nav={{ myAppsHref: '/', adminHref: '/admin' }}
      languageSwitcher={languageSwitcher}
      userMenu={userMenu}
      footer={footer}
      navigationBar={{ title: 'Einstellungen', subTitle: 'Persönliche Daten, Sicherheit, Anwendungen', backLink: '/' }}
    >
      <PageBody />
    </DefaultLayout>
  ),
} satisfies Story;

export const SkipLinkFirst: Story = {
  render: Default.render,
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    const skip = canvas.getByRole('link', { name: 'Zum Inhalt springen' });
    await expect(skip).toHaveFocus();
    await expect(skip).toHaveAttribute('href', '#main');
  },
};

export const Empty: Story = {
  render: () => (
    <EmptyLayout>
      <p className="p-6 text-sm text-fg-muted">Weiterleitung …</p>
    </EmptyLayout>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('banner')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('contentinfo')).not.toBeInTheDocument();
  },
};

export const NoNavbar: Story = {
  render: () => (
    <NoNavbarLayout>
      <ErrorPage code={401} signedIn={false} />
    </NoNavbarLayout>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('banner')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('contentinfo')).not.toBeInTheDocument();
  },
};

export const ExternalApp = {
  render: () => (
    <ExternalAppLayout
      app={{ label: 'Küchenplaner', logoUrl: externalLogo }}
      languageSwitcher={languageSwitcher}
      footer={footer}
    >
      <PageBody />
    </ExternalAppLayout>
  ),
  play: async ({ canvas }) => {
    await expect(within(canvas.getByRole('banner')).getByText('Küchenplaner')).toBeVisible();
    await expect(canvas.queryByRole('navigation', { name: 'Hauptnavigation' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: /Benutzermenü/ })).not.toBeInTheDocument();
    const logo = canvas.getByRole('banner').querySelector('img');
    await expect(logo).toHaveAttribute('width', '64');
  },
} satisfies Story;

export const ExternalAppSmallIconWithoutFooter: Story = {
  render: () => (
    <ExternalAppLayout app={{ label: 'Serviceportal', logoUrl: externalLogo }} iconSize={40}>
      <PageBody />
    </ExternalAppLayout>
  ),
};

export const ExternalAppWithoutLogo: Story = {
  render: () => (
    <ExternalAppLayout app={{ label: 'Händlerbestellung' }}>
      <PageBody />
    </ExternalAppLayout>
  ),
};

/** Nothing scrolls sideways on a 360 px phone. */
async function assertNoSidewaysScroll() {
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
}

export const DefaultOnPhone: Story = {
  globals: { viewport: { value: 'phone' } },
  render: Default.render,
  play: async ({ canvas }) => {
    await assertNoSidewaysScroll();
    const visibleNav = canvas
      .getAllByRole('navigation', { name: 'Hauptnavigation' })
      .filter((element) => element.checkVisibility());
    await expect(visibleNav).toHaveLength(1);
  },
};

export const DefaultWide: Story = { globals: { viewport: { value: 'wide' } }, render: DefaultWithNavigationBar.render };

export const ExternalAppOnPhone: Story = {
  globals: { viewport: { value: 'phone' } },
  render: ExternalApp.render,
  play: async () => {
    await assertNoSidewaysScroll();
  },
};
