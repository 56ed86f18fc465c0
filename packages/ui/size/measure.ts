// Prints the gzip size of what the first route takes from @portal/ui (React included, as
// the portal ships it anyway) and of each lazily loaded entry (React excluded), with the
// biggest contributors. Prints; never asserts (budgets: shared/design/performance.md).
//   node size/measure.ts
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const here = path.dirname(fileURLToPath(import.meta.url));

function packageOf(id: string): string {
  const inStore = id.replace(/.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '').replace(/.*node_modules\//, '');
  if (inStore.includes('/packages/')) return inStore.replace(/.*\/packages\/([^/]+)\/.*/, '@portal/$1');
  return inStore.split('/').slice(0, inStore.startsWith('@') ? 2 : 1).join('/');
}

async function measure(name: string, entry: string, external: readonly string[], corePure = false) {
  const result = await build({
    root: here,
    logLevel: 'silent',
    plugins: [react(), tailwindcss()],
    build: {
      write: false,
      rollupOptions: { input: path.join(here, entry), external: [...external], preserveEntrySignatures: 'strict',
        // What a `"sideEffects": false` in @portal/core's package.json would allow.
        ...(corePure ? { treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/core/') } } : {}) },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  let js = 0;
  let css = 0;
  const byPackage = new Map<string, number>();
  for (const output of outputs) {
    for (const item of output.output) {
      if (item.type === 'chunk') {
        js += gzipSync(item.code).length;
        for (const [id, module] of Object.entries(item.modules)) byPackage.set(packageOf(id), (byPackage.get(packageOf(id)) ?? 0) + module.renderedLength);
      } else if (item.fileName.endsWith('.css')) {
        css += gzipSync(typeof item.source === 'string' ? item.source : Buffer.from(item.source)).length;
      }
    }
  }
  const top = [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([pkg, bytes]) => `${pkg} ${(bytes / 1024).toFixed(0)}K`).join(', ');
  console.log(`${name.padEnd(22)} js ${(js / 1024).toFixed(1).padStart(6)} KB gz  css ${(css / 1024).toFixed(1).padStart(5)} KB gz  (rendered: ${top})`);
}

const shared = ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'];
for (const corePure of [false, true]) {
  console.log(corePure ? '\nif @portal/core were side-effect free:' : 'as the packages are today:');
  await measure('first route + React', 'first-route.tsx', [], corePure);
  await measure('@portal/ui/menu', 'entry-menu.ts', shared, corePure);
  await measure('@portal/ui/dialog', 'entry-dialog.ts', shared, corePure);
  await measure('@portal/ui/toaster', 'entry-toaster.ts', shared, corePure);
  await measure('@portal/ui/admin', 'entry-admin.ts', shared, corePure);
}
