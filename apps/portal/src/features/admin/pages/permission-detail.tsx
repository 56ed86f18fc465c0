import { TextField } from '@portal/ui';
import type { PermissionDetail } from '@portal/adapters/admin';
import { EntityDetailRoute, EntityFormFrame, requiredFields, useEntityForm, type EntitySpec } from '../components/detail-page.tsx';
import { Grid, Section } from '../components/form-kit.tsx';
import { UsageList } from '../components/usage-list.tsx';

const spec: EntitySpec<'permissions', { readonly key: string; readonly description: string }> = {
  kind: 'permissions',
  valuesOf: (entity) => ({ key: entity?.key ?? '', description: entity?.description ?? '' }),
  inputOf: (values) => ({ key: values.key.trim(), description: values.description.trim() }),
  validate: requiredFields('key'),
  titleOf: (entity) => entity.key,
};

export default function PermissionDetailPage() {
  return <EntityDetailRoute kind="permissions" form={PermissionForm} />;
}

function PermissionForm({ id, entity }: { readonly id: string; readonly entity: PermissionDetail | undefined }) {
  const of = useEntityForm(spec, id, entity);
  const { t, errorText, form, values, errors } = of;
  return (
    <EntityFormFrame of={of}>
      <Section title={t('permissions.sections.general')}>
        <Grid>
          <TextField label={t('permissions.fields.key')} help={t('permissions.help.key')} required value={values.key} onChange={(e) => form.set('key', e.target.value)} error={errorText(errors.key)} />
          <TextField label={t('permissions.fields.description')} value={values.description} onChange={(e) => form.set('description', e.target.value)} error={errorText(errors.description)} />
        </Grid>
      </Section>
      {entity !== undefined && <UsageList usages={entity.usages} />}
    </EntityFormFrame>
  );
}
