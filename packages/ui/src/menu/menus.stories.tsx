import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { LanguageMenu, UserMenu } from './menus.tsx';
import { UserMenuFallback } from './user-menu-fallback.tsx';
import { languages, signedInUser } from '../layouts/story-fixtures.tsx';
import { storyFrame } from '../lib/story-frame.tsx';

interface MenuStoryArgs {
  readonly onSignOut: () => void;
  readonly onChange: (code: string) => void;
  readonly onThemeChange: (theme: 'system' | 'light' | 'dark') => void;
}

const meta = {
  title: 'Navigation/Menus',
  args: { onSignOut: fn(), onChange: fn(), onThemeChange: fn() },
  decorators: [storyFrame('flex min-h-80 justify-end')],
} satisfies Meta<MenuStoryArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const User = {
  render: (args) => <UserMenu {...signedInUser} onSignOut={args.onSignOut} />,
} satisfies Story;

export const UserMenuByKeyboard: Story = {
  render: User.render,
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button', { name: 'Benutzermenü von Anna Schmidt öffnen' });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getByText('anna.schmidt@example.com')).toBeVisible());
    const settings = within(menu).getByRole('menuitem', { name: 'Einstellungen' });
    await expect(settings).toHaveAttribute('href', '/settings');
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{ArrowDown}');
    const signOut = within(menu).getByRole('menuitem', { name: 'Abmelden' });
    // A real form: sign-out works without the page's handler too.
    await expect(signOut).toHaveAttribute('type', 'submit');
    await expect(signOut.closest('form')).toHaveAttribute('action', '/auth/logout');
    await expect(signOut.closest('form')).toHaveAttribute('method', 'post');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSignOut).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  },
};

export const UserMenuWithTheme: Story = {
  render: (args) => (
    <UserMenu {...signedInUser} onSignOut={args.onSignOut} theme="light" onThemeChange={args.onThemeChange} />
  ),
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Benutzermenü/ }));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getByText('Darstellung')).toBeVisible());
    await expect(within(menu).getByRole('menuitem', { name: 'Hell' })).toHaveAttribute('aria-current', 'true');
    await expect(within(menu).getByRole('menuitem', { name: 'Wie im System' })).not.toHaveAttribute('aria-current');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Dunkel' }));
    await expect(args.onThemeChange).toHaveBeenCalledWith('dark');
  },
};

export const UserMenuClosesWithEscape: Story = {
  render: User.render,
  play: async ({ canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: /Benutzermenü/ });
    await userEvent.click(button);
    await waitFor(() => expect(screen.getByRole('menu')).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await expect(button).toHaveFocus();
  },
};

/** Before the menu's code has loaded, and without JavaScript: the browser's own popover with a real sign-out form. */
export const UserMenuBeforeItsCode: Story = {
  render: () => (
    <>
      <button type="button" popoverTarget="user-menu-story">
        Benutzermenü von Anna Schmidt öffnen
      </button>
      <UserMenuFallback {...signedInUser} id="user-menu-story" />
    </>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Benutzermenü von Anna Schmidt öffnen' }));
    const signOut = canvas.getByRole('button', { name: 'Abmelden' });
    await waitFor(() => expect(signOut).toBeVisible());
    await expect(canvas.getByRole('link', { name: 'Einstellungen' })).toHaveAttribute('href', '/settings');
    await expect(signOut.closest('form')).toHaveAttribute('action', '/auth/logout');
    await expect(signOut.closest('form')).toHaveAttribute('method', 'post');
  },
};

export const Language: Story = {
  render: (args) => <LanguageMenu languages={languages} current="de" onChange={args.onChange} />,
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Sprache/ }));
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getAllByRole('menuitem')).toHaveLength(7);
    await expect(within(menu).getByRole('menuitem', { name: 'Deutsch' })).toHaveAttribute('aria-current', 'true');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Français' }));
    await expect(args.onChange).toHaveBeenCalledWith('fr');
  },
};
