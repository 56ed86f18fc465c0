import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Chip } from './chip.tsx';

const meta = {
  title: 'Forms/Chip',
  component: Chip,
  decorators: [
    (Story) => (
      <ul className="flex max-w-xs flex-wrap gap-2">
        <Story />
      </ul>
    ),
  ],
  args: { label: 'Filiale Nord', removeLabel: 'Filiale Nord entfernen', onRemove: fn() },
} satisfies Meta<typeof Chip>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Removable: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Filiale Nord entfernen' }));
    await expect(args.onRemove).toHaveBeenCalledOnce();
  },
};
export const ReadOnly: Story = {
  render: ({ label }) => <Chip label={label} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};
export const Disabled: Story = { args: { disabled: true } };
export const LongLabel: Story = {
  args: { label: 'https://planer.example.com/callback/with/a/very/long/path/that/is/cut/short' },
};
