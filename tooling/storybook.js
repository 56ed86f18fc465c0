// What packages/ui's Storybook (the components) and apps/portal's (the screens) share: where
// the stories are and which addons run them (.storybook/main.ts), the toolbar's language and
// colour scheme and the viewports (.storybook/preview.tsx).

/** main.ts without its Vite changes: every src/**\/*.stories.tsx, tested (vitest) and checked by axe. */
export const storybookMain = {
  stories: ['../src/**/*.stories.tsx'],
  addons: ['@storybook/addon-vitest', '@storybook/addon-a11y'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
};

/** The toolbar's globals: the interface language (one of `languages`, German first) and the colour scheme. */
export function storyGlobals(languages) {
  return {
    globalTypes: {
      locale: {
        description: 'Interface language',
        toolbar: { icon: 'globe', items: [...languages], dynamicTitle: true },
      },
      theme: {
        description: 'Colour scheme',
        toolbar: { icon: 'mirror', items: ['system', 'light', 'dark'], dynamicTitle: true },
      },
    },
    initialGlobals: { locale: 'de', theme: 'system' },
  };
}

/** The viewports a story can be looked at in: two phones (the small one, and the walk's 390×844, #30.11), a tablet and a wide screen. */
export const storyViewports = {
  options: {
    phone: { name: 'Phone 360', styles: { width: '360px', height: '740px' }, type: 'mobile' },
    phone390: { name: 'Phone 390', styles: { width: '390px', height: '844px' }, type: 'mobile' },
    tablet: { name: 'Tablet 768', styles: { width: '768px', height: '1024px' }, type: 'tablet' },
    wide: { name: 'Wide 1440', styles: { width: '1440px', height: '900px' }, type: 'desktop' },
  },
};
