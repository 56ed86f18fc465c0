import { Select, TextField } from '@portal/ui';
import { determinationMethods, type AccountAccessDetail, type DeterminationMethod } from '@portal/adapters/admin';
import { useLabels } from '../admin-context.tsx';
import { EntityDetailRoute, EntityFormFrame, requiredFields, useEntityForm, type EntitySpec } from '../components/detail-page.tsx';
import { Grid, Section } from '../components/form-kit.tsx';
import { SingleRef, usePickerSearch } from '../components/pickers.tsx';

interface Values {
  readonly key: string;
  readonly label: string;
  readonly parentId: string | null;
  readonly parentDeterminationMethod: DeterminationMethod;
  readonly childDeterminationMethod: DeterminationMethod;
  readonly attributeId: string | null;
}

const valuesOf = (entity: AccountAccessDetail | undefined): Values => ({
  key: entity?.key ?? '',
  label: entity?.label ?? '',
  parentId: entity?.parentId ?? null,
  parentDeterminationMethod: entity?.parentDeterminationMethod ?? 'NONE',
  childDeterminationMethod: entity?.childDeterminationMethod ?? 'NONE',
  attributeId: entity?.attributeId ?? null,
});

const spec: EntitySpec<'accountAccesses', Values> = {
  kind: 'accountAccesses',
  valuesOf,
  inputOf: (values) => ({ ...values, key: values.key.trim(), label: values.label.trim() }),
  validate: requiredFields('key', 'label'),
  titleOf: (entity) => entity.label,
};

export default function AccountAccessDetailPage() {
  return <EntityDetailRoute kind="accountAccesses" form={AccountAccessForm} />;
}

function AccountAccessForm({ id, entity }: { readonly id: string; readonly entity: AccountAccessDetail | undefined }) {
  const of = useEntityForm(spec, id, entity);
  const { t, errorText, form, values, errors, writable } = of;
  const groups = useLabels('accountAccesses');
  const attributes = useLabels('attributes');
  const searchGroups = usePickerSearch('accountAccesses');
  const searchAttributes = usePickerSearch('attributes');
  const methods = determinationMethods.map((method) => ({ value: method, label: t(`accountAccesses.methods.${method}`) }));
  return (
    <EntityFormFrame of={of}>
      <Section title={t('accountAccesses.sections.general')}>
        <Grid>
          <TextField label={t('accountAccesses.fields.key')} required value={values.key} onChange={(e) => form.set('key', e.target.value)} error={errorText(errors.key)} />
          <TextField label={t('accountAccesses.fields.label')} required value={values.label} onChange={(e) => form.set('label', e.target.value)} error={errorText(errors.label)} />
          <Select label={t('accountAccesses.fields.parentDeterminationMethod')} value={values.parentDeterminationMethod} options={methods}
            onChange={(e) => form.set('parentDeterminationMethod', e.target.value as DeterminationMethod)} error={errorText(errors.parentDeterminationMethod)} />
          <Select label={t('accountAccesses.fields.childDeterminationMethod')} value={values.childDeterminationMethod} options={methods}
            onChange={(e) => form.set('childDeterminationMethod', e.target.value as DeterminationMethod)} error={errorText(errors.childDeterminationMethod)} />
        </Grid>
        <SingleRef label={t('accountAccesses.fields.parent')} value={values.parentId} labels={groups} search={searchGroups} disabled={!writable} onChange={(value) => form.set('parentId', value)} />
        <SingleRef label={t('accountAccesses.fields.attribute')} value={values.attributeId} labels={attributes} search={searchAttributes} disabled={!writable} onChange={(value) => form.set('attributeId', value)} />
      </Section>
    </EntityFormFrame>
  );
}
