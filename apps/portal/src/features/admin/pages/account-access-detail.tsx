import { useParams, useLocation } from 'wouter';
import { Select, TextField } from '@portal/ui';
import { determinationMethods, type AccountAccessDetail, type AccountAccessInput, type DeterminationMethod } from '@portal/adapters/admin';
import { useAdmin, useLabels } from '../admin-context.tsx';
import { HistorySection } from '../components/history.tsx';
import { DeleteAction, DetailHeader, DetailLayout, useEntity } from '../components/detail-page.tsx';
import { FormFrame, Grid, Section, useErrorText, useFormState } from '../components/form-kit.tsx';
import { PageFailure, PageSkeleton } from '../components/page-state.tsx';
import { SingleRef, usePickerSearch } from '../components/pickers.tsx';
import { validateFields } from '../lib/form.ts';
import { adminLinks, newId } from '../lib/links.ts';
import { useAdminT } from '../lib/i18n.ts';

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
const inputOf = (values: Values): AccountAccessInput => ({ ...values, key: values.key.trim(), label: values.label.trim() });

export default function AccountAccessDetailPage() {
  const { id = newId } = useParams<{ id: string }>();
  const { api } = useAdmin();
  const state = useEntity(id, api.accountAccesses.get);
  if (state.status === 'failed') return <PageFailure error={state.error} />;
  if (state.status === 'loading') return <PageSkeleton />;
  return <AccountAccessForm key={id} id={id} entity={state.data} />;
}

function AccountAccessForm({ id, entity }: { readonly id: string; readonly entity: AccountAccessDetail | undefined }) {
  const t = useAdminT();
  const errorText = useErrorText();
  const [, navigate] = useLocation();
  const { api, canWrite, invalidate } = useAdmin();
  const form = useFormState(valuesOf(entity));
  const groups = useLabels('accountAccesses');
  const attributes = useLabels('attributes');
  const searchGroups = usePickerSearch('accountAccesses');
  const searchAttributes = usePickerSearch('attributes');
  const { values, errors } = form;
  const isNew = entity === undefined;
  const writable = canWrite('accountAccesses');
  const title = isNew ? t('accountAccesses.new') : entity.label;
  const methods = determinationMethods.map((method) => ({ value: method, label: t(`accountAccesses.methods.${method}`) }));
  const submit = async () => {
    const invalid = validateFields({ key: values.key, label: values.label }, { key: ['required'], label: ['required'] });
    if (Object.keys(invalid).length > 0) {
      form.setErrors(invalid);
      return;
    }
    const input = inputOf(values);
    const saved = await form.save(() => (isNew ? api.accountAccesses.create(input) : api.accountAccesses.update(id, input)), valuesOf);
    if (saved === undefined) return;
    invalidate('accountAccesses');
    if (isNew) navigate(adminLinks.detail('accountAccesses', saved.id), { replace: true });
  };
  return (
    <DetailLayout history={isNew ? undefined : <HistorySection scope={id} reloadKey={form.round} load={(params) => api.accountAccesses.history(id, params)} />}>
      <DetailHeader title={title} subTitle={t('accountAccesses.detailSubTitle')} backLink={adminLinks.list('accountAccesses')} />
      <FormFrame
        onSubmit={() => void submit()}
        dirty={form.dirty}
        busy={form.busy}
        canSave={writable}
        extraActions={!isNew && writable ? <DeleteAction name={title} onDelete={() => api.accountAccesses.remove(id)} usage={{ subject: 'accountAccesses', load: () => api.accountAccesses.usage(id) }} afterHref={adminLinks.list('accountAccesses')} /> : undefined}
      >
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
      </FormFrame>
    </DetailLayout>
  );
}
