import { useUiText } from '../i18n/ui-text.tsx';
import { UiLink } from '../i18n/link.tsx';

export interface FooterProps {
  readonly year: number;
  readonly companyName: string;
  /** Shows the development badge. */
  readonly development?: boolean;
  readonly privacyHref: string;
  readonly imprintHref: string;
}

const linkClasses = 'rounded-sm text-fg-muted underline-offset-4 hover:text-fg hover:underline';

/** Year and company, a dev badge in development, links to data privacy and imprint. */
export function Footer({ year, companyName, development = false, privacyHref, imprintHref }: FooterProps) {
  const t = useUiText();
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 text-sm text-fg-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="flex items-center gap-2">
          <span>{t('footer.copyright', { year, company: companyName })}</span>
          {development && (
            <abbr
              title={t('footer.dev')}
              className="rounded-md bg-warning-soft px-1.5 py-0.5 text-xs font-semibold text-on-warning-soft no-underline"
            >
              {t('common.devBadge')}
            </abbr>
          )}
        </p>
        <nav aria-label={t('footer.links')}>
          <ul className="flex flex-wrap gap-4">
            <li>
              <UiLink href={privacyHref} className={linkClasses}>
                {t('footer.privacy')}
              </UiLink>
            </li>
            <li>
              <UiLink href={imprintHref} className={linkClasses}>
                {t('footer.imprint')}
              </UiLink>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
