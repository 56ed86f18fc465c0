import type { Greeting as GreetingCode } from '@portal/core';
import { useUiText, type UiT } from '../i18n/ui-text.tsx';

export type { GreetingCode };

export interface GreetingProps {
  /** From core's `greeting(hour)`, computed by the caller from its clock. */
  readonly code: GreetingCode;
  /** The user's full name; the greeting stands alone without it. */
  readonly name?: string;
  /** A line under the greeting (e.g. "Meine Apps"), already translated. */
  readonly subtitle?: string | undefined;
}

/** The heading's text: "Guten Morgen, Anna Schmidt", or the greeting alone without a name. */
export function greetingText(t: UiT, code: GreetingCode, name?: string): string {
  const greeting = t(`greeting.${code}`);
  const trimmed = name?.trim() ?? '';
  return trimmed === '' ? greeting : t('greeting.withName', { greeting, name: trimmed });
}

/**
 * The home page header: "Guten Morgen, Anna Schmidt". `data-greeting` marks the heading whose
 * text a page rendered on the server sets to the browser's time of day before it paints (#16).
 */
export function Greeting({ code, name, subtitle }: GreetingProps) {
  const t = useUiText();
  return (
    <header className="flex flex-col gap-1">
      <h1 data-greeting="" className="text-2xl font-semibold text-fg sm:text-3xl">
        {greetingText(t, code, name)}
      </h1>
      {subtitle !== undefined && <p className="text-base text-fg-muted">{subtitle}</p>}
    </header>
  );
}
