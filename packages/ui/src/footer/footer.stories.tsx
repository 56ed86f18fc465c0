import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Footer } from './footer.tsx';

const meta = {
  title: 'Layout/Footer',
  component: Footer,
  parameters: { layout: 'fullscreen' },
  args: { year: 2026, companyName: 'Musterküchen GmbH', privacyHref: '/datenschutz', imprintHref: '/impressum' },
} satisfies Meta<typeof Footer>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Production: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('© 2026 Musterküchen GmbH')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Datenschutz' })).toHaveAttribute('href', '/datenschutz');
    await expect(canvas.getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/impressum');
    await expect(canvas.queryByText('DEV')).not.toBeInTheDocument();
  },
};
export const Development: Story = {
  args: { development: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('DEV')).toHaveAttribute('title', 'Entwicklung');
  },
};
