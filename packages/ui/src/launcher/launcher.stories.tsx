import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { AppTile, type AppTileData } from './app-tile.tsx';
import { Launcher, type LauncherProps } from './launcher.tsx';
import { ExternalAppLayout } from '../layouts/layouts.tsx';

function logo(color: string, letter: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${color}"/><text x="32" y="42" font-size="28" font-family="sans-serif" text-anchor="middle" fill="#fff">${letter}</text></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

const apps: AppTileData[] = [
  {
    id: 'dealer',
    label: 'Händlerbestellung',
    description: 'Aufträge erfassen und verfolgen',
    logoUrl: logo('#1d4ed8', 'H'),
    href: '/flows/auth?application=dealer',
  },
  {
    id: 'planner',
    label: 'Küchenplaner',
    description: 'Küchen in 3D planen und anbieten',
    logoUrl: logo('#047857', 'K'),
    href: '/flows/auth?application=planner',
  },
  {
    id: 'service',
    label: 'Serviceportal',
    description: 'Reklamationen und Ersatzteile',
    logoUrl: logo('#b45309', 'S'),
    href: '/flows/auth?application=service',
  },
  {
    id: 'marketing',
    label: 'Marketing-Downloads',
    description: 'Bilder, Broschüren und Vorlagen',
    logoUrl: logo('#be123c', 'M'),
    href: '/flows/auth?application=marketing',
  },
  {
    id: 'hr',
    label: 'Personalportal',
    description: 'Urlaub, Abrechnungen, Weiterbildung',
    href: '/flows/auth?application=hr',
  },
];

const meta = {
  title: 'Launcher/Launcher',
  component: Launcher,
  args: { apps, requestAccessHref: '/settings/applications' },
} satisfies Meta<typeof Launcher>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithApps: Story = {
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'Meine Apps' });
    await expect(list.querySelectorAll('li')).toHaveLength(5);
    await expect(canvas.getByRole('link', { name: /Küchenplaner/ })).toHaveAttribute(
      'href',
      '/flows/auth?application=planner',
    );
  },
};

export const Loading: Story = { args: { apps: [], loading: true } };

export const NoApplications: Story = {
  args: { apps: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Noch keine Apps' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Zugriff anfordern' })).toHaveAttribute(
      'href',
      '/settings/applications',
    );
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
  render: () => (
    <div className="max-w-sm">
      <AppTile app={apps[0] as AppTileData} />
    </div>
  ),
};
export const TileWithBadge: StoryObj<typeof AppTile> = {
  render: () => (
    <div className="max-w-sm">
      <AppTile app={{ ...(apps[1] as AppTileData), badge: 'Endet in 3 Tagen' }} />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: /Küchenplaner.*Endet in 3 Tagen/ })).toBeVisible();
  },
};
export const TileWithoutLogo: StoryObj<typeof AppTile> = {
  render: () => (
    <div className="max-w-sm">
      <AppTile app={{ id: 'x', label: 'Personalportal', href: '/' }} />
    </div>
  ),
};
export const TileLongText: StoryObj<typeof AppTile> = {
  render: () => (
    <div className="max-w-xs">
      <AppTile
        app={{
          id: 'y',
          label: 'Sehr lange Anwendungsbezeichnung für Händler und Filialen',
          description: 'Eine Beschreibung, die deutlich länger ist als eine Zeile auf einem kleinen Bildschirm',
          href: '/',
        }}
      />
    </div>
  ),
};
export const TileSmallIcon: StoryObj<typeof AppTile> = {
  render: () => (
    <div className="max-w-sm">
      <AppTile app={apps[1] as AppTileData} iconSize={40} />
    </div>
  ),
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

/** #20.1: the launcher with its pin toggles, holding the favourites as the portal does. */
function Pinnable(props: LauncherProps) {
  const [ids, setIds] = useState<readonly string[]>(props.favouriteIds ?? []);
  return <Launcher {...props} favouriteIds={ids} onFavouritesChange={setIds} />;
}
const tileLabels = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .map((link) => link.querySelector('span > span')?.textContent);

export const WithFavourites: Story = {
  args: { favouriteIds: ['service', 'planner'] },
  render: (args) => <Pinnable {...args} />,
  play: async ({ canvas }) => {
    await expect(tileLabels(canvas.getByRole('list', { name: 'Favoriten' }))).toEqual([
      'Serviceportal',
      'Küchenplaner',
    ]);
    await expect(tileLabels(canvas.getByRole('list', { name: 'Weitere Apps' }))).toEqual([
      'Händlerbestellung',
      'Marketing-Downloads',
      'Personalportal',
    ]);
    await expect(canvas.getByRole('button', { name: 'Serviceportal als Favorit' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(canvas.getByRole('button', { name: 'Personalportal als Favorit' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  },
};

export const PinByKeyboard: Story = {
  render: (args) => <Pinnable {...args} />,
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.queryByRole('heading', { name: 'Favoriten' })).not.toBeInTheDocument();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    const pin = canvas.getByRole('button', { name: 'Händlerbestellung als Favorit' });
    await expect(pin).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(tileLabels(canvas.getByRole('list', { name: 'Favoriten' }))).toEqual(['Händlerbestellung']);
    // The toggle keeps the focus in the tile's new place; pressing it again unpins.
    const moved = canvas.getByRole('button', { name: 'Händlerbestellung als Favorit' });
    await expect(moved).toHaveFocus();
    await expect(moved).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard(' ');
    await expect(canvas.queryByRole('heading', { name: 'Favoriten' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Händlerbestellung als Favorit' })).toHaveFocus();
  },
};

export const ReorderByKeyboard: Story = {
  args: { favouriteIds: ['dealer', 'planner', 'service'] },
  render: (args) => <Pinnable {...args} />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Reihenfolge ändern' }));
    const hint = await canvas.findByText(/Ziehen oder mit Alt/);
    await expect(hint).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Händlerbestellung nach vorn' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const rows = () =>
      within(canvas.getByRole('list', { name: 'Favoriten' }))
        .getAllByRole('listitem')
        .map((row) => row.textContent);
    await expect(rows()).toEqual(['Küchenplaner', 'Händlerbestellung', 'Serviceportal']);
    await expect(canvas.getByRole('button', { name: 'Händlerbestellung nach hinten' })).toHaveFocus();
    await expect(canvas.getByText('Händlerbestellung: Platz 2 von 3')).toBeInTheDocument();
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await expect(rows()).toEqual(['Küchenplaner', 'Serviceportal', 'Händlerbestellung']);
    await expect(canvas.getByText('Händlerbestellung: Platz 3 von 3')).toBeInTheDocument();
    await userEvent.keyboard('{Alt>}{ArrowLeft}{/Alt}{Alt>}{ArrowLeft}{/Alt}');
    await expect(rows()).toEqual(['Händlerbestellung', 'Küchenplaner', 'Serviceportal']);
    // The first cannot move further forward: nothing changes.
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await expect(rows()).toEqual(['Händlerbestellung', 'Küchenplaner', 'Serviceportal']);
    await userEvent.click(canvas.getByRole('button', { name: 'Fertig' }));
    await expect(tileLabels(canvas.getByRole('list', { name: 'Favoriten' }))).toEqual([
      'Händlerbestellung',
      'Küchenplaner',
      'Serviceportal',
    ]);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Reihenfolge ändern' })).toHaveFocus());
  },
};

export const ReorderByDrag: Story = {
  args: { favouriteIds: ['dealer', 'planner', 'service'] },
  render: (args) => <Pinnable {...args} />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Reihenfolge ändern' }));
    await canvas.findByText(/Ziehen oder mit Alt/);
    const rows = () => within(canvas.getByRole('list', { name: 'Favoriten' })).getAllByRole('listitem');
    const [first, , last] = rows();
    const dataTransfer = new DataTransfer();
    const drag = (type: string, target: Element | undefined) =>
      target?.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer }));
    drag('dragstart', last);
    drag('dragover', first);
    drag('drop', first);
    drag('dragend', last);
    await waitFor(() =>
      expect(rows().map((row) => row.textContent)).toEqual(['Serviceportal', 'Händlerbestellung', 'Küchenplaner']),
    );
    await expect(canvas.getByText('Serviceportal: Platz 1 von 3')).toBeInTheDocument();
  },
};

/** #20.1: the recently used row, newest first, above the tiles; opening a tile or a recent link reports it. */
export const WithRecentlyUsed: Story = {
  args: { recentIds: ['service', 'dealer'], onOpen: fn() },
  play: async ({ args, canvas, userEvent }) => {
    const row = canvas.getByRole('list', { name: 'Zuletzt verwendet' });
    await expect(
      within(row)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Serviceportal', 'Händlerbestellung']);
    await expect(canvas.getByRole('list', { name: 'Meine Apps' }).querySelectorAll('li')).toHaveLength(5);
    // The links stay on this page.
    const stay = (event: MouseEvent) => event.preventDefault();
    document.addEventListener('click', stay);
    await userEvent.click(within(row).getByRole('link', { name: 'Serviceportal' }));
    await expect(args.onOpen).toHaveBeenCalledWith('service');
    await userEvent.click(
      within(canvas.getByRole('list', { name: 'Meine Apps' })).getByRole('link', { name: /Küchenplaner/ }),
    );
    await expect(args.onOpen).toHaveBeenLastCalledWith('planner');
    document.removeEventListener('click', stay);
    // While searching, only the matches show.
    await userEvent.type(canvas.getByRole('searchbox'), 'küchen');
    await expect(canvas.queryByRole('list', { name: 'Zuletzt verwendet' })).not.toBeInTheDocument();
  },
};

export const WithFavouritesAndRecentlyUsed: Story = {
  args: { favouriteIds: ['planner'], recentIds: ['marketing'] },
  render: (args) => <Pinnable {...args} />,
  play: async ({ canvas }) => {
    const headings = canvas.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    await expect(headings).toEqual(['Favoriten', 'Zuletzt verwendet', 'Weitere Apps']);
  },
};
