import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { TagInput, type TagInputProps } from './tag-input.tsx';

function StatefulTagInput(props: TagInputProps) {
  const [value, setValue] = useState(props.value);
  return (
    <div className="max-w-md">
      <TagInput
        {...props}
        value={value}
        onChange={(next) => {
          setValue(next);
          props.onChange(next);
        }}
      />
    </div>
  );
}

const isEmail = (entry: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(entry);

const meta = {
  title: 'Forms/TagInput',
  component: TagInput,
  render: (args) => <StatefulTagInput {...args} />,
  args: { label: 'Weiterleitungsadressen', value: [], onChange: fn() },
} satisfies Meta<typeof TagInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const WithTags: Story = {
  args: { value: ['https://planer.example.com/callback', 'https://planer.example.com/silent'] },
};
export const Required: Story = { args: { required: true, help: 'Mindestens eine Adresse.' } };
export const WithFormError: Story = { args: { required: true, error: 'Dieses Feld ist erforderlich.' } };
export const Disabled: Story = { args: { value: ['händler', 'filiale'], disabled: true } };

export const AddAndRemoveByKeyboard: Story = {
  args: { label: 'Schlagwörter', value: ['küche'] },
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Schlagwörter' });
    await userEvent.click(input);
    await userEvent.keyboard('planung{Enter}');
    await expect(canvas.getByText('planung')).toBeInTheDocument();
    await expect(input).toHaveValue('');
    await userEvent.keyboard('service,');
    await expect(canvas.getByText('service')).toBeInTheDocument();
    await expect(args.onChange).toHaveBeenLastCalledWith(['küche', 'planung', 'service']);
    await userEvent.keyboard('{Backspace}');
    await expect(canvas.queryByText('service')).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'küche entfernen' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(['planung']);
    await expect(input).toHaveFocus();
  },
};

export const RefusesDuplicate: Story = {
  args: { label: 'Schlagwörter', value: ['Küche'] },
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Schlagwörter' });
    await userEvent.type(input, ' küche {Enter}');
    await expect(canvas.getByText('Doppelter Eintrag')).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(/Doppelter Eintrag/);
    await expect(args.onChange).not.toHaveBeenCalled();
    await userEvent.type(input, 'n');
    await expect(canvas.queryByText('Doppelter Eintrag')).not.toBeInTheDocument();
  },
};

export const RefusesInvalid: Story = {
  args: { label: 'Empfänger', value: [], validate: isEmail, help: 'E-Mail-Adressen, mit Enter bestätigen.' },
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Empfänger' });
    await userEvent.type(input, 'kein-mail{Enter}');
    await expect(canvas.getByText('Ungültige Eingabe')).toBeVisible();
    await expect(args.onChange).not.toHaveBeenCalled();
    await userEvent.clear(input);
    await userEvent.type(input, 'anna@example.com{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith(['anna@example.com']);
    await expect(canvas.queryByText('Ungültige Eingabe')).not.toBeInTheDocument();
  },
};

export const RefusesBlank: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Weiterleitungsadressen' });
    await userEvent.type(input, '   {Enter}');
    await expect(canvas.getByText('Ungültige Eingabe')).toBeVisible();
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const AddsOnLeavingTheField: Story = {
  args: { label: 'Header-Namen', value: ['X-Walk'] },
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Header-Namen' });
    // Typed, not confirmed, then Tab: the entry is added, nothing typed is lost.
    await userEvent.type(input, 'X-Kitchen');
    await userEvent.tab();
    await expect(args.onChange).toHaveBeenLastCalledWith(['X-Walk', 'X-Kitchen']);
    await expect(input).toHaveValue('');
    // A duplicate (any case) is refused on leaving too; the text stays for correcting.
    await userEvent.type(input, 'x-walk');
    await userEvent.tab();
    await expect(canvas.getByText('Doppelter Eintrag')).toBeVisible();
    await expect(input).toHaveValue('x-walk');
    await expect(args.onChange).toHaveBeenCalledTimes(1);
  },
};

export const CommaInsideAnEntry: Story = {
  args: { label: 'Verzeichnisgruppen', value: [], addOnComma: false },
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Verzeichnisgruppen' });
    await userEvent.type(input, 'CN=Planung,OU=Küche{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith(['CN=Planung,OU=Küche']);
  },
};
