// The interface language: switched from the top bar, remembered in the i18n_redirected
// cookie, other languages loaded on demand.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { initialLanguage, isLanguage, type Language } from '../i18n/languages.ts';
import { useServices } from './contexts.tsx';

export function useLanguage(): { readonly language: Language; readonly setLanguage: (code: string) => void } {
  const { i18n } = useTranslation();
  const { ports } = useServices();
  const language = initialLanguage(i18n.resolvedLanguage ?? i18n.language);
  const setLanguage = useCallback(
    (code: string) => {
      if (!isLanguage(code)) return;
      ports.localeStore.write(code);
      void i18n.changeLanguage(code);
    },
    [i18n, ports],
  );
  return { language, setLanguage };
}
