import { useParams, useLocation } from 'wouter';
import { TextField } from '@portal/ui';
import type { PermissionDetail, PermissionInput } from '@portal/adapters/admin';
import { useAdmin } from '../admin-context.tsx';
import { HistorySection } from '../components/history.tsx';
import { DeleteAction, DetailHeader, DetailLayout, useEntity } from '../components/detail-page.tsx';
import { FormFrame, Grid, Section, useErrorText, useFormState } from '../components/form-kit.tsx';
import { PageFailure, PageSkeleton } from '../components/page-state.tsx';
import { UsageList } from '../components/usage-list.tsx';
import { validateFields } from '../lib/form.ts';
import { adminLinks, newId } from '../lib/links.ts';
import { useAdminT } from '../lib/i18n.ts';

interface Values {
  readonly key: string;
  readonly description: string;
}

const valuesOf = (entity: PermissionDetail | undefined): Values => ({ key: entity?.key ?? '', description: entity?.description ?? '' });
const inputOf = (values: Values): PermissionInput => ({ key: values.key.trim(), description: values.description.trim() });

export default function PermissionDetailPage() {
  const { id = newId } = useParams<{ id: string }>();
  const { api } = useAdmin();
  const state = useEntity(id, api.permissions.get);
  if (state.status === 'failed') return <PageFailure error={state.error} />;
  if (state.status === 'loading') return <PageSkeleton />;
  return <PermissionForm key={id} id={id} entity={state.data} />;
}

function PermissionForm({ id, entity }: { readonly id: string; readonly entity: PermissionDetail | undefined }) {
  const t = useAdminT();
  const errorText = useErrorText();
  const [, navigate] = useLocation();
  const { api, canWrite, invalidate } = useAdmin();
  const form = useFormState(valuesOf(entity));
  const { values, errors } = form;
  const isNew = entity === undefined;
  const title = isNew ? t('permissions.new') : entity.key;
  const submit = async () => {
    const invalid = validateFields({ key: values.key }, { key: ['required'] });
    if (Object.keys(invalid).length > 0) {
      form.setErrors(invalid);
      return;
    }
    const input = inputOf(values);
    const saved = await form.save(() => (isNew ? api.permissions.create(input) : api.permissions.update(id, input)), valuesOf);
    if (saved === undefined) return;
    invalidate('permissions');
    if (isNew) navigate(adminLinks.detail('permissions', saved.id), { replace: true });
  };
  return (
    <DetailLayout history={isNew ? undefined : <HistorySection scope={id} reloadKey={form.round} load={(params) => api.permissions.history(id, params)} />}>
      <DetailHeader title={title} subTitle={t('permissions.detailSubTitle')} backLink={adminLinks.list('permissions')} />
      <FormFrame
        onSubmit={() => void submit()}
        dirty={form.dirty}
        busy={form.busy}
        canSave={canWrite('permissions')}
        extraActions={!isNew && canWrite('permissions') ? <DeleteAction name={title} onDelete={() => api.permissions.remove(id)} afterHref={adminLinks.list('permissions')} /> : undefined}
      >
        <Section title={t('permissions.sections.general')}>
          <Grid>
            <TextField label={t('permissions.fields.key')} help={t('permissions.help.key')} required value={values.key} onChange={(e) => form.set('key', e.target.value)} error={errorText(errors.key)} />
            <TextField label={t('permissions.fields.description')} value={values.description} onChange={(e) => form.set('description', e.target.value)} error={errorText(errors.description)} />
          </Grid>
        </Section>
        {entity !== undefined && <UsageList usages={entity.usages} />}
      </FormFrame>
    </DetailLayout>
  );
}
