import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Pagination } from './pagination.tsx';

const meta = {
  title: 'Data/Pagination',
  component: Pagination,
  args: { page: 1, pageSize: 25, total: 123, onPageChange: fn(), onPageSizeChange: fn() },
} satisfies Meta<typeof Pagination>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FirstPage: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('1–25 von 123')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Vorherige Seite' })).toBeDisabled();
  },
};
export const MiddlePage: Story = {
  args: { page: 3 },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByText('51–75 von 123')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Vorherige Seite' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(2);
    await userEvent.click(canvas.getByRole('button', { name: 'Nächste Seite' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(4);
  },
};
export const LastPage: Story = {
  args: { page: 5 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('101–123 von 123')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Nächste Seite' })).toBeDisabled();
  },
};
export const NamedAfterItsList: Story = {
  args: { of: 'Änderungsverlauf' },
  play: async ({ canvas }) => {
    // One page may show several paged lists: each pager is told apart by its list.
    await expect(canvas.getByRole('navigation', { name: 'Seitenwechsel: Änderungsverlauf' })).toBeVisible();
  },
};
export const NoRows: Story = {
  args: { total: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('0–0 von 0')).toBeVisible();
  },
};
export const RowsPerPage: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const select = canvas.getByRole('combobox', { name: 'Zeilen pro Seite' });
    await expect([...select.querySelectorAll('option')].map((option) => option.value)).toEqual([
      '10',
      '25',
      '50',
      '100',
    ]);
    await userEvent.selectOptions(select, '50');
    await expect(args.onPageSizeChange).toHaveBeenCalledWith(50);
  },
};
export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('1–25 sur 123')).toBeVisible();
    await expect(canvas.getByLabelText('Lignes par page')).toBeVisible();
  },
};
