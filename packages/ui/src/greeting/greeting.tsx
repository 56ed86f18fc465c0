import type { Greeting as GreetingCode } from '@portal/core';
import { useUiText } from '../i18n/ui-text.tsx';

export type { GreetingCode };

export interface GreetingProps {
  /** From core's `greeting(hour)`, computed by the caller from its clock. */
  readonly code: GreetingCode;
  /** The user's full name; the greeting stands alone without it. */
  readonly name?: string;
  /** A line under the greeting (e.g. "Meine Apps"), already translated. */
  readonly subtitle?: string;
}

/** The home page header: "Guten Morgen, Anna Schmidt". */
export function Greeting({ code, name, subtitle }: GreetingProps) {
  const t = useUiText();
  const greeting = t(`greeting.${code}`);
  const trimmed = name?.trim() ?? '';
  return (
    <header className="flex flex-col gap-1">
      <h1 className="text-2xl font-semibold text-fg sm:text-3xl">
        {trimmed === '' ? greeting : t('greeting.withName', { greeting, name: trimmed })}
      </h1>
      {subtitle !== undefined && <p className="text-base text-fg-muted">{subtitle}</p>}
    </header>
  );
}
