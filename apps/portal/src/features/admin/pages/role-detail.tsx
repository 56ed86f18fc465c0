import { useParams, useLocation } from 'wouter';
import { TextField } from '@portal/ui';
import type { RoleDetail, RoleInput } from '@portal/adapters/admin';
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
  readonly permissionIds: readonly string[];
  readonly applicationIds: readonly string[];
}

const valuesOf = (entity: RoleDetail | undefined): Values => ({
  key: entity?.key ?? '',
  label: entity?.label ?? '',
  description: entity?.description ?? '',
  permissionIds: entity?.permissionIds ?? [],
  applicationIds: entity?.applicationIds ?? [],
});
const inputOf = (values: Values): RoleInput => ({
  key: values.key.trim(), label: values.label.trim(), description: values.description.trim(), permissionIds: values.permissionIds, applicationIds: values.applicationIds,
});

export default function RoleDetailPage() {
  const { id = newId } = useParams<{ id: string }>();
  const { api } = useAdmin();
  const state = useEntity(id, api.roles.get);
  if (state.status === 'failed') return <PageFailure error={state.error} />;
  if (state.status === 'loading') return <PageSkeleton />;
  return <RoleForm key={id} id={id} entity={state.data} />;
}

function RoleForm({ id, entity }: { readonly id: string; readonly entity: RoleDetail | undefined }) {
  const t = useAdminT();
  const errorText = useErrorText();
  const [, navigate] = useLocation();
  const { api, canWrite, invalidate } = useAdmin();
  const form = useFormState(valuesOf(entity));
  const permissionLabels = useLabels('permissions');
  const applicationLabels = useLabels('applications');
  const searchPermissions = usePickerSearch('permissions');
  const searchApplications = usePickerSearch('applications');
  const { values, errors } = form;
  const isNew = entity === undefined;
  const writable = canWrite('roles');
  const title = isNew ? t('roles.new') : entity.label;
  const submit = async () => {
    const invalid = validateFields({ key: values.key, label: values.label }, { key: ['required'], label: ['required'] });
    if (Object.keys(invalid).length > 0) {
      form.setErrors(invalid);
      return;
    }
    const input = inputOf(values);
    const saved = await form.save(() => (isNew ? api.roles.create(input) : api.roles.update(id, input)), valuesOf);
    if (saved === undefined) return;
    invalidate('roles');
    if (isNew) navigate(adminLinks.detail('roles', saved.id), { replace: true });
  };
  return (
    <DetailLayout history={isNew ? undefined : <HistorySection scope={id} reloadKey={form.round} load={(params) => api.roles.history(id, params)} />}>
      <DetailHeader title={title} subTitle={t('roles.detailSubTitle')} backLink={adminLinks.list('roles')} />
      <FormFrame
        onSubmit={() => void submit()}
        dirty={form.dirty}
        busy={form.busy}
        canSave={writable}
        extraActions={!isNew && writable ? <DeleteAction name={title} onDelete={() => api.roles.remove(id)} usage={{ subject: 'roles', load: () => api.roles.usage(id) }} afterHref={adminLinks.list('roles')} /> : undefined}
      >
        <Section title={t('roles.sections.general')}>
          <Grid>
            <TextField label={t('roles.fields.key')} required value={values.key} onChange={(e) => form.set('key', e.target.value)} error={errorText(errors.key)} />
            <TextField label={t('roles.fields.label')} required value={values.label} onChange={(e) => form.set('label', e.target.value)} error={errorText(errors.label)} />
          </Grid>
          <TextField label={t('roles.fields.description')} value={values.description} onChange={(e) => form.set('description', e.target.value)} error={errorText(errors.description)} />
        </Section>
        <Section title={t('roles.sections.permissions')} description={t('roles.help.permissions')}>
          <ChipList label={t('roles.sections.permissions')} items={values.permissionIds} labels={permissionLabels} emptyText={t('roles.noPermissions')} disabled={!writable}
            onRemove={(removed) => form.set('permissionIds', values.permissionIds.filter((x) => x !== removed))} />
          {writable && <RefPicker label={t('roles.addPermission')} search={searchPermissions} excludeIds={values.permissionIds} onPick={(option) => form.set('permissionIds', [...values.permissionIds, option.id])} />}
        </Section>
        <Section title={t('roles.sections.applications')} description={t('roles.help.applications')}>
          <ChipList label={t('roles.sections.applications')} items={values.applicationIds} labels={applicationLabels} emptyText={t('roles.noApplications')} disabled={!writable}
            onRemove={(removed) => form.set('applicationIds', values.applicationIds.filter((x) => x !== removed))} />
          {writable && <RefPicker label={t('roles.addApplication')} search={searchApplications} excludeIds={values.applicationIds} onPick={(option) => form.set('applicationIds', [...values.applicationIds, option.id])} />}
        </Section>
      </FormFrame>
    </DetailLayout>
  );
}
