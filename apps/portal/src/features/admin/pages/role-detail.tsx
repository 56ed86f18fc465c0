import { TextField } from '@portal/ui';
import type { RoleDetail } from '@portal/adapters/admin';
import { EntityDetailRoute, EntityFormFrame, requiredFields, useEntityForm, type EntitySpec } from '../components/detail-page.tsx';
import { Grid, Section } from '../components/form-kit.tsx';
import { RefsSection } from '../components/pickers.tsx';

interface Values {
  readonly key: string;
  readonly label: string;
  readonly description: string;
  readonly permissionIds: readonly string[];
  readonly applicationIds: readonly string[];
}

const spec: EntitySpec<'roles', Values> = {
  kind: 'roles',
  valuesOf: (entity) => ({
    key: entity?.key ?? '',
    label: entity?.label ?? '',
    description: entity?.description ?? '',
    permissionIds: entity?.permissionIds ?? [],
    applicationIds: entity?.applicationIds ?? [],
  }),
  inputOf: (values) => ({ ...values, key: values.key.trim(), label: values.label.trim(), description: values.description.trim() }),
  validate: requiredFields('key', 'label'),
  titleOf: (entity) => entity.label,
};

export default function RoleDetailPage() {
  return <EntityDetailRoute kind="roles" form={RoleForm} />;
}

function RoleForm({ id, entity }: { readonly id: string; readonly entity: RoleDetail | undefined }) {
  const of = useEntityForm(spec, id, entity);
  const { t, errorText, form, values, errors, writable } = of;
  return (
    <EntityFormFrame of={of}>
      <Section title={t('roles.sections.general')}>
        <Grid>
          <TextField label={t('roles.fields.key')} required value={values.key} onChange={(e) => form.set('key', e.target.value)} error={errorText(errors.key)} />
          <TextField label={t('roles.fields.label')} required value={values.label} onChange={(e) => form.set('label', e.target.value)} error={errorText(errors.label)} />
        </Grid>
        <TextField label={t('roles.fields.description')} value={values.description} onChange={(e) => form.set('description', e.target.value)} error={errorText(errors.description)} />
      </Section>
      <RefsSection kind="permissions" title={t('roles.sections.permissions')} description={t('roles.help.permissions')} emptyText={t('roles.noPermissions')}
        addLabel={t('roles.addPermission')} ids={values.permissionIds} writable={writable} onChange={(ids) => form.set('permissionIds', ids)} />
      <RefsSection kind="applications" title={t('roles.sections.applications')} description={t('roles.help.applications')} emptyText={t('roles.noApplications')}
        addLabel={t('roles.addApplication')} ids={values.applicationIds} writable={writable} onChange={(ids) => form.set('applicationIds', ids)} />
    </EntityFormFrame>
  );
}
