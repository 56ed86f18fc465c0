import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import { pageErrorStatus } from '@portal/core';
import { useUiText } from '../i18n/ui-text.tsx';
import { UiLink } from '../i18n/link.tsx';
import { buttonClasses } from '../button/button-classes.ts';

export interface ErrorPageProps {
  /** Any status: 400, 401, 403, 404 and 500 are shown as they are, others as 500 (spec §8). */
  readonly code: number;
  /** The status's title (core's `titleKey`, translated by the portal), under the heading. */
  readonly title?: string;
  /** The description (core's `descriptionKey`, translated); ui's text for the status without it. */
  readonly description?: string;
  /** Plain text from the server or identity provider: shown only when given. */
  readonly message?: string;
  /** Further plain-text messages (the server's `errors[]`, spec §8): a list under the message. */
  readonly details?: readonly string[];
  /** Shows the back-to-home button (only when signed in, spec §2). */
  readonly signedIn: boolean;
  readonly homeHref?: string;
}

/** "Fehler {code}", a description, and a way home for signed-in users. */
export function ErrorPage({ code, title, description, message, details, signedIn, homeHref = '/' }: ErrorPageProps) {
  const t = useUiText();
  const status = pageErrorStatus(code);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <ExclamationTriangleIcon aria-hidden="true" className="size-12 text-danger" />
      <h1 className="text-3xl font-semibold text-fg">{t('errorPage.title', { code: status })}</h1>
      {title !== undefined && <p className="text-xl font-medium text-fg">{title}</p>}
      <p className="text-base text-fg-muted">{description ?? t(`errorPage.${status}`)}</p>
      {message !== undefined && (
        <p className="max-w-full rounded-lg bg-surface-muted px-4 py-2 text-sm break-words text-fg">{message}</p>
      )}
      {details !== undefined && details.length > 0 && (
        <ul className="flex max-w-full flex-col gap-1 rounded-lg bg-surface-muted px-4 py-2 text-start text-sm break-words text-fg">
          {details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      )}
      {signedIn && (
        <UiLink href={homeHref} className={buttonClasses('primary')}>
          {t('errorPage.backHome')}
        </UiLink>
      )}
    </div>
  );
}
