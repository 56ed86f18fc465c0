import {
  attributeDataTypes,
  requiredAnswers,
  validateRequiredAnswerSetting,
  type AttributeDataType,
  type RequiredAnswer,
} from '@portal/core';
import { Select, Switch } from '@portal/ui';
import type { AttributeDetail } from '@portal/adapters/admin';
import { EntityRef, EntityTextField, GeneralSection } from '../components/detail-page/fields.tsx';
import { EntityDetailPage } from '../components/detail-page/page.tsx';
import { generalSpec, type FormOf } from '../components/detail-page/spec.ts';
import { UsageList } from '../components/usage-list.tsx';
import { orNull, text } from '../lib/form.ts';

/** A Yes/No attribute's required answer in the form: '' for any answer (#30.1). */
type RequiredAnswerChoice = RequiredAnswer | '';
const choiceOf = (answer: RequiredAnswer | null | undefined): RequiredAnswerChoice => answer ?? '';

const spec = generalSpec('attributes', ['key', 'label'], {
  valuesOf: (entity) => ({
    dataType: entity?.dataType ?? 'STRING',
    requiredValue: choiceOf(entity?.requiredValue),
    permissionId: entity?.permissionId ?? null,
    directoryLink: text(entity?.directoryLink),
    editableByUser: entity?.editableByUser ?? false,
    editableByOthers: entity?.editableByOthers ?? false,
  }),
  inputOf: (values) => ({
    dataType: values.dataType,
    requiredValue: values.requiredValue === '' ? null : values.requiredValue,
    permissionId: values.permissionId,
    directoryLink: orNull(values.directoryLink),
    editableByUser: values.editableByUser,
    editableByOthers: values.editableByOthers,
  }),
  // Core's rule, as the API applies it: only a Yes/No attribute may require an answer.
  validate: (values) => {
    const issue = validateRequiredAnswerSetting(values.dataType, values.requiredValue);
    return issue === undefined ? {} : { requiredValue: issue };
  },
  titleOf: (entity) => (entity.label === '' ? entity.key : entity.label),
});

/**
 * An attribute: its data type (a Yes/No one may require an answer, #30.1), directory link, the
 * permission that may read it and who may edit it.
 */
function AttributeFields({
  of,
  entity,
}: {
  readonly of: FormOf<typeof spec>;
  readonly entity: AttributeDetail | undefined;
}) {
  const { t, errorText, form, values, errors } = of;
  const setDataType = (dataType: AttributeDataType) => {
    form.set('dataType', dataType);
    // Only a Yes/No attribute requires an answer: another type has none.
    if (dataType !== 'BOOLEAN') form.set('requiredValue', '');
  };
  const grid = (
    <>
      <Select
        label={t('attributes.fields.dataType')}
        value={values.dataType}
        onChange={(e) => setDataType(e.target.value as AttributeDataType)}
        options={attributeDataTypes.map((type) => ({ value: type, label: t(`attributes.dataTypes.${type}`) }))}
        error={errorText(errors.dataType)}
      />
      <EntityTextField of={of} field="directoryLink" help />
      {values.dataType === 'BOOLEAN' && (
        <Select
          id="attribute-required-value"
          label={t('attributes.fields.requiredValue')}
          help={t('attributes.help.requiredValue')}
          value={values.requiredValue}
          onChange={(e) => form.set('requiredValue', e.target.value as RequiredAnswerChoice)}
          options={[
            { value: '', label: t('attributes.requiredValues.any') },
            ...requiredAnswers.map((answer) => ({ value: answer, label: t(`attributes.requiredValues.${answer}`) })),
          ]}
          error={errorText(errors.requiredValue)}
        />
      )}
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
