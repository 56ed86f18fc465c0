import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

const swatches = [
  ['canvas', 'bg-canvas text-fg'],
  ['surface', 'bg-surface text-fg'],
  ['surface-muted', 'bg-surface-muted text-fg'],
  ['fg-muted on surface', 'bg-surface text-fg-muted'],
  ['accent', 'bg-accent text-on-accent'],
  ['accent-soft', 'bg-accent-soft text-on-accent-soft'],
  ['success-soft', 'bg-success-soft text-on-success-soft'],
  ['warning-soft', 'bg-warning-soft text-on-warning-soft'],
  ['danger', 'bg-danger text-on-danger'],
  ['danger-soft', 'bg-danger-soft text-on-danger-soft'],
  ['info-soft', 'bg-info-soft text-on-info-soft'],
] as const;

const sizes = [
  ['xs', 'text-xs'],
  ['sm', 'text-sm'],
  ['base', 'text-base'],
  ['xl', 'text-xl'],
  ['2xl', 'text-2xl'],
  ['3xl', 'text-3xl'],
] as const;

const meta = { title: 'Foundations/Tokens' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Colours: Story = {
  render: () => (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {swatches.map(([name, classes]) => (
        <li key={name} className={`rounded-xl border border-line p-4 text-sm font-medium ${classes}`}>
          {name}
        </li>
      ))}
    </ul>
  ),
  play: async ({ globals }) => {
    // The page follows the theme the test project forces (light or dark).
    const expected = globals.theme === 'dark' ? 'rgb(2, 6, 23)' : 'rgb(248, 250, 252)';
    await expect(getComputedStyle(document.body).backgroundColor).toBe(expected);
  },
};

export const TypeScale: Story = {
  render: () => (
    <div className="flex flex-col gap-2 text-fg">
      {sizes.map(([name, classes]) => (
        <p key={name} className={classes}>{`${name}: Küchen planen, bestellen und verwalten`}</p>
      ))}
    </div>
  ),
};

export const Brand: Story = {
  render: () => (
    <div
      style={{ ['--brand-accent' as string]: '#9d174d', ['--brand-accent-dark' as string]: '#f9a8d4' }}
      className="flex gap-3"
    >
      <button type="button" className="rounded-lg bg-accent px-4 py-2 text-sm font-medium text-on-accent">
        Markenfarbe
      </button>
      <a href="#brand" className="rounded-sm px-1 py-2 text-sm text-accent underline">
        Link in Markenfarbe
      </a>
    </div>
  ),
};
