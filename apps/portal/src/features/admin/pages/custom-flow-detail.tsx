import { useParams, useLocation } from 'wouter';
import { TextField } from '@portal/ui';
import type { CustomFlowDetail, CustomFlowInput } from '@portal/adapters/admin';
import { useAdmin, useLabels } from '../admin-context.tsx';
import { HistorySection } from '../components/history.tsx';
import { DeleteAction, DetailHeader, DetailLayout, useEntity } from '../components/detail-page.tsx';
import { ChipList, FormFrame, Grid, RefPicker, Section, useErrorText, useFormState } from '../components/form-kit.tsx';
import { PageFailure, PageSkeleton } from '../components/page-state.tsx';
import { usePickerSearch } from '../components/pickers.tsx';
import { validateFields } from '../lib/form.ts';
import { adminLinks, newId } from '../lib/links.ts';
import { useAdminT } from '../lib/i18n.ts';

interface Values {
  readonly key: string;
  readonly label: string;
  readonly description: string;
  readonly attributeIds: readonly string[];
}

const valuesOf = (entity: CustomFlowDetail | undefined): Values => ({
  key: entity?.key ?? '', label: entity?.label ?? '', description: entity?.description ?? '', attributeIds: entity?.attributeIds ?? [],
});
const inputOf = (values: Values): CustomFlowInput => ({ key: values.key.trim(), label: values.label.trim(), description: values.description.trim(), attributeIds: values.attributeIds });

export default function CustomFlowDetailPage() {
  const { id = newId } = useParams<{ id: string }>();
  const { api } = useAdmin();
  const state = useEntity(id, api.customFlows.get);
  if (state.status === 'failed') return <PageFailure error={state.error} />;
  if (state.status === 'loading') return <PageSkeleton />;
  return <CustomFlowForm key={id} id={id} entity={state.data} />;
}

function CustomFlowForm({ id, entity }: { readonly id: string; readonly entity: CustomFlowDetail | undefined }) {
  const t = useAdminT();
  const errorText = useErrorText();
  const [, navigate] = useLocation();
  const { api, canWrite, invalidate } = useAdmin();
  const form = useFormState(valuesOf(entity));
  const attributes = useLabels('attributes');
  const searchAttributes = usePickerSearch('attributes');
  const { values, errors } = form;
  const isNew = entity === undefined;
  const writable = canWrite('customFlows');
  const title = isNew ? t('customFlows.new') : entity.label;
  const submit = async () => {
    const invalid = validateFields({ key: values.key, label: values.label }, { key: ['required'], label: ['required'] });
    if (Object.keys(invalid).length > 0) {
      form.setErrors(invalid);
      return;
    }
    const input = inputOf(values);
    const saved = await form.save(() => (isNew ? api.customFlows.create(input) : api.customFlows.update(id, input)), valuesOf);
    if (saved === undefined) return;
    invalidate('customFlows');
    if (isNew) navigate(adminLinks.detail('customFlows', saved.id), { replace: true });
  };
  return (
    <DetailLayout history={isNew ? undefined : <HistorySection scope={id} reloadKey={form.round} load={(params) => api.customFlows.history(id, params)} />}>
      <DetailHeader title={title} subTitle={t('customFlows.detailSubTitle')} backLink={adminLinks.list('customFlows')} />
      <FormFrame
        onSubmit={() => void submit()}
        dirty={form.dirty}
        busy={form.busy}
        canSave={writable}
        extraActions={!isNew && writable ? <DeleteAction name={title} onDelete={() => api.customFlows.remove(id)} usage={{ subject: 'customFlows', load: () => api.customFlows.usage(id) }} afterHref={adminLinks.list('customFlows')} /> : undefined}
      >
        <Section title={t('customFlows.sections.general')}>
          <Grid>
            <TextField label={t('customFlows.fields.key')} help={t('customFlows.help.key')} required value={values.key} onChange={(e) => form.set('key', e.target.value)} error={errorText(errors.key)} />
            <TextField label={t('customFlows.fields.label')} required value={values.label} onChange={(e) => form.set('label', e.target.value)} error={errorText(errors.label)} />
          </Grid>
          <TextField label={t('customFlows.fields.description')} value={values.description} onChange={(e) => form.set('description', e.target.value)} error={errorText(errors.description)} />
        </Section>
        <Section title={t('customFlows.sections.attributes')} description={t('customFlows.help.attributes')}>
          <ChipList label={t('customFlows.sections.attributes')} items={values.attributeIds} labels={attributes} emptyText={t('customFlows.noAttributes')} disabled={!writable}
            onRemove={(removed) => form.set('attributeIds', values.attributeIds.filter((x) => x !== removed))} />
          {writable && <RefPicker label={t('customFlows.addAttribute')} search={searchAttributes} excludeIds={values.attributeIds} onPick={(option) => form.set('attributeIds', [...values.attributeIds, option.id])} />}
        </Section>
      </FormFrame>
    </DetailLayout>
  );
}
