// What the application dropdown's button shows: the same before its menu code has loaded
// (the placeholder) and after (Headless UI's MenuButton), so the swap does not move anything.
import { ChevronUpDownIcon } from '@heroicons/react/20/solid';
import { useUiText } from '../i18n/ui-text.tsx';

export interface ApplicationLink {
  readonly id: string;
  readonly label: string;
  /** `/admin/{application}` */
  readonly href: string;
}

export interface ApplicationMenuProps {
  readonly applications: readonly ApplicationLink[];
  /** The application open now; none (`undefined`) when no application is chosen. */
  readonly currentId?: string | undefined;
  /** Called after an application was chosen (e.g. to close the mobile sidebar). */
  readonly onNavigate?: () => void;
}

export const applicationMenuButtonClasses =
  'flex w-full items-center justify-between gap-2 rounded-lg border border-line-strong bg-surface px-3 py-2 text-start text-sm text-fg hover:bg-surface-muted';

export function ApplicationMenuLabel({ current }: { readonly current: ApplicationLink | undefined }) {
  const t = useUiText();
  return (
    <>
      <span className="min-w-0">
        <span className="block text-xs text-fg-muted">{t('nav.application')}</span>
        <span className="block truncate font-medium">{current?.label ?? t('nav.chooseApplication')}</span>
      </span>
      <ChevronUpDownIcon aria-hidden="true" className="size-5 shrink-0 text-fg-muted" />
    </>
  );
}
