import { Select } from '@portal/ui';
import { determinationMethods, type DeterminationMethod } from '@portal/adapters/admin';
import { EntityRef, GeneralSection } from '../components/detail-page/fields.tsx';
import { EntityDetailPage } from '../components/detail-page/page.tsx';
import { generalSpec, type FormOf } from '../components/detail-page/spec.ts';

// New groups determine neither parent nor children (NONE) and have no parent or attribute.
const spec = generalSpec('accountAccesses', ['key', 'label'], {
  valuesOf: (entity) => ({
    parentId: entity?.parentId ?? null,
    parentDeterminationMethod: entity?.parentDeterminationMethod ?? 'NONE',
    childDeterminationMethod: entity?.childDeterminationMethod ?? 'NONE',
    attributeId: entity?.attributeId ?? null,
  }),
  inputOf: ({ parentId, parentDeterminationMethod, childDeterminationMethod, attributeId }) => ({
    parentId,
    parentDeterminationMethod,
    childDeterminationMethod,
    attributeId,
  }),
});

/** A group of account accesses: how its parent and children are determined, its parent and its attribute. */
function AccountAccessFields({ of }: { readonly of: FormOf<typeof spec> }) {
  const { t, errorText, form, values, errors } = of;
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
      <EntityRef of={of} field="parentId" kind="accountAccesses" />
      <EntityRef of={of} field="attributeId" kind="attributes" />
    </GeneralSection>
  );
}

export default function AccountAccessDetailPage() {
  return <EntityDetailPage spec={spec} fields={AccountAccessFields} />;
}
