import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import { useUiText } from '../i18n/ui-text.tsx';
import { UiLink } from '../i18n/link.tsx';
import { buttonClasses } from '../button/button.tsx';

/** The page error codes with their own description (spec §8); others fall back to 500. */
export const errorPageCodes = [400, 401, 403, 404, 500] as const;
export type ErrorPageCode = (typeof errorPageCodes)[number];

/** The code shown for any status: known codes as they are, everything else as 500. */
export function errorPageCode(code: number): ErrorPageCode {
  return (errorPageCodes as readonly number[]).includes(code) ? (code as ErrorPageCode) : 500;
}

export interface ErrorPageProps {
  readonly code: number;
  /** The server's or identity provider's message; the code's description without it. */
  readonly message?: string;
  /** Shows the back-to-home button (only when signed in, spec §2). */
  readonly signedIn: boolean;
  readonly homeHref?: string;
}

/** "Fehler {code}", a description, and a way home for signed-in users. */
export function ErrorPage({ code, message, signedIn, homeHref = '/' }: ErrorPageProps) {
  const t = useUiText();
  const shown = errorPageCode(code);
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <ExclamationTriangleIcon aria-hidden="true" className="size-12 text-danger" />
      <h1 className="text-3xl font-semibold text-fg">{t('errorPage.title', { code: shown })}</h1>
      <p className="text-base text-fg-muted">{message ?? t(`errorPage.${shown}`)}</p>
      {signedIn && <UiLink href={homeHref} className={buttonClasses('primary')}>{t('errorPage.backHome')}</UiLink>}
    </main>
  );
}
