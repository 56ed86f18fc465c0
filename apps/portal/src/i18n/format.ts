// Dates and numbers in the page's language (Intl). Apart from the i18next set-up: only pages
// format, and the first route does not carry it (ADR 0007).
import { isLanguage, languageTags } from './languages.ts';

/** Intl formatters for the current language. */
export function formatDate(
  language: string,
  value: string | Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
): string {
  const tag = isLanguage(language) ? languageTags[language] : 'de-DE';
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(tag, options).format(date);
}

export function formatNumber(language: string, value: number): string {
  const tag = isLanguage(language) ? languageTags[language] : 'de-DE';
  return new Intl.NumberFormat(tag).format(value);
}
