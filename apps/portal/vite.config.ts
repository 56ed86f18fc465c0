import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { apiProxy } from './runtime-config.ts';

const env = process.env;

/**
 * The small modules the home page shares with other routes (data loader, skeleton, the
 * launcher's icon, the `Section` of the launcher, the notifications and the other pages, the
 * row of a notice the page shares with its notifications, the reads and changes of the
 * application list's cache): one chunk beside the page instead of
 * one request of 1–3 KB each. The page itself stays a chunk of its own (the manifest keeps it
 * as the route's dynamic entry).
 */
export function isHomeSharedModule(id: string): boolean {
  return (
    /[\\/]apps[\\/]portal[\\/]src[\\/]app[\\/]use-load\.ts$/.test(id) ||
    /[\\/]packages[\\/]ui[\\/]src[\\/]skeleton[\\/]skeleton\.tsx$/.test(id) ||
    /[\\/]packages[\\/]ui[\\/]src[\\/]section[\\/]section\.tsx$/.test(id) ||
    /[\\/]apps[\\/]portal[\\/]src[\\/]features[\\/]home[\\/]notice-item\.tsx$/.test(id) ||
    /[\\/]apps[\\/]portal[\\/]src[\\/]features[\\/]shared[\\/]my-apps\.ts$/.test(id) ||
    /[\\/]@heroicons[\\/]react[\\/].*[\\/]Squares2X2Icon\.js$/.test(id)
  );
}

/**
 * The home route (`/`, where a signed-in user lands) as `modulepreload` links in index.html:
 * its page chunk and the chunks it imports download beside the entry instead of after the
 * entry has run (one round trip less on the first view; about 5 KB for other first routes,
 * which prefetch it when idle anyway).
 */
export function preloadHomeRoute(pageModule = /[\\/]src[\\/]features[\\/]home[\\/]home-page\.tsx$/): Plugin {
  return {
    name: 'portal-preload-home-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter((file) => file.type === 'chunk');
        const page = chunks.find((chunk) => chunk.facadeModuleId !== null && pageModule.test(chunk.facadeModuleId));
        if (page === undefined) throw new Error('preloadHomeRoute: the home page chunk is missing from the bundle');
        const entries = new Set(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
        const files = [page.fileName, ...page.imports.filter((file) => !entries.has(file))];
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * The server bundle (`vite build --ssr`, issue #16): the first view's renderer for the portal
 * server, everything bundled in (the server needs none of the portal's packages), beside and
 * not inside the served dist/.
 */
const ssrBuild: UserConfig = {
  ssr: { noExternal: true },
  publicDir: false,
  build: { target: 'node22', outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false },
};

/** React's own useSyncExternalStore for wouter, instead of the shim for React before 18. */
const resolve: UserConfig['resolve'] = {
  alias: [
    {
      find: /^use-sync-external-store\/shim(\/index\.js)?$/,
      replacement: fileURLToPath(new URL('./src/platform/use-sync-external-store.ts', import.meta.url)),
    },
  ],
};

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild === true
    ? { plugins: [react()], resolve, ...ssrBuild }
    : {
        plugins: [react(), tailwindcss(), preloadHomeRoute()],
        resolve,
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
            // The home route (the first view of a signed-in user) is its page plus one chunk of
            // the small modules it shares with other routes (before: five requests of 1–3 KB).
            output: {
              codeSplitting: {
                groups: [
                  { name: 'app', tags: ['$initial'], priority: 2 },
                  { name: 'home-shared', test: isHomeSharedModule, priority: 1 },
                ],
              },
            },
          },
        },
        // `vite dev` only: `/api/*` → the API at API_URL, without a session (the portal server
        // serves the signed-in portal; see runtime-config.ts).
        server: { port: Number(env.PORTAL_PORT ?? 5173), strictPort: true, proxy: apiProxy(env) },
      },
);
