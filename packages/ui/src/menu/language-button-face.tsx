import { LanguageIcon } from '@heroicons/react/20/solid';
import { useUiText } from '../i18n/ui-text.tsx';

/** The look of a top-bar menu's button (the language menu's; the portal's placeholder until the menus load). */
export const menuButtonClasses =
  'flex h-9 items-center gap-1 rounded-lg px-2 text-sm font-medium text-fg hover:bg-surface-muted';

export interface LanguageButtonFaceProps {
  /** The current language's own name ("Deutsch"). */
  readonly title: string;
  /** Its code (`de`), shown on a phone. */
  readonly code: string;
}

/**
 * What the language menu's button shows: the icon, the current language's name (its code on a
 * phone); also the portal's placeholder until the menu's chunk is there (light: no Headless UI).
 */
export function LanguageButtonFace({ title, code }: LanguageButtonFaceProps) {
  const t = useUiText();
  return (
    <>
      <LanguageIcon aria-hidden="true" className="size-5 text-fg-muted" />
      <span className="sr-only">{t('language.label')}</span>
      <span className="hidden sm:inline">{title}</span>
      <span className="uppercase sm:hidden">{code}</span>
    </>
  );
}
