import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import {
  ApplicationMenu,
  createApplicationMenuLoader,
  type ApplicationMenuLoader,
  type LazyApplicationMenuProps,
} from './application-menu.tsx';
import { storyFrame } from '../lib/story-frame.tsx';

const applications = [
  { id: 'dealer', label: 'Händlerbestellung', href: '/admin/dealer' },
  { id: 'planner', label: 'Küchenplaner', href: '/admin/planner' },
  { id: 'service', label: 'Serviceportal', href: '/admin/service' },
];

/** A loader that waits for `release()` before it loads the menu's code (a slow network). */
function heldLoader(): { readonly loader: ApplicationMenuLoader; readonly release: () => void } {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    loader: createApplicationMenuLoader(() => held.then(() => import('./application-menu-headless.tsx'))),
    release: () => release(),
  };
}

let releaseHeld: () => void = () => undefined;
/** A fresh, held-back loader for each render of the story. */
function HeldMenu(props: LazyApplicationMenuProps) {
  const [held] = useState(heldLoader);
  releaseHeld = held.release;
  return <ApplicationMenu {...props} loader={held.loader} />;
}

const meta = {
  title: 'Navigation/ApplicationMenu',
  component: ApplicationMenu,
  args: { applications, currentId: 'dealer', onNavigate: fn() },
  decorators: [storyFrame('min-h-96 w-64')],
} satisfies Meta<typeof ApplicationMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

const buttonName = /Anwendung.*Händlerbestellung/;

export const Closed: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: buttonName })).toHaveAttribute('aria-haspopup', 'menu');
  },
};

export const NoneChosen: Story = {
  args: { currentId: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Anwendung wählen/ })).toBeInTheDocument();
  },
};

/** A click before the menu's code has arrived opens the menu once it has. */
export const ClickBeforeCodeHasLoaded: Story = {
  render: (args) => <HeldMenu {...args} />,
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: buttonName }));
    await expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    releaseHeld();
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    await expect(items).toHaveLength(3);
    // Opened the keyboard's way: the menu has focus, its first item is the active one.
    await waitFor(() => expect(items[0]).toHaveAttribute('data-focus'));
    await expect(items[0]).toHaveAttribute('aria-current', 'page');
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(items[1]).toHaveAttribute('data-focus'));
    await expect(items[1]).toHaveAttribute('href', '/admin/planner');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await expect(canvas.getByRole('button', { name: buttonName })).toHaveFocus();
    await expect(args.onNavigate).not.toHaveBeenCalled();
  },
};

/** Focus loads the code; the focus stays on the button when the real one replaces it. */
export const FocusThenKeyboard: Story = {
  render: (args) => <HeldMenu {...args} />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: buttonName })).toHaveFocus();
    releaseHeld();
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: buttonName })).toHaveAttribute('aria-expanded', 'false'),
    );
    await waitFor(() => expect(canvas.getByRole('button', { name: buttonName })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getAllByRole('menuitem')).toHaveLength(3);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  },
};

export const Open: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: buttonName }));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu).toBeVisible());
    await expect(within(menu).getByRole('menuitem', { name: 'Küchenplaner' })).toHaveAttribute(
      'href',
      '/admin/planner',
    );
  },
};
