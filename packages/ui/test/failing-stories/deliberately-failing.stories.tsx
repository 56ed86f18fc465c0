import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { XMarkIcon } from '@heroicons/react/20/solid';
import { Button } from '../../src/button/button.tsx';

const meta = { title: 'Deliberately failing', component: Button } satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Control: a correct story passes in the same run. */
export const Passes: Story = {
  args: { children: 'Speichern' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Speichern' })).toBeEnabled();
  },
};

/** An icon-only button without a name: axe's `button-name` rule must fail the story. */
export const InaccessibleIconButton: Story = {
  args: { variant: 'ghost', children: <XMarkIcon aria-hidden="true" className="size-5" /> },
};

/** An interaction whose expectation is wrong must fail the story. */
export const BrokenInteraction: Story = {
  args: { children: 'Speichern' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button')).toHaveTextContent('Löschen');
  },
};
