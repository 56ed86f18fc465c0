// The state of an entity's form (`useEntityForm`): checks, then creates or saves through the kind's API; undoes an
// entry of its history.
import { useLocation } from 'wouter';
import { useAdmin } from '../../admin-context.tsx';
import { useErrorText, useFormState } from '../form-kit.tsx';
import { adminLinks } from '../../lib/links.ts';
import { useAdminT, type AdminKey } from '../../lib/i18n.ts';
import type { DetailOf, EntityForm, EntitySpec, FormApi, FormKind } from './spec.ts';

/**
 * The state of an entity's form: checks, then creates or saves (the kind's labels asked again;
 * a new entity's page replaced by its own); `afterSave` after a save, `onInvalid` when the checks fail.
 */
export function useEntityForm<K extends FormKind, V>(
  spec: EntitySpec<K, V>,
  id: string,
  entity: DetailOf<K> | undefined,
  options: {
    readonly afterSave?: (saved: DetailOf<K>) => void;
    readonly onInvalid?: () => void;
  } = {},
): EntityForm<K, V> {
  const t = useAdminT();
  const errorText = useErrorText();
  const [, navigate] = useLocation();
  const { api: adminApi, canWrite, invalidate } = useAdmin();
  const form = useFormState(spec.valuesOf(entity));
  const api = adminApi[spec.kind] as unknown as FormApi<K>;
  const isNew = entity === undefined;
  const submit = async () => {
    const invalid = spec.validate(form.values);
    if (Object.keys(invalid).length > 0) {
      form.setErrors(invalid);
      options.onInvalid?.();
      return;
    }
    const input = spec.inputOf(form.values);
    const saved = await form.save(() => (isNew ? api.create(input) : api.update(id, input)), spec.valuesOf);
    if (saved === undefined) return;
    invalidate(spec.kind);
    options.afterSave?.(saved);
    if (isNew) navigate(adminLinks.detail(spec.kind, (saved as { readonly id: string }).id), { replace: true });
  };
  const revert = async (entryId: string) => {
    const saved = await form.save(() => api.revert(id, entryId), spec.valuesOf, {
      done: t('history.reverted'),
      besideFields: false,
    });
    if (saved === undefined) return;
    invalidate(spec.kind);
    options.afterSave?.(saved);
  };
  return {
    spec,
    id,
    form,
    values: form.values,
    errors: form.errors,
    isNew,
    writable: canWrite(spec.kind),
    t,
    errorText,
    api,
    submit,
    revert,
    title: entity === undefined ? t(`${spec.kind}.new` as AdminKey) : spec.titleOf(entity),
  };
}
