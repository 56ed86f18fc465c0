import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Section } from './section.tsx';
import { Button } from '../button/button.tsx';

const meta = {
  title: 'Layout/Section',
  component: Section,
  args: {
    title: 'Offene Anfragen',
    className: 'flex flex-col gap-3',
    children: <p className="text-sm text-fg-muted">Zwei Anfragen warten auf eine Entscheidung.</p>,
  },
} satisfies Meta<typeof Section>;
export default meta;
type Story = StoryObj<typeof meta>;

export const TitleOnly: Story = {
  play: async ({ canvas }) => {
    const heading = canvas.getByRole('heading', { level: 2, name: 'Offene Anfragen' });
    await expect(canvas.getByRole('region', { name: 'Offene Anfragen' })).toContainElement(heading);
    await expect(heading).toHaveClass('text-lg');
  },
};
export const PageSize: Story = {
  args: { size: 'xl', title: 'Sicherheit', className: 'flex max-w-3xl flex-col gap-6' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Sicherheit' })).toHaveClass('text-xl');
  },
};
export const WithDescriptionAndActions: Story = {
  args: {
    title: 'Signaturschlüssel',
    description: 'Mit ihnen prüft die Anwendung, dass ein Aufruf vom Portal kommt.',
    actions: <Button variant="secondary">Schlüssel erzeugen</Button>,
    className: 'flex flex-col gap-4 rounded-xl border border-line bg-surface p-4 sm:p-6',
  },
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region', { name: 'Signaturschlüssel' });
    await expect(region).toContainElement(canvas.getByRole('button', { name: 'Schlüssel erzeugen' }));
    await expect(canvas.getByText(/prüft die Anwendung/)).toBeVisible();
  },
};
export const InADialog: Story = {
  args: { level: 3, size: 'inherit', title: 'Nutzdaten', className: 'flex flex-col gap-2 text-sm' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Nutzdaten' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 3, name: 'Nutzdaten' })).toHaveClass('font-semibold');
  },
};
export const Navigation: Story = {
  args: {
    as: 'nav',
    title: 'Verwaltung',
    children: (headingId) => (
      <ul aria-labelledby={headingId} className="flex gap-3 text-sm">
        <li>
          <a href="#benutzer">Benutzer</a>
        </li>
        <li>
          <a href="#rollen">Rollen</a>
        </li>
      </ul>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('navigation', { name: 'Verwaltung' })).toBeVisible();
    await expect(canvas.getByRole('list', { name: 'Verwaltung' })).toBeVisible();
  },
};
