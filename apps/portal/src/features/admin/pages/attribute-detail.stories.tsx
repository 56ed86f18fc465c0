// An attribute of the console (/admin/attributes/{id}): a Yes/No attribute may require one
// answer (#30.1, "Nutzungsbedingungen akzeptiert" must be Yes); another type has no such choice.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Schema } from '@portal/contract';
import { administrable, applications } from '../../../../.storybook/console-data.ts';
import { administrator, shown, type ScreenProps } from '../../../../.storybook/screen.tsx';
import AttributeDetailPage from './attribute-detail.tsx';

const meta = {
  title: 'Screens/Admin/Attribute detail',
  component: AttributeDetailPage,
} satisfies Meta<typeof AttributeDetailPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const terms: Schema<'Attribute'> = {
  id: '2b7c9e10-4d3a-4f6b-8c1e-9a0b1c2d3e01',
  key: 'termsAccepted',
  label: 'Nutzungsbedingungen akzeptiert',
  dataType: 'BOOLEAN',
  requiredValue: 'true',
  permissionId: null,
  directoryLink: null,
  editableByUser: true,
  editableByOthers: false,
  usages: [
    { type: 'CUSTOM_FLOW', id: '5f0e1d2c-3b4a-4958-8a7b-6c5d4e3f2a01', label: 'Nutzungsbedingungen Serviceportal' },
  ],
};

const newsletter: Schema<'Attribute'> = {
  ...terms,
  id: '2b7c9e10-4d3a-4f6b-8c1e-9a0b1c2d3e02',
  key: 'newsletter',
  label: 'Newsletter abonniert',
  requiredValue: null,
  usages: [],
};

/** An administrator who may write attributes. */
const attributeWriter = (id: string) => {
  const user = administrator(id);
  return { ...user, hkData: { ...user.hkData, permissions: [...user.hkData.permissions, 'attributes.write'] } };
};

const screen = (id: string, attribute: Schema<'Attribute'>) =>
  ({
    screen: {
      path: `/admin/attributes/${attribute.id}`,
      user: attributeWriter(id),
      data: { attributes: [attribute], permissions: [], applications, administrable, history: { [attribute.id]: [] } },
    } satisfies ScreenProps,
  }) as const;

/** The terms must be accepted: the required answer Yes, with what users read otherwise. */
export const RequiresYes: Story = {
  parameters: screen('admin-attribute-terms', terms),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const answer = await canvas.findByRole('combobox', { name: 'Erforderliche Antwort' }, shown);
    await expect(answer).toHaveValue('true');
    await expect(canvas.getByText(/Bei einer anderen Antwort lesen Benutzer/)).toBeVisible();
  },
};

/** An administrator makes a Yes/No attribute require Yes and saves it. */
export const RequireAnAnswer: Story = {
  parameters: screen('admin-attribute-require', newsletter),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const answer = await canvas.findByRole('combobox', { name: 'Erforderliche Antwort' }, shown);
    await expect(answer).toHaveValue('');
    await userEvent.selectOptions(answer, 'Ja');
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await expect(await within(document.body).findByText('Die Änderungen wurden gespeichert.', {}, shown)).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Erforderliche Antwort' })).toHaveValue('true');
  },
};

/** Only a Yes/No attribute may require an answer: another data type has no such field. */
export const OnlyForYesNo: Story = {
  parameters: screen('admin-attribute-retype', newsletter),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('combobox', { name: 'Erforderliche Antwort' }, shown);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Datentyp' }), 'Text');
    await waitFor(() => expect(canvas.queryByRole('combobox', { name: 'Erforderliche Antwort' })).toBeNull());
  },
};
