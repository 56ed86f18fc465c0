import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { runtimeConfigFromEnv, runtimeConfigPlugin, securityHeaders } from './runtime-config.ts';

const env = process.env;
const config = runtimeConfigFromEnv(env);

export default defineConfig({
  plugins: [react(), tailwindcss(), runtimeConfigPlugin(env)],
  build: {
    target: 'es2022',
    manifest: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // core and adapters are side-effect free TypeScript modules reached through barrels;
      // without this, importing one export of a barrel keeps every module behind it
      // (e.g. oauth4webapi and jose in the first route).
      treeshake: { moduleSideEffects: (id: string) => !/\/packages\/(core|adapters|contract)\/src\//.test(id) },
      // Everything the entry needs in one chunk (first view: few requests), lazy routes apart.
      output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } },
    },
  },
  server: { port: Number(env.PORTAL_PORT ?? 5173), strictPort: true },
  preview: { port: Number(env.PORTAL_PORT ?? 5173), strictPort: true, headers: securityHeaders(config) },
});
