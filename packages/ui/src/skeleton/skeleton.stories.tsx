import type { Meta, StoryObj } from '@storybook/react-vite';
import { Skeleton } from './skeleton.tsx';

const meta = { title: 'Feedback/Skeleton', component: Skeleton } satisfies Meta<typeof Skeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Line: Story = { args: { className: 'w-48' } };
export const Circle: Story = { args: { shape: 'circle', className: 'size-10' } };
export const Block: Story = { args: { shape: 'block', className: 'size-16' } };
// Skeletons composed into a tile's placeholder, as the launcher shows them: Launcher/Launcher's story Loading.
