// The admin console's typed translations (namespace 'admin', German source in
// locales/de/admin.json). The shell's i18next types do not list 'admin', so the keys are
// typed here from the German file.
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type admin from '../../../locales/de/admin.json';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of admin.json (plural forms without their suffix). */
export type AdminKey =
  Leaves<typeof admin> extends infer K ? (K extends `${infer B}_${'one' | 'other'}` ? B : K) : never;
export type AdminVars = Readonly<Record<string, string | number>>;
export type AdminT = (key: AdminKey, vars?: AdminVars) => string;

type LooseT = (key: string, options?: object) => string;

/** `t` of the admin namespace (suspends until the namespace is loaded). */
export function useAdminT(): AdminT {
  const { t } = useTranslation('admin' as 'common');
  const loose = t as unknown as LooseT;
  return useCallback((key: AdminKey, vars?: AdminVars) => loose(key, vars ?? {}), [loose]);
}

/** `t` of the ui namespace, for the shared validation messages (validations.*). */
export function useUiT(): (key: string, vars?: AdminVars) => string {
  const { t } = useTranslation('ui');
  const loose = t as unknown as LooseT;
  return useCallback((key: string, vars?: AdminVars) => loose(key, vars ?? {}), [loose]);
}

/** Dates and times in the current language. */
export function useFormatDate(): (value: string | null | undefined, withTime?: boolean) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  // Two formatters per language, not one per cell (a table shows 50 dates).
  const formats = useMemo(
    () => ({
      date: new Intl.DateTimeFormat(language, { dateStyle: 'medium' }),
      dateTime: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
    }),
    [language],
  );
  return useCallback(
    (value, withTime = true) => {
      if (value === null || value === undefined || value === '') return '';
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) return '';
      return (withTime ? formats.dateTime : formats.date).format(date);
    },
    [formats],
  );
}
