import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ErrorPage } from './error-page.tsx';

const meta = { title: 'Pages/ErrorPage', component: ErrorPage, args: { code: 404, signedIn: true } } satisfies Meta<
  typeof ErrorPage
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NotFound: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Fehler 404');
    await expect(canvas.getByText('Die gesuchte Seite wurde nicht gefunden.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Zurück zur Startseite' })).toHaveAttribute('href', '/');
  },
};
export const BadRequest: Story = { args: { code: 400 } };
export const NotSignedIn: Story = {
  args: { code: 401, signedIn: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('link')).not.toBeInTheDocument();
  },
};
export const Forbidden: Story = { args: { code: 403 } };
export const ServerError: Story = { args: { code: 500 } };
export const UnknownCodeShowsAs500: Story = {
  args: { code: 418 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Fehler 500');
  },
};
export const WithTitleAndMessage: Story = {
  args: {
    code: 500,
    title: 'Unerwarteter Fehler',
    description:
      'Der Prozess konnte nicht vollständig ausgeführt werden (temporärer Cookie fehlt). Bitte versuchen Sie es erneut.',
    message: 'AADB2C90118: The user has forgotten their password.',
    signedIn: false,
  },
};
/** A 400 page: the server's message and every message of its errors[] (spec §8). */
export const WithServerDetails: Story = {
  args: {
    code: 400,
    message: 'Die Anfrage ist ungültig.',
    details: ['Der Wert „x“ ist keine Zahl.', 'Die Seite 0 gibt es nicht.'],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Die Anfrage ist ungültig.')).toBeVisible();
    await expect(canvas.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Der Wert „x“ ist keine Zahl.',
      'Die Seite 0 gibt es nicht.',
    ]);
  },
};
export const Polish: Story = { globals: { locale: 'pl' }, args: { code: 403 } };
