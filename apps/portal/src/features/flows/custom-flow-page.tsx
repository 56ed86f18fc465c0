// /flows/{key}: a custom flow (its attributes with the user's values); afterwards back to
// the gate of the application that sent the user here.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearch } from 'wouter';
import { buttonClasses, Skeleton, UiLink } from '@portal/ui';
import { useServices, useToasts } from '../../app/contexts.tsx';
import { useServerData } from '../../app/server-data.ts';
import { clientIdOf } from '../../app/external-app.tsx';
import { ErrorView, ErrorViewFor } from '../../app/error-view.tsx';
import { links } from '../../routes.ts';
import { AttributeFields, useAttributeForm } from '../shared/attribute-fields.tsx';
import { saveFailure } from '../shared/form-errors.ts';
import { FlowForm } from './flow-form.tsx';

export default function CustomFlowPage() {
  const { key } = useParams<{ key?: string }>();
  if (key === undefined || key === '') return <ErrorView error={{ kind: 'page', status: 404 }} />;
  return <CustomFlow key={key} flowKey={decodeURIComponent(key)} />;
}

function CustomFlow({ flowKey }: { readonly flowKey: string }) {
  const { t } = useTranslation('flows');
  const { api } = useServices();
  const toasts = useToasts();
  const clientId = clientIdOf(useSearch());
  const [, navigate] = useLocation();
  const flow = useServerData(['flows', 'customFlow', flowKey], () => api.getCustomFlow(flowKey));
  const form = useAttributeForm(flow);
  const [saving, setSaving] = useState(false);
  const [completed, setCompleted] = useState(false);
  if (flow.status === 'failed' && flow.data === undefined) return <ErrorViewFor error={flow.error} />;
  if (flow.data === undefined || form.values === undefined)
    return flow.showSkeleton ? <Skeleton shape="block" className="h-48 w-full" /> : null;
  const data = flow.data;
  const fields = data.attributes;
  const submit = async () => {
    const input = form.check(fields);
    if (input === undefined) return;
    setSaving(true);
    try {
      const updated = await api.submitCustomFlow(flowKey, input);
      if (updated.completed && clientId !== undefined) {
        navigate(links.flowsAuth({ clientId }), { replace: true });
        return;
      }
      form.saved(updated.attributes);
      setCompleted(updated.completed);
    } catch (error) {
      const keyOf = (path: string) => fields.find((f) => path === f.key || path.endsWith(`.${f.key}`))?.key;
      const why = saveFailure(error, (path) => keyOf(path) !== undefined);
      form.setErrors(
        Object.fromEntries(Object.entries(why.fields).map(([path, message]) => [keyOf(path) ?? path, message])),
      );
      // The toast: the server's messages that no field shows (#17.3).
      toasts.error(why.error, (path) => keyOf(path) !== undefined);
    } finally {
      setSaving(false);
    }
  };
  return (
    <FlowForm
      headingId="flow-heading"
      heading={t('customFlow.heading', { label: data.label })}
      intro={data.description}
      submit={{ label: t('customFlow.submit'), busy: saving }}
      onSubmit={() => void submit()}
      actions={
        clientId !== undefined &&
        (completed || data.completed) && (
          <UiLink href={links.flowsAuth({ clientId })} className={buttonClasses('secondary')}>
            {t('customFlow.backToApp')}
          </UiLink>
        )
      }
    >
      <AttributeFields fields={fields} values={form.values} errors={form.errors} onChange={form.change} />
      {(completed || data.completed) && (
        <p role="status" className="text-sm text-success">
          {t('customFlow.completed')}
        </p>
      )}
    </FlowForm>
  );
}
