import { TextField } from '@portal/ui';
import type { PermissionDetail } from '@portal/adapters/admin';
import { EntityDetailPage, requiredFields, type EntityForm, type EntitySpec } from '../components/detail-page.tsx';
import { Grid, Section } from '../components/form-kit.tsx';
import { UsageList } from '../components/usage-list.tsx';

type Values = { readonly key: string; readonly description: string };

export default function PermissionDetailPage() {
  return <EntityDetailPage spec={spec} fields={PermissionFields} />;
}

const spec: EntitySpec<'permissions', Values> = {
  kind: 'permissions',
  titleOf: (entity) => entity.key,
  validate: requiredFields('key'),
  valuesOf: (entity) => ({ key: entity?.key ?? '', description: entity?.description ?? '' }),
  inputOf: (values) => ({ key: values.key.trim(), description: values.description.trim() }),
};

/** A permission: its key and description; where it is used (applications, roles), read only. */
function PermissionFields({
  of: { t, errorText, form, values, errors },
  entity,
}: {
  readonly of: EntityForm<'permissions', Values>;
  readonly entity: PermissionDetail | undefined;
}) {
  return (
    <>
      <Section title={t('permissions.sections.general')}>
        <Grid>
          <TextField
            label={t('permissions.fields.key')}
            help={t('permissions.help.key')}
            required
            value={values.key}
            onChange={(e) => form.set('key', e.target.value)}
            error={errorText(errors.key)}
          />
          <TextField
            label={t('permissions.fields.description')}
            value={values.description}
            onChange={(e) => form.set('description', e.target.value)}
            error={errorText(errors.description)}
          />
        </Grid>
      </Section>
      {entity !== undefined && <UsageList usages={entity.usages} />}
    </>
  );
}
