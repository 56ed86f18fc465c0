// /settings/applications/{id}: the user's own attributes for one application. Only
// attributes editable by the user can change; a failed save keeps the input and says why.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@portal/ui';
import { useNavigationBar, useServices } from '../../app/contexts.tsx';
import { useServerData } from '../../app/server-data.ts';
import { ErrorViewFor } from '../../app/error-view.tsx';
import { formatDate } from '../../i18n/format.ts';
import { links } from '../../routes.ts';
import { AttributeFields, useAttributeForm, type AttributeFieldModel } from '../shared/attribute-fields.tsx';
import { saveFailure, type SaveFailure } from '../shared/form-errors.ts';
import { SaveFooter } from './save-failure-alert.tsx';
import { forgetMyApps } from '../shared/my-apps.ts';

/** The attribute key a server field path names (`attributes.0.value` by the order sent, or the key), if the form shows it. */
export function attributeKeyOf(
  fields: readonly AttributeFieldModel[],
  path: string,
  sent: readonly string[],
): string | undefined {
  const byIndex = /^attributes\.(\d+)(\.|$)/.exec(path);
  const key =
    byIndex !== null ? sent[Number(byIndex[1])] : fields.find((f) => f.key === path || path.endsWith(`.${f.key}`))?.key;
  return key !== undefined && fields.some((f) => f.key === key) ? key : undefined;
}

/** Server field paths (`attributes.0.value`, or the key) → attribute keys. */
export function serverErrorsByKey(
  fields: readonly AttributeFieldModel[],
  serverFields: Readonly<Record<string, string>>,
  sent: readonly string[],
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [path, message] of Object.entries(serverFields)) {
    const key = attributeKeyOf(fields, path, sent);
    if (key !== undefined && result[key] === undefined) result[key] = message;
  }
  return result;
}

export function ApplicationAttributes({ id }: { readonly id: string }) {
  const { t, i18n } = useTranslation('settings');
  const { api } = useServices();
  const detail = useServerData(['my', 'application', id], () => api.getMyApplication(id));
  const form = useAttributeForm(detail);
  const [failure, setFailure] = useState<SaveFailure | undefined>();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  useNavigationBar({
    title: t('heading'),
    ...(detail.data === undefined ? {} : { subTitle: detail.data.application.label }),
    backLink: links.settings('applications'),
  });
  if (detail.status === 'failed' && detail.data === undefined) return <ErrorViewFor error={detail.error} />;
  if (detail.data === undefined || form.values === undefined)
    return detail.showSkeleton ? <Skeleton shape="block" className="h-48 w-full max-w-3xl" /> : null;
  const data = detail.data;
  const fields = data.attributes;
  const language = i18n.resolvedLanguage ?? i18n.language;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    setFailure(undefined);
    const input = form.check(fields);
    if (input === undefined) return;
    const sent = input.map((value) => value.key);
    setSaving(true);
    try {
      const updated = await api.updateMyAttributes(data.application.id, input);
      form.saved(updated.attributes);
      setSaved(true);
      forgetMyApps();
    } catch (error) {
      const why = saveFailure(error, (path) => attributeKeyOf(fields, path, sent) !== undefined);
      setFailure(why);
      form.setErrors(serverErrorsByKey(fields, why.fields, sent));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="app-heading"
      className="flex max-w-3xl flex-col gap-6"
    >
      <div>
        <h2 id="app-heading" className="text-xl font-semibold text-fg">
          {data.application.label}
        </h2>
        {data.accessSince !== undefined && (
          <p className="mt-1 text-sm text-fg-muted">
            {t('applications.accessSince', { date: formatDate(language, data.accessSince) })}
          </p>
        )}
      </div>
      <div>
        <h3 className="mb-2 text-base font-semibold text-fg">{t('applications.roles')}</h3>
        {data.roles.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('applications.noRoles')}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {data.roles.map((role) => (
              <li key={role.id} className="rounded-md bg-surface-muted px-2 py-1 text-sm text-fg">
                {role.label}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-col gap-3">
        <h3 className="text-base font-semibold text-fg">{t('applications.attributes')}</h3>
        {fields.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('applications.noAttributes')}</p>
        ) : (
          <AttributeFields
            fields={fields}
            values={form.values}
            errors={form.errors}
            onChange={(key, value) => {
              setSaved(false);
              form.change(key, value);
            }}
          />
        )}
      </div>
      <SaveFooter failure={failure} saved={saved} saving={saving} canSave={fields.some((f) => f.editable)} />
    </form>
  );
}
