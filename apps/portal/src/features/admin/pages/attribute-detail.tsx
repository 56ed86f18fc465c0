import { attributeDataTypes, type AttributeDataType } from '@portal/core';
import { Select, Switch, TextField } from '@portal/ui';
import type { AttributeDetail, AttributeInput } from '@portal/adapters/admin';
import { useLabels } from '../admin-context.tsx';
import {
  EntityDetailPage,
  GeneralSection,
  requiredFields,
  type EntityForm,
  type EntitySpec,
} from '../components/detail-page.tsx';
import { SingleRef, usePickerSearch } from '../components/pickers.tsx';
import { UsageList } from '../components/usage-list.tsx';
import { orNull, text } from '../lib/form.ts';

const wireTypes = attributeDataTypes;

interface Values {
  readonly key: string;
  readonly label: string;
  readonly dataType: AttributeDataType;
  readonly permissionId: string | null;
  readonly directoryLink: string;
  readonly editableByUser: boolean;
  readonly editableByOthers: boolean;
}

function attributeValues(entity: AttributeDetail | undefined): Values {
  return {
    key: entity?.key ?? '',
    label: entity?.label ?? '',
    dataType: entity?.dataType ?? 'STRING',
    permissionId: entity?.permissionId ?? null,
    directoryLink: text(entity?.directoryLink),
    editableByUser: entity?.editableByUser ?? false,
    editableByOthers: entity?.editableByOthers ?? false,
  };
}

function attributeInput(values: Values): AttributeInput {
  return {
    key: values.key.trim(),
    label: values.label.trim(),
    dataType: values.dataType,
    permissionId: values.permissionId,
    directoryLink: orNull(values.directoryLink),
    editableByUser: values.editableByUser,
    editableByOthers: values.editableByOthers,
  };
}

const spec: EntitySpec<'attributes', Values> = {
  kind: 'attributes',
  valuesOf: attributeValues,
  inputOf: attributeInput,
  validate: requiredFields('key', 'label'),
  titleOf: (entity) => (entity.label === '' ? entity.key : entity.label),
};

/** An attribute: its data type, directory link, the permission that may read it and who may edit it. */
function AttributeFields({
  of,
  entity,
}: {
  readonly of: EntityForm<'attributes', Values>;
  readonly entity: AttributeDetail | undefined;
}) {
  const { t, errorText, form, values, errors, writable } = of;
  const permissions = useLabels('permissions');
  const searchPermissions = usePickerSearch('permissions');
  const grid = (
    <>
      <Select
        label={t('attributes.fields.dataType')}
        value={values.dataType}
        onChange={(e) => form.set('dataType', e.target.value as AttributeDataType)}
        options={wireTypes.map((type) => ({ value: type, label: t(`attributes.dataTypes.${type}`) }))}
        error={errorText(errors.dataType)}
      />
      <TextField
        label={t('attributes.fields.directoryLink')}
        help={t('attributes.help.directoryLink')}
        value={values.directoryLink}
        onChange={(e) => form.set('directoryLink', e.target.value)}
        error={errorText(errors.directoryLink)}
      />
    </>
  );
  return (
    <>
      <GeneralSection of={of} keyHelp grid={grid}>
        <SingleRef
          label={t('attributes.fields.permission')}
          value={values.permissionId}
          labels={permissions}
          search={searchPermissions}
          onChange={(value) => form.set('permissionId', value)}
          disabled={!writable}
        />
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
