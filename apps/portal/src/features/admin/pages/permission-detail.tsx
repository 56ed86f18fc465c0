import type { PermissionDetail } from '@portal/adapters/admin';
import { EntityTextField } from '../components/detail-page/fields.tsx';
import { EntityDetailPage } from '../components/detail-page/page.tsx';
import { generalSpec, type FormOf } from '../components/detail-page/spec.ts';
import { Grid, Section } from '../components/form-kit.tsx';
import { UsageList } from '../components/usage-list.tsx';

export default function PermissionDetailPage() {
  return <EntityDetailPage spec={spec} fields={PermissionFields} />;
}

const spec = generalSpec('permissions', ['key', 'description'], {
  valuesOf: () => ({}),
  inputOf: () => ({}),
  titleOf: (entity) => entity.key,
});

/** A permission: its key and description; where it is used (applications, roles), read only. */
function PermissionFields({
  of,
  entity,
}: {
  readonly of: FormOf<typeof spec>;
  readonly entity: PermissionDetail | undefined;
}) {
  return (
    <>
      <Section title={of.t('permissions.sections.general')}>
        <Grid>
          <EntityTextField of={of} field="key" required help />
          <EntityTextField of={of} field="description" />
        </Grid>
      </Section>
      {entity !== undefined && <UsageList usages={entity.usages} />}
    </>
  );
}
