import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { TextField } from './text-field.tsx';
import { TextArea } from './text-area.tsx';
import { Select } from './select.tsx';
import { Checkbox } from './checkbox.tsx';
import { Switch } from './switch.tsx';
import { ReadOnlyField, ReadOnlyGroup } from './read-only-field.tsx';
import { Button } from '../button/button.tsx';

interface FieldStoryArgs {
  readonly onToggle: (value: boolean) => void;
}

const meta = { title: 'Forms/Fields', args: { onToggle: fn() } } satisfies Meta<FieldStoryArgs>;
export default meta;
type Story = StoryObj<FieldStoryArgs>;

export const Text: Story = { render: () => <TextField label="Bezeichnung" defaultValue="Händlerbestellung" /> };
export const TextWithHelp: Story = {
  render: () => <TextField label="Sortierung" type="number" help="Kleinere Zahlen stehen weiter vorn." />,
};
export const TextRequired: Story = {
  render: () => <TextField label="E-Mail für Benachrichtigungen" type="email" required />,
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: /E-Mail für Benachrichtigungen.*Pflichtfeld/ });
    await expect(input).toBeRequired();
  },
};
export const TextWithError: Story = {
  render: () => (
    <TextField
      label="URL"
      defaultValue="ftp://example.com"
      error="ftp://example.com muss eine gültige URL sein"
      help="Die Startseite der Anwendung."
    />
  ),
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'URL' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(/muss eine gültige URL sein.*Startseite/);
  },
};
export const TextDisabled: Story = {
  render: () => <TextField label="Client-ID" defaultValue="dealer-orders" disabled />,
};
export const TextAreaDefault: Story = {
  render: () => (
    <TextArea label="Begründung" help="Wofür brauchen Sie den Zugriff? Höchstens 1000 Zeichen." maxLength={1000} />
  ),
};
export const TextAreaWithError: Story = {
  render: () => <TextArea label="Begründung" required error="Dieses Feld ist erforderlich." />,
  play: async ({ canvas }) => {
    const area = canvas.getByRole('textbox', { name: /Begründung/ });
    await expect(area).toHaveAttribute('aria-invalid', 'true');
    await expect(area).toBeRequired();
    await expect(area).toHaveAccessibleDescription(/Dieses Feld ist erforderlich/);
  },
};

const languages = [
  { value: 'de', label: 'Deutsch' },
  { value: 'en', label: 'English' },
  { value: 'fr', label: 'Français' },
];
export const SelectDefault: Story = { render: () => <Select label="Sprache" options={languages} defaultValue="de" /> };
export const SelectWithPlaceholder: Story = {
  render: () => (
    <Select
      label="Datentyp"
      placeholder="Bitte wählen"
      options={[
        { value: 'string', label: 'Text' },
        { value: 'number', label: 'Zahl' },
      ]}
      required
    />
  ),
};
export const SelectDisabled: Story = {
  render: () => <Select label="Sprache" options={languages} defaultValue="en" disabled />,
};
export const SelectWithError: Story = {
  render: () => (
    <Select label="Berechtigung" options={[{ value: '', label: '–' }]} error="Dieses Feld ist erforderlich." />
  ),
};

export const CheckboxDefault: Story = {
  render: () => <Checkbox label="Zugriffsanfrage erlaubt" help="Benutzer ohne Zugriff können ihn anfordern." />,
};
export const CheckboxChecked: Story = { render: () => <Checkbox label="Im Token ausgeben" defaultChecked /> };
export const CheckboxDisabled: Story = {
  render: () => (
    <Checkbox label="Intern" defaultChecked disabled help="Interne Anwendungen können nicht angefragt werden." />
  ),
};
export const CheckboxWithError: Story = {
  render: () => <Checkbox label="Nutzungsbedingungen gelesen" required error="Dieses Feld ist erforderlich." />,
};

function SwitchDemo({
  initial,
  disabled,
  onToggle,
}: {
  readonly initial: boolean;
  readonly disabled?: boolean;
  readonly onToggle?: (value: boolean) => void;
}) {
  const [checked, setChecked] = useState(initial);
  return (
    <Switch
      label="Webhook aktiv"
      help="Ereignisse werden an den Endpunkt gesendet."
      checked={checked}
      disabled={disabled}
      onChange={(value) => {
        setChecked(value);
        onToggle?.(value);
      }}
    />
  );
}
export const SwitchOff: Story = { render: () => <SwitchDemo initial={false} /> };
export const SwitchOn: Story = { render: () => <SwitchDemo initial /> };
export const SwitchDisabled: Story = { render: () => <SwitchDemo initial disabled /> };
export const SwitchByKeyboard: Story = {
  render: (args) => <SwitchDemo initial={false} onToggle={args.onToggle} />,
  play: async ({ canvas, userEvent, args }) => {
    const toggle = canvas.getByRole('switch', { name: 'Webhook aktiv' });
    await userEvent.tab();
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(toggle).toBeChecked();
    await userEvent.keyboard('{Enter}');
    await expect(toggle).not.toBeChecked();
    await expect(args.onToggle).toHaveBeenCalledTimes(2);
  },
};

export const ReadOnly: Story = {
  render: () => <ReadOnlyField label="Personalnummer" value="4711" />,
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Personalnummer' });
    await expect(input).toHaveAttribute('readonly');
    await expect(input).toHaveAccessibleDescription('Dieses Feld kann nicht bearbeitet werden');
  },
};
export const ReadOnlyEmpty: Story = { render: () => <ReadOnlyField label="Kostenstelle" value="" /> };

/** #17.19: several read-only fields say "cannot be edited" once, each keeps its lock and description. */
export const ReadOnlyGroupSaysItOnce: Story = {
  render: () => (
    <ReadOnlyGroup>
      <div className="grid max-w-2xl grid-cols-1 gap-4 sm:grid-cols-2">
        <ReadOnlyField label="Vorname" value="Nora" />
        <ReadOnlyField label="Nachname" value="Neu" />
        <ReadOnlyField label="E-Mail" value="nora.neu@example.com" />
        <ReadOnlyField label="Firma" value="" />
        <TextField label="Notiz" />
      </div>
    </ReadOnlyGroup>
  ),
  play: async ({ canvas, canvasElement }) => {
    for (const name of ['Vorname', 'Nachname', 'E-Mail', 'Firma']) {
      const input = canvas.getByRole('textbox', { name });
      await expect(input).toHaveAttribute('readonly');
      await expect(input).toHaveAccessibleDescription('Dieses Feld kann nicht bearbeitet werden');
      await expect(input.parentElement?.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    }
    const shown = (text: string) =>
      canvas.queryAllByText(text).filter((element) => element.getBoundingClientRect().width > 1);
    await expect(shown('Dieses Feld kann nicht bearbeitet werden')).toHaveLength(0);
    await expect(shown('Felder mit Schloss-Symbol können nicht bearbeitet werden')).toHaveLength(1);
    await expect(canvasElement.querySelectorAll('svg')).toHaveLength(5);
  },
};

export const FormExample: Story = {
  render: () => (
    <form className="grid max-w-2xl grid-cols-1 gap-4 sm:grid-cols-2" onSubmit={(event) => event.preventDefault()}>
      <TextField label="Bezeichnung" required defaultValue="Küchenplaner" />
      <TextField
        label="URL"
        required
        defaultValue="https://planer.example.com"
        help="Adresse, an die Benutzer weitergeleitet werden."
      />
      <Select label="Sprache" options={languages} defaultValue="de" />
      <ReadOnlyField label="Client-ID" value="kitchen-planner" />
      <div className="sm:col-span-2">
        <Checkbox label="Zugriffsanfrage erlaubt" defaultChecked />
      </div>
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button variant="secondary">Abbrechen</Button>
        <Button type="submit" busy>
          Speichern
        </Button>
      </div>
    </form>
  ),
};
