import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Chip } from './chip.tsx';

const meta = {
  title: 'Forms/Chip',
  decorators: [
    (Story) => (
      <ul className="flex max-w-xs flex-wrap gap-2">
        <Story />
      </ul>
    ),
  ],
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const remove = fn();

export const Removable: Story = {
  render: () => <Chip label="Filiale Nord" onRemove={remove} removeLabel="Filiale Nord entfernen" />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Filiale Nord entfernen' }));
    await expect(remove).toHaveBeenCalledOnce();
  },
};
export const ReadOnly: Story = {
  render: () => <Chip label="Filiale Nord" />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};
export const Disabled: Story = {
  render: () => <Chip label="Filiale Nord" onRemove={remove} removeLabel="Filiale Nord entfernen" disabled />,
};
export const LongLabel: Story = {
  render: () => (
    <Chip
      label="https://planer.example.com/callback/with/a/very/long/path/that/is/cut/short"
      onRemove={remove}
      removeLabel="Adresse entfernen"
    />
  ),
};
