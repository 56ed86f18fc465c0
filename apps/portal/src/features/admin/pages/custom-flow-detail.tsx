import {
  EntityDetailPage,
  GeneralSection,
  requiredFields,
  type EntityForm,
  type EntitySpec,
} from '../components/detail-page.tsx';
import { RefsSection } from '../components/pickers.tsx';

interface Values {
  readonly key: string;
  readonly label: string;
  readonly description: string;
  readonly attributeIds: readonly string[];
}

/** A custom flow (`/flows/{key}`): the attributes it asks the user for. */
function CustomFlowFields({ of }: { readonly of: EntityForm<'customFlows', Values> }) {
  const { t, form, values } = of;
  return (
    <>
      <GeneralSection of={of} keyHelp />
      <RefsSection
        kind="attributes"
        title={t('customFlows.sections.attributes')}
        description={t('customFlows.help.attributes')}
        emptyText={t('customFlows.noAttributes')}
        addLabel={t('customFlows.addAttribute')}
        ids={values.attributeIds}
        writable={of.writable}
        onChange={(ids) => form.set('attributeIds', ids)}
      />
    </>
  );
}

const spec: EntitySpec<'customFlows', Values> = {
  kind: 'customFlows',
  valuesOf: (entity) => ({
    key: entity?.key ?? '',
    label: entity?.label ?? '',
    description: entity?.description ?? '',
    attributeIds: entity?.attributeIds ?? [],
  }),
  inputOf: (values) => ({
    key: values.key.trim(),
    label: values.label.trim(),
    description: values.description.trim(),
    attributeIds: [...values.attributeIds],
  }),
  validate: requiredFields('key', 'label'),
  titleOf: (entity) => entity.label,
};

export default function CustomFlowDetailPage() {
  return <EntityDetailPage spec={spec} fields={CustomFlowFields} />;
}
