import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile, ProfileInput } from '@portal/adapters';
import { ReadOnlyField, Select, Skeleton, TextField } from '@portal/ui';
import { useServices } from '../../app/contexts.tsx';
import { useServerData } from '../../app/server-data.ts';
import { useLanguage } from '../../app/language.tsx';
import { ErrorViewFor } from '../../app/error-view.tsx';
import { formatDate } from '../../i18n/format.ts';
import { isLanguage, languages } from '../../i18n/languages.ts';
import { validateRequired } from '@portal/core';
import { useIssueText } from '../shared/attribute-fields.tsx';
import { saveFailure, type SaveFailure } from '../shared/form-errors.ts';
import { SaveFooter } from './save-failure-alert.tsx';

interface Draft {
  firstName: string;
  lastName: string;
  companyName: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  language: string;
}

function draftOf(profile: Profile): Draft {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    companyName: profile.companyName ?? '',
    street: profile.address?.street ?? '',
    postalCode: profile.address?.postalCode ?? '',
    city: profile.address?.city ?? '',
    country: profile.address?.country ?? '',
    language: profile.language,
  };
}

/** The required fields of the form (spec §5's required rule, on the trimmed value). */
const requiredFields = ['firstName', 'lastName'] as const;

/** The server field paths each field of the form shows beside it. */
const fieldPaths: Readonly<Record<keyof Draft, readonly string[]>> = {
  firstName: ['firstName'],
  lastName: ['lastName'],
  companyName: ['companyName'],
  street: ['address.street', 'address'],
  postalCode: ['address.postalCode'],
  city: ['address.city'],
  country: ['address.country'],
  language: ['language'],
};
const shownPaths = new Set(Object.values(fieldPaths).flat());

function inputOf(draft: Draft): ProfileInput {
  const address = {
    street: draft.street.trim(),
    postalCode: draft.postalCode.trim(),
    city: draft.city.trim(),
    country: draft.country.trim(),
  };
  const hasAddress = Object.values(address).some((v) => v !== '');
  return {
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    companyName: draft.companyName.trim() === '' ? null : draft.companyName.trim(),
    address: hasAddress ? address : null,
    language: isLanguage(draft.language) ? draft.language : 'de',
  };
}

export function PersonalTab() {
  const { t, i18n } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  const { api } = useServices();
  const issueText = useIssueText();
  const { setLanguage } = useLanguage();
  const profile = useServerData(['my', 'profile'], () => api.getProfile());
  const [draft, setDraft] = useState<Draft | undefined>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<SaveFailure | undefined>();
  const [missing, setMissing] = useState<Partial<Record<keyof Draft, string>>>({});
  const [saved, setSaved] = useState(false);
  const [savedLanguage, setSavedLanguage] = useState<string | undefined>();
  useEffect(() => {
    if (profile.status === 'ready') setDraft((current) => current ?? draftOf(profile.data));
  }, [profile.status, profile.data]);
  if (profile.status === 'failed' && draft === undefined) return <ErrorViewFor error={profile.error} />;
  if (draft === undefined || profile.data === undefined) {
    return profile.showSkeleton ? (
      <div className="flex flex-col gap-4">
        <Skeleton className="h-8 w-1/3" />
        <Skeleton className="h-24 w-full" shape="block" />
      </div>
    ) : null;
  }
  const data = profile.data;
  /** A field of the form by its name: its label, value and message (one: the form's own rule first, else the server's, spec §8). */
  const field = (name: keyof Draft) => ({
    name,
    label: t(`personal.${name}`),
    required: requiredFields.some((required) => required === name),
    value: draft[name],
    onChange: (event: { target: { value: string } }) => {
      setSaved(false);
      setDraft({ ...draft, [name]: event.target.value });
      if (missing[name] !== undefined) setMissing({ ...missing, [name]: undefined });
    },
    error: missing[name] ?? fieldPaths[name].map((p) => failure?.fields[p]).find((m) => m !== undefined),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    setSaved(false);
    const empty: Partial<Record<keyof Draft, string>> = {};
    for (const name of requiredFields) {
      const text = issueText(validateRequired(draft[name].trim()));
      if (text !== undefined) empty[name] = text;
    }
    setMissing(empty);
    const firstEmpty = requiredFields.find((name) => empty[name] !== undefined);
    if (firstEmpty !== undefined) {
      const control =
        event.currentTarget instanceof HTMLFormElement ? event.currentTarget.elements.namedItem(firstEmpty) : null;
      if (control instanceof HTMLInputElement) control.focus();
      return;
    }
    setSaving(true);
    try {
      const languageChanged = draft.language !== (savedLanguage ?? data.language);
      const updated = await api.updateProfile(inputOf(draft));
      setDraft(draftOf(updated));
      setSavedLanguage(updated.language);
      setSaved(true);
      // The interface follows the language only when the user changed it here.
      if (languageChanged && updated.language !== (i18n.resolvedLanguage ?? i18n.language))
        setLanguage(updated.language);
    } catch (error) {
      setFailure(saveFailure(error, (path) => shownPaths.has(path)));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="flex max-w-3xl flex-col gap-6"
      aria-labelledby="personal-heading"
    >
      <div>
        <h2 id="personal-heading" className="text-xl font-semibold text-fg">
          {t('personal.heading')}
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          {t('personal.memberSince', { date: formatDate(i18n.resolvedLanguage ?? i18n.language, data.createdAt) })}
        </p>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField autoComplete="given-name" {...field('firstName')} />
        <TextField autoComplete="family-name" {...field('lastName')} />
        <TextField autoComplete="organization" {...field('companyName')} />
        <ReadOnlyField label={t('personal.email')} value={data.email} />
      </div>
      <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-fg">{t('personal.address')}</legend>
        <div className="sm:col-span-2">
          <TextField autoComplete="street-address" {...field('street')} />
        </div>
        <TextField autoComplete="postal-code" {...field('postalCode')} />
        <TextField autoComplete="address-level2" {...field('city')} />
        <TextField autoComplete="country-name" {...field('country')} />
      </fieldset>
      <div className="max-w-xs">
        <Select
          options={languages.map((code) => ({ value: code, label: tc(`languages.${code}`) }))}
          {...field('language')}
        />
      </div>
      <SaveFooter failure={failure} saved={saved} saving={saving} />
    </form>
  );
}
