import { useParams, useLocation } from 'wouter';
import { attributeDataTypes, type AttributeDataType } from '@portal/core';
import { Select, Switch, TextField } from '@portal/ui';
import type { AttributeDetail, AttributeInput } from '@portal/adapters/admin';
import { useAdmin, useLabels } from '../admin-context.tsx';
import { HistorySection } from '../components/history.tsx';
import { DeleteAction, DetailHeader, DetailLayout, useEntity } from '../components/detail-page.tsx';
import { FormFrame, Grid, Section, useErrorText, useFormState } from '../components/form-kit.tsx';
import { PageFailure, PageSkeleton } from '../components/page-state.tsx';
import { SingleRef, usePickerSearch } from '../components/pickers.tsx';
import { UsageList } from '../components/usage-list.tsx';
import { orNull, text, validateFields } from '../lib/form.ts';
import { adminLinks, newId } from '../lib/links.ts';
import { useAdminT } from '../lib/i18n.ts';

const wireTypes = attributeDataTypes.filter((type) => type !== 'LIST');

interface Values {
  readonly key: string;
  readonly label: string;
  readonly dataType: AttributeDataType;
  readonly permissionId: string | null;
  readonly directoryLink: string;
  readonly editableByUser: boolean;
  readonly editableByOthers: boolean;
}

export function attributeValues(entity: AttributeDetail | undefined): Values {
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

export function attributeInput(values: Values): AttributeInput {
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

export default function AttributeDetailPage() {
  const { id = newId } = useParams<{ id: string }>();
  const { api } = useAdmin();
  const state = useEntity(id, api.attributes.get);
  if (state.status === 'failed') return <PageFailure error={state.error} />;
  if (state.status === 'loading') return <PageSkeleton />;
  return <AttributeForm key={id} id={id} entity={state.data} />;
}

function AttributeForm({ id, entity }: { readonly id: string; readonly entity: AttributeDetail | undefined }) {
  const t = useAdminT();
  const errorText = useErrorText();
  const [, navigate] = useLocation();
  const { api, canWrite, invalidate } = useAdmin();
  const form = useFormState(attributeValues(entity));
  const permissions = useLabels('permissions');
  const searchPermissions = usePickerSearch('permissions');
  const { values, errors } = form;
  const isNew = entity === undefined;
  const title = isNew ? t('attributes.new') : (entity.label === '' ? entity.key : entity.label);
  const submit = async () => {
    const invalid = validateFields({ key: values.key, label: values.label }, { key: ['required'], label: ['required'] });
    if (Object.keys(invalid).length > 0) {
      form.setErrors(invalid);
      return;
    }
    const input = attributeInput(values);
    const saved = await form.save(() => (isNew ? api.attributes.create(input) : api.attributes.update(id, input)), attributeValues);
    if (saved === undefined) return;
    invalidate('attributes');
    if (isNew) navigate(adminLinks.detail('attributes', saved.id), { replace: true });
  };
  return (
    <DetailLayout history={isNew ? undefined : <HistorySection scope={id} reloadKey={form.round} load={(params) => api.attributes.history(id, params)} />}>
      <DetailHeader title={title} subTitle={t('attributes.detailSubTitle')} backLink={adminLinks.list('attributes')} />
      <FormFrame
        onSubmit={() => void submit()}
        dirty={form.dirty}
        busy={form.busy}
        canSave={canWrite('attributes')}
        extraActions={!isNew && canWrite('attributes') ? <DeleteAction name={title} onDelete={() => api.attributes.remove(id)} usage={{ subject: 'attributes', load: () => api.attributes.usage(id) }} afterHref={adminLinks.list('attributes')} /> : undefined}
      >
        <Section title={t('attributes.sections.general')}>
          <Grid>
            <TextField label={t('attributes.fields.key')} help={t('attributes.help.key')} required value={values.key} onChange={(e) => form.set('key', e.target.value)} error={errorText(errors.key)} />
            <TextField label={t('attributes.fields.label')} required value={values.label} onChange={(e) => form.set('label', e.target.value)} error={errorText(errors.label)} />
            <Select
              label={t('attributes.fields.dataType')}
              value={values.dataType}
              onChange={(e) => form.set('dataType', e.target.value as AttributeDataType)}
              options={wireTypes.map((type) => ({ value: type, label: t(`attributes.dataTypes.${type}`) }))}
              error={errorText(errors.dataType)}
            />
            <TextField label={t('attributes.fields.directoryLink')} help={t('attributes.help.directoryLink')} value={values.directoryLink} onChange={(e) => form.set('directoryLink', e.target.value)} error={errorText(errors.directoryLink)} />
          </Grid>
          <SingleRef label={t('attributes.fields.permission')} value={values.permissionId} labels={permissions} search={searchPermissions} onChange={(value) => form.set('permissionId', value)} disabled={!canWrite('attributes')} />
          <Switch label={t('attributes.fields.editableByUser')} checked={values.editableByUser} onChange={(v) => form.set('editableByUser', v)} />
          <Switch label={t('attributes.fields.editableByOthers')} checked={values.editableByOthers} onChange={(v) => form.set('editableByOthers', v)} />
        </Section>
        {entity !== undefined && <UsageList usages={entity.usages} />}
      </FormFrame>
    </DetailLayout>
  );
}
