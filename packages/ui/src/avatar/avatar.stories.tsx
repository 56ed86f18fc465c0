import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { avatarPalette } from '@portal/core';
import { Avatar } from './avatar.tsx';

const meta = {
  title: 'Data/Avatar',
  component: Avatar,
  args: { name: 'Anna Maria Schmidt', initials: 'AS', color: 'avatar-1' },
} satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Medium: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Anna Maria Schmidt' })).toHaveTextContent('AS');
  },
};
export const Small: Story = { args: { size: 'sm' } };
export const Large: Story = { args: { size: 'lg' } };
export const SingleWord: Story = { args: { name: 'Administrator', initials: 'A', color: 'avatar-5' } };
export const Decorative: Story = { args: { decorative: true } };

export const Palette: Story = {
  render: (args) => (
    <div className="flex flex-wrap gap-2">
      {avatarPalette.map((color) => (
        <Avatar key={color} {...args} color={color} name={`${args.name} ${color}`} />
      ))}
    </div>
  ),
};
