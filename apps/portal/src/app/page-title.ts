import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from './contexts.tsx';

/** The document title: the page's title with the brand as suffix. */
export function usePageTitle(title: string | undefined): void {
  const { t } = useTranslation('common');
  const { config } = useServices();
  useEffect(() => {
    document.title = title === undefined || title === '' ? config.brandName : t('pageTitle', { title, brand: config.brandName });
  }, [title, t, config.brandName]);
}
