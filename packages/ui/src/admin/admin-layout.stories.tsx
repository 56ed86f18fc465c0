import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { AdminLayout, type AdminLayoutProps } from './admin-layout.tsx';
import { PageBody, brand, footer, languageSwitcher, userMenu } from '../layouts/story-fixtures.tsx';

const allPermissions = [
  'all_users.read',
  'applications.read',
  'attributes.read',
  'permissions.read',
  'roles.read',
  'accountaccesses.read',
  'customflows.read',
];
const applications = [
  { id: 'dealer', label: 'Händlerbestellung', href: '/admin/dealer' },
  { id: 'planner', label: 'Küchenplaner', href: '/admin/planner' },
  { id: 'service', label: 'Serviceportal', href: '/admin/service' },
];

const base: AdminLayoutProps = {
  brand,
  nav: { myAppsHref: '/', adminHref: '/admin', current: 'admin' },
  languageSwitcher,
  userMenu,
  footer,
  navigationBar: { title: 'Zugriffsanfragen', subTitle: 'Händlerbestellung' },
  sidebar: {
    homeHref: '/admin',
    myAppsHref: '/',
    currentPath: '/admin/dealer/access-requests',
    applications,
    currentApplication: {
      id: 'dealer',
      label: 'Händlerbestellung',
      usersHref: '/admin/dealer/users',
      accessRequestsHref: '/admin/dealer/access-requests',
      accessRequestsAmount: 7,
    },
    permissions: allPermissions,
  },
};

const meta = {
  title: 'Layout/AdminLayout',
  component: AdminLayout,
  parameters: { layout: 'fullscreen' },
  args: { ...base, children: <PageBody /> },
} satisfies Meta<typeof AdminLayout>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The sidebar toggle (hidden, and so nameless, on wide screens). */
function sidebarToggle(canvasElement: HTMLElement): HTMLElement {
  const toggle = canvasElement.querySelector<HTMLElement>('[aria-controls="admin-sidebar"]');
  if (toggle === null) throw new Error('sidebar toggle missing');
  return toggle;
}

async function openSidebarIfCollapsed(canvasElement: HTMLElement, click: (element: Element) => Promise<void>) {
  const toggle = sidebarToggle(canvasElement);
  if (toggle.checkVisibility()) await click(toggle);
}

export const GlobalAdmin: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await openSidebarIfCollapsed(canvasElement, (element) => userEvent.click(element));
    const sidebar = within(canvas.getByRole('navigation', { name: 'Admin-Navigation' }));
    for (const label of [
      'Übersicht',
      'Meine Apps',
      'Benutzer',
      'Anwendungen',
      'Attribute',
      'Berechtigungen',
      'Rollen',
      'Kontozugänge',
      'Benutzerdefinierte Abläufe',
    ]) {
      await expect(sidebar.getAllByRole('link', { name: new RegExp(label) }).length).toBeGreaterThan(0);
    }
    const requests = sidebar.getByRole('link', { name: /Zugriffsanfragen/ });
    await expect(requests).toHaveAttribute('aria-current', 'page');
    await expect(requests).toHaveTextContent('Offene Zugriffsanfragen: 7');
  },
};

export const OnlySomePermissions: Story = {
  args: { sidebar: { ...base.sidebar, permissions: ['roles.read', 'applications.read'] } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await openSidebarIfCollapsed(canvasElement, (element) => userEvent.click(element));
    const sidebar = within(canvas.getByRole('navigation', { name: 'Admin-Navigation' }));
    await expect(sidebar.getByRole('link', { name: 'Rollen' })).toHaveAttribute('href', '/admin/roles');
    await expect(sidebar.getByRole('link', { name: 'Anwendungen' })).toBeInTheDocument();
    await expect(sidebar.queryByRole('link', { name: 'Attribute' })).not.toBeInTheDocument();
    await expect(sidebar.queryByRole('link', { name: 'Benutzerdefinierte Abläufe' })).not.toBeInTheDocument();
  },
};

export const ApplicationAdminOnly: Story = {
  args: {
    navigationBar: { title: 'Benutzer', subTitle: 'Küchenplaner' },
    sidebar: {
      ...base.sidebar,
      currentPath: '/admin/planner/users',
      permissions: [],
      currentApplication: { id: 'planner', label: 'Küchenplaner', usersHref: '/admin/planner/users' },
    },
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await openSidebarIfCollapsed(canvasElement, (element) => userEvent.click(element));
    const sidebar = within(canvas.getByRole('navigation', { name: 'Admin-Navigation' }));
    await expect(sidebar.queryByRole('link', { name: /Zugriffsanfragen/ })).not.toBeInTheDocument();
    await expect(sidebar.queryByRole('heading', { name: 'Verwaltung' })).not.toBeInTheDocument();
  },
};

export const NoApplicationChosen: Story = {
  args: {
    navigationBar: { title: 'Admin Center' },
    sidebar: { ...base.sidebar, currentPath: '/admin', currentApplication: undefined },
  },
};

export const NoOpenAccessRequests: Story = {
  args: {
    sidebar: {
      ...base.sidebar,
      currentApplication: {
        id: 'dealer',
        label: 'Händlerbestellung',
        usersHref: '/admin/dealer/users',
        accessRequestsHref: '/admin/dealer/access-requests',
        accessRequestsAmount: 0,
      },
    },
  },
};

export const ApplicationDropdownByKeyboard: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await openSidebarIfCollapsed(canvasElement, (element) => userEvent.click(element));
    // The dropdown's code loads on focus; the real button then takes the placeholder's place (and focus).
    const button = () => canvas.getByRole('button', { name: /Anwendung.*Händlerbestellung/ });
    button().focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveAttribute('aria-current', 'page');
    await userEvent.keyboard('{ArrowDown}');
    await expect(items[1]).toHaveAttribute('href', '/admin/planner');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await expect(button()).toHaveFocus();
  },
};

export const Wide: Story = {
  globals: { viewport: { value: 'wide' } },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('navigation', { name: 'Admin-Navigation' })).toBeVisible();
    await expect(sidebarToggle(canvasElement)).not.toBeVisible();
  },
};

export const Tablet: Story = { globals: { viewport: { value: 'tablet' } } };

/** Under 1024 px the sidebar is a panel behind the menu button. */
export const CollapsedOnPhone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas, userEvent }) => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    const toggle = canvas.getByRole('button', { name: 'Navigation öffnen' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.getByRole('navigation', { name: 'Admin-Navigation', hidden: true })).not.toBeVisible();
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('navigation', { name: 'Admin-Navigation' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.getByRole('button', { name: 'Navigation öffnen' })).toHaveAttribute('aria-expanded', 'false');
  },
};

/**
 * #30.11: on a phone the top bar wraps to a second row (its links): the drawer opens under the
 * whole bar, its first item visible and reachable; Escape inside it gives the focus back to the
 * menu button.
 */
export const DrawerUnderTheWholeBarOnPhone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const toggle = canvas.getByRole('button', { name: 'Navigation öffnen' });
    await userEvent.click(toggle);
    const nav = canvas.getByRole('navigation', { name: 'Admin-Navigation' });
    const first = within(nav).getAllByRole('link')[0] as HTMLElement;
    const bar = canvasElement.querySelector('header');
    if (bar === null) throw new Error('no top bar');
    await waitFor(() =>
      expect(first.getBoundingClientRect().top).toBeGreaterThanOrEqual(bar.getBoundingClientRect().bottom),
    );
    const box = first.getBoundingClientRect();
    await expect(first.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2))).toBe(
      true,
    );
    first.focus();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.getByRole('button', { name: 'Navigation öffnen' })).toHaveFocus();
  },
};

/** The full-width variant (spec §2): the page takes the whole width, the sidebar opens on demand at every width. */
export const FullWidth: Story = {
  args: {
    fullWidth: true,
    navigationBar: { title: 'Händlerbestellung', subTitle: 'Anwendung', backLink: '/admin/applications' },
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const toggle = sidebarToggle(canvasElement);
    await expect(toggle).toBeVisible();
    await expect(canvas.queryByRole('navigation', { name: 'Admin-Navigation' })).not.toBeInTheDocument();
    const main = canvas.getByRole('main');
    await expect(main.getBoundingClientRect().width).toBeGreaterThanOrEqual(
      canvasElement.getBoundingClientRect().width - 1,
    );
    await userEvent.click(toggle);
    await expect(canvas.getByRole('navigation', { name: 'Admin-Navigation' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('navigation', { name: 'Admin-Navigation' })).not.toBeInTheDocument());
  },
};
