import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Greeting } from './greeting.tsx';

const meta = {
  title: 'Launcher/Greeting',
  component: Greeting,
  args: { code: 'morning', name: 'Anna Schmidt', subtitle: 'Ihre Anwendungen auf einen Blick' },
} satisfies Meta<typeof Greeting>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Morning: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Guten Morgen, Anna Schmidt');
  },
};
export const Day: Story = { args: { code: 'day' } };
export const Evening: Story = { args: { code: 'evening' } };
export const WithoutName: Story = {
  args: { name: '  ', subtitle: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(/^Guten Morgen$/);
  },
};
export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Good morning, Anna Schmidt');
  },
};
