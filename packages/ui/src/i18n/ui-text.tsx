import { createContext, useContext, type ReactNode } from 'react';

/** Values interpolated into a message: `{name}` in the text is replaced by `vars.name`. */
export type UiTextVars = Readonly<Record<string, string | number>>;

/**
 * The translate function the ui package calls. Keys are those of `locales/de/ui.json`
 * (dotted paths, e.g. `pagination.range`); in the portal this is i18next's `t` bound to
 * the `ui` namespace.
 */
export type UiT = (key: string, vars?: UiTextVars) => string;

const fallbackT: UiT = (key) => key;

const UiTextContext = createContext<UiT>(fallbackT);

export interface UiTextProviderProps {
  readonly t: UiT;
  readonly children?: ReactNode;
}

/** Gives every ui component its translate function. */
export function UiTextProvider({ t, children }: UiTextProviderProps) {
  return <UiTextContext value={t}>{children}</UiTextContext>;
}

/** The translate function of the nearest `UiTextProvider` (the key itself without one). */
export function useUiText(): UiT {
  return useContext(UiTextContext);
}
