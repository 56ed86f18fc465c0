import { EntityRefs, GeneralSection } from '../components/detail-page/fields.tsx';
import { EntityDetailPage } from '../components/detail-page/page.tsx';
import { generalSpec, type FormOf } from '../components/detail-page/spec.ts';
import { ids } from '../lib/form.ts';
import type { AdminKey } from '../lib/i18n.ts';

const spec = generalSpec('roles', ['key', 'label', 'description'], {
  valuesOf: (entity) => ({ permissionIds: ids(entity?.permissionIds), applicationIds: ids(entity?.applicationIds) }),
  inputOf: (values) => ({ permissionIds: [...values.permissionIds], applicationIds: [...values.applicationIds] }),
});

const refTexts = {
  permissions: { empty: 'roles.noPermissions', add: 'roles.addPermission' },
  applications: { empty: 'roles.noApplications', add: 'roles.addApplication' },
} as const satisfies Record<string, { readonly empty: AdminKey; readonly add: AdminKey }>;

/** A role: its key, label and description, the permissions it grants and the applications it unlocks. */
function RoleFields({ of }: { readonly of: FormOf<typeof spec> }) {
  return (
    <>
      <GeneralSection of={of} />
      <EntityRefs of={of} field="permissionIds" kind="permissions" texts={refTexts.permissions} />
      <EntityRefs of={of} field="applicationIds" kind="applications" texts={refTexts.applications} />
    </>
  );
}

export default function RoleDetailPage() {
  return <EntityDetailPage spec={spec} fields={RoleFields} />;
}
