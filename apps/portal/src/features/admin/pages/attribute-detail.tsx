import { attributeDataTypes, type AttributeDataType } from '@portal/core';
import { Select, Switch } from '@portal/ui';
import type { AttributeDetail } from '@portal/adapters/admin';
import {
  EntityDetailPage,
  EntityRef,
  EntityTextField,
  GeneralSection,
  generalSpec,
  type FormOf,
} from '../components/detail-page.tsx';
import { UsageList } from '../components/usage-list.tsx';
import { orNull, text } from '../lib/form.ts';

const spec = generalSpec('attributes', ['key', 'label'], {
  valuesOf: (entity) => ({
    dataType: entity?.dataType ?? 'STRING',
    permissionId: entity?.permissionId ?? null,
    directoryLink: text(entity?.directoryLink),
    editableByUser: entity?.editableByUser ?? false,
    editableByOthers: entity?.editableByOthers ?? false,
  }),
  inputOf: (values) => ({
    dataType: values.dataType,
    permissionId: values.permissionId,
    directoryLink: orNull(values.directoryLink),
    editableByUser: values.editableByUser,
    editableByOthers: values.editableByOthers,
  }),
  titleOf: (entity) => (entity.label === '' ? entity.key : entity.label),
});

/** An attribute: its data type, directory link, the permission that may read it and who may edit it. */
function AttributeFields({
  of,
  entity,
}: {
  readonly of: FormOf<typeof spec>;
  readonly entity: AttributeDetail | undefined;
}) {
  const { t, errorText, form, values, errors } = of;
  const grid = (
    <>
      <Select
        label={t('attributes.fields.dataType')}
        value={values.dataType}
        onChange={(e) => form.set('dataType', e.target.value as AttributeDataType)}
        options={attributeDataTypes.map((type) => ({ value: type, label: t(`attributes.dataTypes.${type}`) }))}
        error={errorText(errors.dataType)}
      />
      <EntityTextField of={of} field="directoryLink" help />
    </>
  );
  return (
    <>
      <GeneralSection of={of} keyHelp grid={grid}>
        <EntityRef of={of} field="permissionId" kind="permissions" />
        <Switch
          label={t('attributes.fields.editableByUser')}
          checked={values.editableByUser}
          onChange={(v) => form.set('editableByUser', v)}
        />
        <Switch
          label={t('attributes.fields.editableByOthers')}
          checked={values.editableByOthers}
          onChange={(v) => form.set('editableByOthers', v)}
        />
      </GeneralSection>
      {entity !== undefined && <UsageList usages={entity.usages} />}
    </>
  );
}

export default function AttributeDetailPage() {
  return <EntityDetailPage spec={spec} fields={AttributeFields} />;
}
