import {
  EntityDetailPage,
  GeneralSection,
  requiredFields,
  type EntityForm,
  type EntitySpec,
} from '../components/detail-page.tsx';
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
  inputOf: (values) => ({
    key: values.key.trim(),
    label: values.label.trim(),
    description: values.description.trim(),
    permissionIds: [...values.permissionIds],
    applicationIds: [...values.applicationIds],
  }),
  validate: requiredFields('key', 'label'),
  titleOf: (entity) => entity.label,
};

/** A role: its key, label and description, the permissions it grants and the applications it unlocks. */
function RoleFields({ of }: { readonly of: EntityForm<'roles', Values> }) {
  const { t, form, values, writable } = of;
  return (
    <>
      <GeneralSection of={of} />
      <RefsSection
        kind="permissions"
        title={t('roles.sections.permissions')}
        description={t('roles.help.permissions')}
        emptyText={t('roles.noPermissions')}
        addLabel={t('roles.addPermission')}
        ids={values.permissionIds}
        writable={writable}
        onChange={(ids) => form.set('permissionIds', ids)}
      />
      <RefsSection
        kind="applications"
        title={t('roles.sections.applications')}
        description={t('roles.help.applications')}
        emptyText={t('roles.noApplications')}
        addLabel={t('roles.addApplication')}
        ids={values.applicationIds}
        writable={writable}
        onChange={(ids) => form.set('applicationIds', ids)}
      />
    </>
  );
}

export default function RoleDetailPage() {
  return <EntityDetailPage spec={spec} fields={RoleFields} />;
}
