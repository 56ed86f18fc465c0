// The colour scheme of this device (issue #20.6): chosen in the user menu, kept in a cookie;
// the portal server writes it into the page's <html data-theme>, so the first paint is already
// right; a change here applies at once.
import { useCallback, useState } from 'react';
import { themeAttribute, type Theme } from '@portal/core';
import { useServices } from './contexts.tsx';

export function useTheme(): { readonly theme: Theme; readonly setTheme: (theme: Theme) => void } {
  const { themeStore } = useServices();
  const [theme, setState] = useState<Theme>(() => themeStore.read());
  const setTheme = useCallback(
    (next: Theme) => {
      themeStore.write(next);
      const attribute = themeAttribute(next);
      if (attribute === undefined) delete document.documentElement.dataset.theme;
      else document.documentElement.dataset.theme = attribute;
      setState(next);
    },
    [themeStore],
  );
  return { theme, setTheme };
}
