import { TextField } from '@portal/ui';
import type { CustomFlowDetail } from '@portal/adapters/admin';
import { EntityDetailRoute, EntityFormFrame, requiredFields, useEntityForm, type EntitySpec } from '../components/detail-page.tsx';
import { Grid, Section } from '../components/form-kit.tsx';
import { RefsSection } from '../components/pickers.tsx';

interface Values {
  readonly key: string;
  readonly label: string;
  readonly description: string;
  readonly attributeIds: readonly string[];
}

const spec: EntitySpec<'customFlows', Values> = {
  kind: 'customFlows',
  valuesOf: (entity) => ({ key: entity?.key ?? '', label: entity?.label ?? '', description: entity?.description ?? '', attributeIds: entity?.attributeIds ?? [] }),
  inputOf: (values) => ({ ...values, key: values.key.trim(), label: values.label.trim(), description: values.description.trim() }),
  validate: requiredFields('key', 'label'),
  titleOf: (entity) => entity.label,
};

export default function CustomFlowDetailPage() {
  return <EntityDetailRoute kind="customFlows" form={CustomFlowForm} />;
}

function CustomFlowForm({ id, entity }: { readonly id: string; readonly entity: CustomFlowDetail | undefined }) {
  const of = useEntityForm(spec, id, entity);
  const { t, errorText, form, values, errors } = of;
  return (
    <EntityFormFrame of={of}>
      <Section title={t('customFlows.sections.general')}>
        <Grid>
          <TextField label={t('customFlows.fields.key')} help={t('customFlows.help.key')} required value={values.key} onChange={(e) => form.set('key', e.target.value)} error={errorText(errors.key)} />
          <TextField label={t('customFlows.fields.label')} required value={values.label} onChange={(e) => form.set('label', e.target.value)} error={errorText(errors.label)} />
        </Grid>
        <TextField label={t('customFlows.fields.description')} value={values.description} onChange={(e) => form.set('description', e.target.value)} error={errorText(errors.description)} />
      </Section>
      <RefsSection kind="attributes" title={t('customFlows.sections.attributes')} description={t('customFlows.help.attributes')} emptyText={t('customFlows.noAttributes')}
        addLabel={t('customFlows.addAttribute')} ids={values.attributeIds} writable={of.writable} onChange={(ids) => form.set('attributeIds', ids)} />
    </EntityFormFrame>
  );
}
