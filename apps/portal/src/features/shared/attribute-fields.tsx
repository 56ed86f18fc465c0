// Attribute values as form fields (settings, the gate's missing attributes, custom flows):
// editable ones by data type, the others read-only with 'Dieses Feld kann nicht bearbeitet werden'
// (two or more read-only ones say it once, in a ReadOnlyGroup, #17.19).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateAttributeValue, type ValidationResult } from '@portal/core';
import { ReadOnlyField, ReadOnlyGroup, Select, TextField } from '@portal/ui';

export interface AttributeFieldModel {
  readonly key: string;
  readonly label: string;
  /** One of core's `AttributeDataType`s; one the portal does not know is edited as text. */
  readonly dataType: string;
  readonly required: boolean;
  /** The one answer a Yes/No attribute accepts (#30.1): 'true' or 'false'; null or absent: any. */
  readonly requiredValue?: string | null | undefined;
  readonly editable: boolean;
  readonly value: string | null;
}

export type AttributeValues = Readonly<Record<string, string>>;

export function initialValues(fields: readonly AttributeFieldModel[]): AttributeValues {
  return Object.fromEntries(fields.map((field) => [field.key, field.value ?? '']));
}

/** Check one value by core's rules: required, its data type, a Yes/No attribute's required answer. */
export function validateAttribute(field: AttributeFieldModel, value: string): ValidationResult {
  return field.editable ? validateAttributeValue(field, value) : undefined;
}

export function validateAll(
  fields: readonly AttributeFieldModel[],
  values: AttributeValues,
): Readonly<Record<string, ValidationResult>> {
  const result: Record<string, ValidationResult> = {};
  for (const field of fields) {
    const issue = validateAttribute(field, values[field.key] ?? '');
    if (issue !== undefined) result[field.key] = issue;
  }
  return result;
}

/** What a form sends of its editable fields: each value trimmed, an empty one cleared (null). */
export function sentValues(
  fields: readonly AttributeFieldModel[],
  values: AttributeValues,
): { readonly key: string; readonly value: string | null }[] {
  return fields
    .filter((field) => field.editable)
    .map((field) => {
      const value = (values[field.key] ?? '').trim();
      return { key: field.key, value: value === '' ? null : value };
    });
}

export interface AttributeFieldsProps {
  readonly fields: readonly AttributeFieldModel[];
  readonly values: AttributeValues;
  readonly onChange: (key: string, value: string) => void;
  /** Messages by attribute key (already translated), e.g. from the server. */
  readonly errors: Readonly<Record<string, string>>;
}

export function AttributeFields({ fields, values, onChange, errors }: AttributeFieldsProps) {
  const { t } = useTranslation('settings');
  const grid = (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {fields.map((field) => {
        const value = values[field.key] ?? '';
        const error = errors[field.key];
        if (!field.editable) {
          const shown =
            field.dataType === 'BOOLEAN'
              ? value === 'true'
                ? t('applications.yes')
                : value === 'false'
                  ? t('applications.no')
                  : ''
              : value;
          return <ReadOnlyField key={field.key} id={`attr-${field.key}`} label={field.label} value={shown} />;
        }
        const common = {
          id: `attr-${field.key}`,
          // Posted by name where the form works without JavaScript (the gate's, #28.10).
          name: field.key,
          label: field.label,
          required: field.required,
          ...(error === undefined ? {} : { error }),
        };
        if (field.dataType === 'BOOLEAN') {
          // A required answer (#30.1) is said before the user answers, not only when the other one is refused.
          const only =
            field.requiredValue === 'true'
              ? t('applications.onlyYes')
              : field.requiredValue === 'false'
                ? t('applications.onlyNo')
                : undefined;
          return (
            <Select
              key={field.key}
              {...common}
              {...(only === undefined ? {} : { help: only })}
              value={value}
              placeholder={t('applications.notSet')}
              options={[
                { value: 'true', label: t('applications.yes') },
                { value: 'false', label: t('applications.no') },
              ]}
              onChange={(event) => onChange(field.key, event.target.value)}
            />
          );
        }
        const type =
          field.dataType === 'DATE'
            ? 'date'
            : field.dataType === 'EMAIL'
              ? 'email'
              : field.dataType === 'URL'
                ? 'url'
                : 'text';
        return (
          <TextField
            key={field.key}
            {...common}
            type={type}
            inputMode={field.dataType === 'NUMBER' ? 'decimal' : undefined}
            value={value}
            onChange={(event) => onChange(field.key, event.target.value)}
          />
        );
      })}
    </div>
  );
  return fields.filter((field) => !field.editable).length > 1 ? <ReadOnlyGroup>{grid}</ReadOnlyGroup> : grid;
}

/** Translate a core validation issue through the ui namespace's `validations.*` keys. */
export function useIssueText(): (issue: ValidationResult) => string | undefined {
  const { t } = useTranslation('ui');
  return (issue) =>
    issue === undefined ? undefined : t(issue.code as 'validations.required', { ...(issue.params ?? {}) });
}

/**
 * A form over attributes that load (a custom flow, my application's attributes): its values
 * (none until the attributes are there, then the stored ones, then what the user types) and the
 * messages beside its fields.
 */
export function useAttributeForm(loaded: {
  readonly status: 'loading' | 'ready' | 'failed';
  readonly data?: { readonly attributes: readonly AttributeFieldModel[] };
}) {
  const issueTexts = useIssueTexts();
  const [values, setValues] = useState<AttributeValues | undefined>();
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const { status, data } = loaded;
  useEffect(() => {
    if (status === 'ready' && data !== undefined) setValues((current) => current ?? initialValues(data.attributes));
  }, [status, data]);
  return {
    values,
    errors,
    setErrors,
    change: (key: string, value: string) => setValues({ ...values, [key]: value }),
    /** Checks the values by core's rules: what to send, or nothing (each message beside its field). */
    check(fields: readonly AttributeFieldModel[]) {
      const local = issueTexts(validateAll(fields, values ?? {}));
      setErrors(local);
      return Object.keys(local).length > 0 ? undefined : sentValues(fields, values ?? {});
    },
    /** After a save: the stored values are the saved ones. */
    saved(attributes: readonly AttributeFieldModel[]) {
      setValues(initialValues(attributes));
    },
  };
}

/** Translate core's issues by field (`validateAll`'s): the messages by the same keys. */
export function useIssueTexts(): (issues: Readonly<Record<string, ValidationResult>>) => Record<string, string> {
  const issueText = useIssueText();
  return (issues) => {
    const texts: Record<string, string> = {};
    for (const [key, issue] of Object.entries(issues)) {
      const text = issueText(issue);
      if (text !== undefined) texts[key] = text;
    }
    return texts;
  };
}
