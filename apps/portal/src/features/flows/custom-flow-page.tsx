// /flows/{key}: a custom flow (its attributes with the user's values); afterwards back to
// the gate of the application that sent the user here.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearch } from 'wouter';
import { Button, buttonClasses, Skeleton, UiLink } from '@portal/ui';
import { useServices, useToasts } from '../../app/contexts.tsx';
import { useServerData } from '../../app/server-data.ts';
import { clientIdOf } from '../../app/external-app.tsx';
import { ErrorView, ErrorViewFor } from '../../app/error-view.tsx';
import { links } from '../../routes.ts';
import {
  AttributeFields,
  initialValues,
  useIssueText,
  validateAll,
  type AttributeFieldModel,
  type AttributeValues,
} from '../shared/attribute-fields.tsx';
import { saveFailure } from '../shared/form-errors.ts';

export default function CustomFlowPage() {
  const { key } = useParams<{ key?: string }>();
  if (key === undefined || key === '') return <ErrorView error={{ kind: 'page', status: 404 }} />;
  return <CustomFlow key={key} flowKey={decodeURIComponent(key)} />;
}

function CustomFlow({ flowKey }: { readonly flowKey: string }) {
  const { t } = useTranslation('flows');
  const { api } = useServices();
  const toasts = useToasts();
  const issueText = useIssueText();
  const clientId = clientIdOf(useSearch());
  const [, navigate] = useLocation();
  const flow = useServerData(['flows', 'customFlow', flowKey], () => api.getCustomFlow(flowKey));
  const [values, setValues] = useState<AttributeValues | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [completed, setCompleted] = useState(false);
  useEffect(() => {
    if (flow.status === 'ready') setValues((current) => current ?? initialValues(flow.data.attributes.map(toField)));
  }, [flow.status, flow.data]);
  if (flow.status === 'failed' && flow.data === undefined) return <ErrorViewFor error={flow.error} />;
  if (flow.data === undefined || values === undefined)
    return flow.showSkeleton ? <Skeleton shape="block" className="h-48 w-full" /> : null;
  const data = flow.data;
  const fields = data.attributes.map(toField);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    for (const [k, issue] of Object.entries(validateAll(fields, values))) {
      const text = issueText(issue);
      if (text !== undefined) local[k] = text;
    }
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setSaving(true);
    try {
      const editable = fields.filter((f) => f.editable);
      const updated = await api.submitCustomFlow(
        flowKey,
        editable.map((f) => ({
          key: f.key,
          value: (values[f.key] ?? '').trim() === '' ? null : (values[f.key] ?? '').trim(),
        })),
      );
      if (updated.completed && clientId !== undefined) {
        navigate(links.flowsAuth({ clientId }), { replace: true });
        return;
      }
      setValues(initialValues(updated.attributes.map(toField)));
      setCompleted(updated.completed);
    } catch (error) {
      const keyOf = (path: string) => fields.find((f) => path === f.key || path.endsWith(`.${f.key}`))?.key;
      const why = saveFailure(error, (path) => keyOf(path) !== undefined);
      setErrors(
        Object.fromEntries(Object.entries(why.fields).map(([path, message]) => [keyOf(path) ?? path, message])),
      );
      // The toast: the server's messages that no field shows (#17.3).
      toasts.error(why.error, (path) => keyOf(path) !== undefined);
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="flow-heading"
      className="flex flex-col gap-6 rounded-xl border border-line bg-surface p-6 shadow-sm"
    >
      <div>
        <h1 id="flow-heading" className="text-2xl font-semibold text-fg">
          {t('customFlow.heading', { label: data.label })}
        </h1>
        {data.description !== '' && <p className="mt-2 text-sm text-fg-muted">{data.description}</p>}
      </div>
      <AttributeFields
        fields={fields}
        values={values}
        errors={errors}
        onChange={(k, v) => setValues({ ...values, [k]: v })}
      />
      {(completed || data.completed) && (
        <p role="status" className="text-sm text-success">
          {t('customFlow.completed')}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {clientId !== undefined && (completed || data.completed) && (
          <UiLink href={links.flowsAuth({ clientId })} className={buttonClasses('secondary')}>
            {t('customFlow.backToApp')}
          </UiLink>
        )}
        <Button type="submit" busy={saving}>
          {t('customFlow.submit')}
        </Button>
      </div>
    </form>
  );
}

function toField(a: {
  key: string;
  label: string;
  dataType: string;
  required: boolean;
  editable: boolean;
  value: string | null;
}): AttributeFieldModel {
  return {
    key: a.key,
    label: a.label,
    dataType: a.dataType,
    required: a.required,
    editable: a.editable,
    value: a.value,
  };
}
