import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent as baseUserEvent, waitFor } from 'storybook/test';
import { LogoUpload } from './logo-upload.tsx';
import { storyFrame } from '../lib/story-frame.tsx';

const logoSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#1d4ed8"/><path d="M16 44V20h8l8 12 8-12h8v24h-8V32l-8 12-8-12v12z" fill="#fff"/></svg>';
const logoUrl = `data:image/svg+xml;utf8,${encodeURIComponent(logoSvg)}`;

const meta = {
  title: 'Forms/LogoUpload',
  component: LogoUpload,
  args: { label: 'Logo', onSelect: fn(), onRemove: fn() },
  decorators: [storyFrame('max-w-lg')],
} satisfies Meta<typeof LogoUpload>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const WithLogo: Story = { args: { value: logoUrl } };
export const Required: Story = { args: { required: true } };
export const WithUploadError: Story = { args: { value: logoUrl, error: 'Das Logo konnte nicht hochgeladen werden.' } };
export const Disabled: Story = { args: { value: logoUrl, disabled: true } };

export const AcceptsSvg: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByLabelText(/SVG-Datei auswählen/);
    await userEvent.upload(input, new File([logoSvg], 'logo.svg', { type: 'image/svg+xml' }));
    await waitFor(() => expect(args.onSelect).toHaveBeenCalledTimes(1));
    await expect(await canvas.findByRole('img', { name: 'Vorschau des Logos' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Logo entfernen' }));
    await expect(args.onRemove).toHaveBeenCalled();
  },
};

export const RefusesOtherTypes: Story = {
  play: async ({ canvas, args }) => {
    // A user can pick "all files" in the dialog; the accept attribute alone does not protect.
    const user = baseUserEvent.setup({ applyAccept: false });
    const input = canvas.getByLabelText(/SVG-Datei auswählen/);
    await user.upload(
      input,
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'logo.png', { type: 'image/png' }),
    );
    await expect(await canvas.findByText('Nur SVG-Dateien sind erlaubt.')).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSelect).not.toHaveBeenCalled();
  },
};

export const RefusesDisguisedFile: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByLabelText(/SVG-Datei auswählen/);
    await userEvent.upload(
      input,
      new File(['<html><script>alert(1)</script></html>'], 'logo.svg', { type: 'image/svg+xml' }),
    );
    await expect(await canvas.findByText('Nur SVG-Dateien sind erlaubt.')).toBeVisible();
    await expect(args.onSelect).not.toHaveBeenCalled();
  },
};

export const RefusesTooLarge: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByLabelText(/SVG-Datei auswählen/);
    const big = `${logoSvg}<!--${'x'.repeat(2 * 1024 * 1024)}-->`;
    await userEvent.upload(input, new File([big], 'huge.svg', { type: 'image/svg+xml' }));
    await expect(await canvas.findByText('Die Datei darf höchstens 2 MB groß sein.')).toBeVisible();
    await expect(args.onSelect).not.toHaveBeenCalled();
  },
};

export const RefusesEmptyFile: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByLabelText(/SVG-Datei auswählen/);
    await userEvent.upload(input, new File([], 'empty.svg', { type: 'image/svg+xml' }));
    await expect(await canvas.findByText('Die Datei ist leer.')).toBeVisible();
    await expect(args.onSelect).not.toHaveBeenCalled();
  },
};

/** The form refuses the upload (the server said no): the chosen file's preview goes, the current logo stays (#17.20). */
function RefusingForm() {
  const [error, setError] = useState<string | undefined>(undefined);
  return (
    <LogoUpload
      label="Logo"
      value={logoUrl}
      onSelect={() => setTimeout(() => setError('Das Logo konnte nicht hochgeladen werden.'), 0)}
      {...(error === undefined ? {} : { error })}
    />
  );
}
export const RefusedUploadShowsNoPreview: Story = {
  render: () => <RefusingForm />,
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText(/SVG-Datei auswählen/);
    await userEvent.upload(
      input,
      new File([logoSvg.replace('#1d4ed8', '#b91c1c')], 'other.svg', { type: 'image/svg+xml' }),
    );
    await expect(await canvas.findByText('Das Logo konnte nicht hochgeladen werden.')).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Vorschau des Logos' })).toHaveAttribute('src', logoUrl);
  },
};
