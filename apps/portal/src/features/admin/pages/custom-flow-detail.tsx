import { EntityRefs, GeneralSection } from '../components/detail-page/fields.tsx';
import { EntityDetailPage } from '../components/detail-page/page.tsx';
import { generalSpec, type FormOf } from '../components/detail-page/spec.ts';
import { ids } from '../lib/form.ts';

const spec = generalSpec('customFlows', ['key', 'label', 'description'], {
  valuesOf: (entity) => ({ attributeIds: ids(entity?.attributeIds) }),
  inputOf: (values) => ({ attributeIds: [...values.attributeIds] }),
});

const attributeTexts = { empty: 'customFlows.noAttributes', add: 'customFlows.addAttribute' } as const;

/** A custom flow (`/flows/{key}`): the attributes it asks the user for. */
function CustomFlowFields({ of }: { readonly of: FormOf<typeof spec> }) {
  return (
    <>
      <GeneralSection of={of} keyHelp />
      <EntityRefs of={of} field="attributeIds" kind="attributes" texts={attributeTexts} />
    </>
  );
}

export default function CustomFlowDetailPage() {
  return <EntityDetailPage spec={spec} fields={CustomFlowFields} />;
}
