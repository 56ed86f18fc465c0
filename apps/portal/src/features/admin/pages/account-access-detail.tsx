import { Select } from '@portal/ui';
import { determinationMethods, type DeterminationMethod } from '@portal/adapters/admin';
import { useLabels } from '../admin-context.tsx';
import {
  EntityDetailPage,
  GeneralSection,
  requiredFields,
  type EntityForm,
  type EntitySpec,
} from '../components/detail-page.tsx';
import { SingleRef, usePickerSearch } from '../components/pickers.tsx';

interface Values {
  readonly key: string;
  readonly label: string;
  readonly parentId: string | null;
  readonly parentDeterminationMethod: DeterminationMethod;
  readonly childDeterminationMethod: DeterminationMethod;
  readonly attributeId: string | null;
}

// New groups determine neither parent nor children (NONE) and have no parent or attribute.
const spec: EntitySpec<'accountAccesses', Values> = {
  kind: 'accountAccesses',
  valuesOf: (entity) => ({
    key: entity?.key ?? '',
    label: entity?.label ?? '',
    parentId: entity?.parentId ?? null,
    parentDeterminationMethod: entity?.parentDeterminationMethod ?? 'NONE',
    childDeterminationMethod: entity?.childDeterminationMethod ?? 'NONE',
    attributeId: entity?.attributeId ?? null,
  }),
  inputOf: (values) => ({ ...values, key: values.key.trim(), label: values.label.trim() }),
  validate: requiredFields('key', 'label'),
  titleOf: (entity) => entity.label,
};

/** A group of account accesses: how its parent and children are determined, its parent and its attribute. */
function AccountAccessFields({ of }: { readonly of: EntityForm<'accountAccesses', Values> }) {
  const { t, errorText, form, values, errors, writable } = of;
  const groups = useLabels('accountAccesses');
  const attributes = useLabels('attributes');
  const searchGroups = usePickerSearch('accountAccesses');
  const searchAttributes = usePickerSearch('attributes');
  const methods = determinationMethods.map((method) => ({
    value: method,
    label: t(`accountAccesses.methods.${method}`),
  }));
  const method = (field: 'parentDeterminationMethod' | 'childDeterminationMethod') => (
    <Select
      label={t(`accountAccesses.fields.${field}`)}
      value={values[field]}
      options={methods}
      onChange={(e) => form.set(field, e.target.value as DeterminationMethod)}
      error={errorText(errors[field])}
    />
  );
  return (
    <GeneralSection
      of={of}
      grid={
        <>
          {method('parentDeterminationMethod')}
          {method('childDeterminationMethod')}
        </>
      }
    >
      <SingleRef
        label={t('accountAccesses.fields.parent')}
        value={values.parentId}
        labels={groups}
        search={searchGroups}
        disabled={!writable}
        onChange={(value) => form.set('parentId', value)}
      />
      <SingleRef
        label={t('accountAccesses.fields.attribute')}
        value={values.attributeId}
        labels={attributes}
        search={searchAttributes}
        disabled={!writable}
        onChange={(value) => form.set('attributeId', value)}
      />
    </GeneralSection>
  );
}

export default function AccountAccessDetailPage() {
  return <EntityDetailPage spec={spec} fields={AccountAccessFields} />;
}
