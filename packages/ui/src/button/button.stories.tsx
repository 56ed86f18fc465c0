import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { PlusIcon, TrashIcon } from '@heroicons/react/20/solid';
import { Button } from './button.tsx';

const meta = {
  title: 'Actions/Button',
  component: Button,
  args: { children: 'Speichern', onClick: fn() },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};
export const Secondary: Story = { args: { variant: 'secondary', children: 'Abbrechen' } };
export const Ghost: Story = { args: { variant: 'ghost', children: 'Mehr anzeigen' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Löschen', icon: <TrashIcon /> } };
export const Small: Story = { args: { size: 'sm', children: 'Neu', icon: <PlusIcon /> } };
export const WithIcon: Story = { args: { icon: <PlusIcon />, children: 'Anwendung anlegen' } };
export const Disabled: Story = { args: { disabled: true } };

export const Busy: Story = {
  args: { busy: true },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button');
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toHaveTextContent('Wird gespeichert');
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const KeyboardActivation: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.tab();
    const button = canvas.getByRole('button', { name: 'Speichern' });
    await expect(button).toHaveFocus();
    // A visible focus ring (2 px outline) for keyboard users.
    await expect(getComputedStyle(button).outlineStyle).toBe('solid');
    await expect(getComputedStyle(button).outlineWidth).toBe('2px');
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(args.onClick).toHaveBeenCalledTimes(2);
  },
};
