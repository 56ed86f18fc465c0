// The application's access-request rules (#19, #30.2): who may request, whether a request needs a
// justification, time-bound access and its longest days, which linked account-access groups a
// request may name, and which attributes it asks as questions (the links' required flag: a
// required attribute the user may edit is asked in the request, as the contract defines them).
import type { ReactNode } from 'react';
import { Checkbox, Select, TextField } from '@portal/ui';
import { useLabels } from '../admin-context.tsx';
import { EntitySwitch } from '../components/detail-page/fields.tsx';
import type { EntityForm } from '../components/detail-page/spec.ts';
import { requestJustifications, type ApplicationValues, type RequestJustification } from '../lib/application-form.ts';

type Of = EntityForm<'applications', ApplicationValues>;

/** A list of checkboxes in its own group (a legend, a help line, the empty text when there is nothing to tick). */
function CheckGroup({
  legend,
  help,
  empty,
  children,
}: {
  readonly legend: string;
  readonly help: string;
  readonly empty: string | undefined;
  readonly children: ReactNode;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-fg">{legend}</legend>
      <p className="text-sm text-fg-muted">{help}</p>
      {empty === undefined ? children : <p className="text-sm text-fg-muted">{empty}</p>}
    </fieldset>
  );
}

export function AccessRequestRules({ of, requestable }: { readonly of: Of; readonly requestable: boolean }) {
  const { t, form, values, errors, errorText, writable } = of;
  const accessLabels = useLabels('accountAccesses');
  const attributeLabels = useLabels('attributes');
  const toggleRequestable = (id: string, on: boolean) =>
    form.update(
      (v) => ({
        ...v,
        requestableAccountAccessIds: on
          ? [...v.requestableAccountAccessIds.filter((x) => x !== id), id]
          : v.requestableAccountAccessIds.filter((x) => x !== id),
      }),
      'requestableAccountAccessIds',
    );
  const askInRequest = (attributeId: string, on: boolean) =>
    form.update(
      (v) => ({
        ...v,
        attributes: v.attributes.map((link) => (link.attributeId === attributeId ? { ...link, required: on } : link)),
      }),
      'attributes',
    );
  const disabled = !writable || !requestable;
  return (
    <div className="flex flex-col gap-5 border-t border-line pt-4">
      <h3 className="text-sm font-semibold text-fg">{t('applications.requestRules.title')}</h3>
      {!requestable && <p className="text-sm text-fg-muted">{t('applications.requestRules.notRequestable')}</p>}
      <Select
        label={t('applications.fields.requestJustification')}
        help={t('applications.help.requestJustification')}
        value={values.requestJustification}
        disabled={disabled}
        options={requestJustifications.map((value) => ({
          value,
          label: t(`applications.requestJustifications.${value}`),
        }))}
        onChange={(e) => form.set('requestJustification', e.target.value as RequestJustification)}
        error={errorText(errors.requestJustification)}
      />
      <EntitySwitch of={of} field="timeBoundAccess" help />
      {values.timeBoundAccess && (
        <TextField
          label={t('applications.fields.maxAccessDays')}
          help={t('applications.help.maxAccessDays')}
          inputMode="numeric"
          value={values.maxDays}
          disabled={!writable}
          onChange={(e) => form.update((v) => ({ ...v, maxDays: e.target.value }), 'maxAccessDays')}
          error={errorText(errors.maxAccessDays)}
        />
      )}
      <CheckGroup
        legend={t('applications.fields.requestableAccountAccesses')}
        help={t('applications.help.requestableAccountAccesses')}
        empty={values.accountAccessIds.length === 0 ? t('applications.requestRules.noAccountAccesses') : undefined}
      >
        {values.accountAccessIds.map((id) => (
          <Checkbox
            key={id}
            label={accessLabels.get(id) ?? id}
            checked={values.requestableAccountAccessIds.includes(id)}
            disabled={disabled}
            onChange={(e) => toggleRequestable(id, e.target.checked)}
          />
        ))}
      </CheckGroup>
      {errors.requestableAccountAccessIds !== undefined && (
        <p className="text-sm text-danger">{errorText(errors.requestableAccountAccessIds)}</p>
      )}
      <CheckGroup
        legend={t('applications.fields.questions')}
        help={t('applications.help.questions')}
        empty={values.attributes.length === 0 ? t('applications.requestRules.noAttributes') : undefined}
      >
        {values.attributes.map((link) => (
          <Checkbox
            key={link.attributeId}
            label={attributeLabels.get(link.attributeId) ?? link.attributeId}
            checked={link.required}
            disabled={!writable}
            onChange={(e) => askInRequest(link.attributeId, e.target.checked)}
          />
        ))}
      </CheckGroup>
    </div>
  );
}
