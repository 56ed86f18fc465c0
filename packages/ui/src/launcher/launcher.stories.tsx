import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { AppTile, type AppTileData } from './app-tile.tsx';
import { Launcher } from './launcher.tsx';
import { ExternalAppLayout } from '../layouts/layouts.tsx';

function logo(color: string, letter: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${color}"/><text x="32" y="42" font-size="28" font-family="sans-serif" text-anchor="middle" fill="#fff">${letter}</text></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

const apps: AppTileData[] = [
  { id: 'dealer', label: 'Händlerbestellung', description: 'Aufträge erfassen und verfolgen', logoUrl: logo('#1d4ed8', 'H'), href: '/flows/auth?application=dealer' },
  { id: 'planner', label: 'Küchenplaner', description: 'Küchen in 3D planen und anbieten', logoUrl: logo('#047857', 'K'), href: '/flows/auth?application=planner' },
  { id: 'service', label: 'Serviceportal', description: 'Reklamationen und Ersatzteile', logoUrl: logo('#b45309', 'S'), href: '/flows/auth?application=service' },
  { id: 'marketing', label: 'Marketing-Downloads', description: 'Bilder, Broschüren und Vorlagen', logoUrl: logo('#be123c', 'M'), href: '/flows/auth?application=marketing' },
  { id: 'hr', label: 'Personalportal', description: 'Urlaub, Abrechnungen, Weiterbildung', href: '/flows/auth?application=hr' },
];

const meta = { title: 'Launcher/Launcher', component: Launcher, args: { apps, requestAccessHref: '/settings/applications' } } satisfies Meta<typeof Launcher>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithApps: Story = {
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'Meine Apps' });
    await expect(list.querySelectorAll('li')).toHaveLength(5);
    await expect(canvas.getByRole('link', { name: /Küchenplaner/ })).toHaveAttribute('href', '/flows/auth?application=planner');
  },
};

export const Loading: Story = { args: { apps: [], loading: true } };

export const NoApplications: Story = {
  args: { apps: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Noch keine Apps' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Zugriff anfordern' })).toHaveAttribute('href', '/settings/applications');
    await expect(canvas.queryByRole('searchbox')).not.toBeInTheDocument();
  },
};

export const SearchFilters: Story = {
  play: async ({ canvas, userEvent }) => {
    const search = canvas.getByRole('searchbox', { name: 'Apps durchsuchen' });
    await userEvent.type(search, 'ersatz');
    await expect(canvas.getAllByRole('link')).toHaveLength(1);
    await expect(canvas.getByRole('link', { name: /Serviceportal/ })).toBeVisible();
  },
};

export const EnterOpensTheOneMatch: Story = {
  play: async ({ canvas, userEvent }) => {
    const search = canvas.getByRole('searchbox', { name: 'Apps durchsuchen' });
    await userEvent.type(search, 'küchen');
    await expect(search).toHaveAccessibleDescription('Eingabetaste öffnet „Küchenplaner“');
    let opened = '';
    canvas.getByRole('link', { name: /Küchenplaner/ }).addEventListener('click', (event) => {
      event.preventDefault();
      opened = (event.currentTarget as HTMLAnchorElement).getAttribute('href') ?? '';
    });
    await userEvent.keyboard('{Enter}');
    await expect(opened).toBe('/flows/auth?application=planner');
    // Two matches: Enter does nothing, and no hint.
    await userEvent.clear(search);
    await userEvent.type(search, 'portal');
    await expect(search).not.toHaveAccessibleDescription();
  },
};

export const SearchWithoutMatch: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('searchbox'), 'Buchhaltung');
    await expect(canvas.getByRole('status')).toHaveTextContent('Keine App passt zu „Buchhaltung“.');
  },
};

export const KeyboardNavigation: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('searchbox')).toHaveFocus();
    await userEvent.tab();
    const tile = canvas.getByRole('link', { name: /Händlerbestellung/ });
    await expect(tile).toHaveFocus();
    await expect(getComputedStyle(tile).outlineStyle).toBe('solid');
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: /Küchenplaner/ })).toHaveFocus();
  },
};

export const Tile: StoryObj<typeof AppTile> = {
  render: () => <div className="max-w-sm"><AppTile app={apps[0] as AppTileData} /></div>,
};
export const TileWithoutLogo: StoryObj<typeof AppTile> = {
  render: () => <div className="max-w-sm"><AppTile app={{ id: 'x', label: 'Personalportal', href: '/' }} /></div>,
};
export const TileLongText: StoryObj<typeof AppTile> = {
  render: () => (
    <div className="max-w-xs">
      <AppTile app={{ id: 'y', label: 'Sehr lange Anwendungsbezeichnung für Händler und Filialen', description: 'Eine Beschreibung, die deutlich länger ist als eine Zeile auf einem kleinen Bildschirm', href: '/' }} />
    </div>
  ),
};
export const TileSmallIcon: StoryObj<typeof AppTile> = {
  render: () => <div className="max-w-sm"><AppTile app={apps[1] as AppTileData} iconSize={40} /></div>,
};

export const OnPhone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async () => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
export const Wide: Story = { globals: { viewport: { value: 'wide' } } };

/** #17.20: in the external-app layout (a narrower column) every tile shows its whole label, on a wide screen too. */
export const InExternalAppLayout: Story = {
  globals: { viewport: { value: 'wide' } },
  parameters: { layout: 'fullscreen' },
  render: (args) => (
    <ExternalAppLayout app={{ label: 'Küchenplaner' }}>
      <Launcher {...args} />
    </ExternalAppLayout>
  ),
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'Meine Apps' });
    const labels = Array.from(list.querySelectorAll('a > span:last-child > span:first-child'));
    await expect(labels.map((label) => label.textContent)).toEqual(apps.map((app) => app.label));
    for (const label of labels) {
      await expect(label.scrollWidth).toBeLessThanOrEqual(label.clientWidth);
      await expect(label.scrollHeight).toBeLessThanOrEqual(label.clientHeight);
    }
  },
};
