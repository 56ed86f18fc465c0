// The colour scheme the user chose (issue #20.6): light, dark, or the system's. Kept in a
// cookie on the device, so the portal server writes it into the page's <html> and the first
// paint is already in the right colours.

export const themes = ['system', 'light', 'dark'] as const;
export type Theme = (typeof themes)[number];

/** The cookie that keeps the choice (absent: the system's). */
export const themeCookieKey = 'hk-theme';

/** A theme from an untrusted value; anything else is the system's. */
export function toTheme(value: unknown): Theme {
  return themes.find((theme) => theme === value) ?? 'system';
}

/** The `data-theme` attribute of <html> for a theme (none for the system's). */
export function themeAttribute(theme: Theme): 'light' | 'dark' | undefined {
  return theme === 'system' ? undefined : theme;
}
