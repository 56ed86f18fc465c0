// #17.19: read-only attribute fields say "Dieses Feld kann nicht bearbeitet werden" once per
// group, not under every field; each keeps its lock and its accessible description.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UiBridge } from '../../app/app.tsx';
import { createI18n } from '../../i18n/i18n.ts';
import { AttributeFields, type AttributeFieldModel } from './attribute-fields.tsx';

const field = (key: string, editable: boolean): AttributeFieldModel => ({
  key,
  label: key,
  dataType: 'STRING',
  required: false,
  editable,
  value: `${key}-value`,
});
const notEditable = 'Dieses Feld kann nicht bearbeitet werden';

beforeAll(async () => {
  const i18n = await createI18n('de');
  await i18n.loadNamespaces(['settings', 'ui']);
});
afterEach(cleanup);

function renderFields(fields: readonly AttributeFieldModel[]) {
  render(
    <UiBridge>
      <AttributeFields fields={fields} values={{}} onChange={() => undefined} errors={{}} />
    </UiBridge>,
  );
}

/** The sentences a sighted user sees (the field descriptions in a group are visually hidden). */
const shown = (text: string) => screen.queryAllByText(text).filter((element) => !element.classList.contains('sr-only'));

describe('AttributeFields, read-only ones', () => {
  it('says it once for several read-only fields, each keeps its description', () => {
    renderFields([
      field('Personalnummer', false),
      field('Kostenstelle', false),
      field('Abteilung', false),
      field('Notiz', true),
    ]);
    for (const name of ['Personalnummer', 'Kostenstelle', 'Abteilung']) {
      const input = screen.getByRole('textbox', { name });
      expect(input.hasAttribute('readonly')).toBe(true);
      const description = document.getElementById(input.getAttribute('aria-describedby') ?? '');
      expect(description?.textContent).toBe(notEditable);
      expect(input.parentElement?.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    }
    expect(shown(notEditable)).toHaveLength(0);
    expect(shown('Felder mit Schloss-Symbol können nicht bearbeitet werden')).toHaveLength(1);
  });

  it('shows the sentence under a single read-only field', () => {
    renderFields([field('Personalnummer', false), field('Notiz', true)]);
    expect(shown(notEditable)).toHaveLength(1);
    expect(screen.queryByText('Felder mit Schloss-Symbol können nicht bearbeitet werden')).toBeNull();
  });
});
