import type { Meta, StoryObj } from '@storybook/react-vite';
import { Skeleton } from './skeleton.tsx';

const meta = { title: 'Feedback/Skeleton', component: Skeleton } satisfies Meta<typeof Skeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Line: Story = { args: { className: 'w-48' } };
export const Circle: Story = { args: { shape: 'circle', className: 'size-10' } };
export const Block: Story = { args: { shape: 'block', className: 'size-16' } };
export const CardPlaceholder: Story = {
  render: () => (
    <div className="flex w-80 items-center gap-4 rounded-xl border border-line bg-surface p-4">
      <Skeleton shape="block" className="size-16" />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className="w-2/3" />
        <Skeleton className="h-3 w-full" />
      </div>
    </div>
  ),
};
