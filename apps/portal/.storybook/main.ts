import type { StorybookConfig } from '@storybook/react-vite';
import tailwindcss from '@tailwindcss/vite';
import { storybookMain } from '@portal/tooling/storybook';
import { fileURLToPath } from 'node:url';

// The portal's screens (its pages in the whole app, on in-memory ports): see screen.tsx.
// Not built as a static Storybook (packages/ui's is the published one); run as tests
// (vitest.config.ts, projects `storybook` and `storybook-dark`) and by `pnpm storybook`.
const config: StorybookConfig = {
  ...storybookMain,
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import('vite');
    return mergeConfig(viteConfig, {
      plugins: [tailwindcss()],
      // As vite.config.ts: React's own useSyncExternalStore for wouter.
      resolve: {
        alias: [
          {
            find: /^use-sync-external-store\/shim(\/index\.js)?$/,
            replacement: fileURLToPath(new URL('../src/platform/use-sync-external-store.ts', import.meta.url)),
          },
        ],
      },
    });
  },
};

export default config;
