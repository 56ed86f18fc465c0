// What makes up the portal's first route: builds the portal once more into a temporary
// directory (its own vite config, nothing in apps/portal is touched) with a plugin that
// records every module's rendered size per chunk, then prints the entry's static chunks
// by package and the largest modules. `pnpm --filter @portal/bench bundle:why`
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';
import { portalDir } from './bundle.ts';

interface ChunkInfo {
  readonly fileName: string;
  readonly isEntry: boolean;
  readonly isDynamicEntry: boolean;
  readonly imports: readonly string[];
  readonly modules: Readonly<Record<string, number>>;
  /** The chunk as written (minified), raw and gzipped. */
  readonly raw: number;
  readonly gzip: number;
}

/** A module id → a readable owner: an npm package, or a workspace folder. */
export function ownerOf(id: string): string {
  const clean = id.replace(/\?.*$/, '').replace(/^\0/, '');
  const nm = clean.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = clean.slice(nm + '/node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1] ?? ''}` : (rest[0] ?? clean);
  }
  const ws = /\/(apps\/[^/]+\/src\/(?:features\/[^/]+|[^/]+)|packages\/[^/]+\/src\/[^/]+)/.exec(clean);
  return ws?.[1] ?? clean;
}

export async function collectChunks(): Promise<ChunkInfo[]> {
  const chunks: ChunkInfo[] = [];
  const collector: Plugin = {
    name: 'bench-collect-modules',
    generateBundle(_options, bundle) {
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        const modules: Record<string, number> = {};
        for (const [id, info] of Object.entries(out.modules)) modules[id] = info.renderedLength;
        const code = Buffer.from(out.code);
        chunks.push({
          fileName: out.fileName,
          isEntry: out.isEntry,
          isDynamicEntry: out.isDynamicEntry,
          imports: out.imports,
          modules,
          raw: code.length,
          gzip: gzipSync(code, { level: 9 }).length,
        });
      }
    },
  };
  const outDir = mkdtempSync(join(tmpdir(), 'portal-why-'));
  try {
    await build({
      root: portalDir,
      configFile: join(portalDir, 'vite.config.ts'),
      logLevel: 'warn',
      plugins: [collector],
      build: { outDir, emptyOutDir: true, manifest: false },
    });
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  return chunks;
}

/**
 * The first route's modules grouped by owner. Sizes are estimated gzip bytes: each chunk's
 * gzip size shared among its modules in proportion to their rendered (pre-minify) length.
 */
export function firstRouteOwners(chunks: readonly ChunkInfo[]): {
  owners: [string, number][];
  modules: [string, number][];
  total: number;
  chunks: [string, number][];
} {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.isEntry);
  if (entry === undefined) throw new Error('no entry chunk');
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const i of byName.get(name)?.imports ?? []) visit(i);
  };
  visit(entry.fileName);
  const owners = new Map<string, number>();
  const modules: [string, number][] = [];
  for (const name of seen) {
    const chunk = byName.get(name);
    const rendered = Object.values(chunk?.modules ?? {}).reduce((a, b) => a + b, 0);
    const scale = chunk === undefined || rendered === 0 ? 0 : chunk.gzip / rendered;
    for (const [id, length] of Object.entries(chunk?.modules ?? {})) {
      const size = Math.round(length * scale);
      owners.set(ownerOf(id), (owners.get(ownerOf(id)) ?? 0) + size);
      modules.push([id.replace(/^.*\/node_modules\//, '~/').replace(/^.*\/work\/main\//, ''), size]);
    }
  }
  const sorted = [...owners].sort((a, b) => b[1] - a[1]);
  const chunkSizes: [string, number][] = [...seen].map((n) => [n, byName.get(n)?.gzip ?? 0]);
  return {
    owners: sorted,
    modules: modules.sort((a, b) => b[1] - a[1]),
    total: sorted.reduce((a, [, s]) => a + s, 0),
    chunks: chunkSizes,
  };
}

if (import.meta.main) {
  const chunks = await collectChunks();
  const why = firstRouteOwners(chunks);
  const out = join(import.meta.dirname, '..', 'bench-results');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'bundle-why.json'), JSON.stringify({ chunks, firstRoute: why }, null, 2));
  console.log(`first route: ${(why.total / 1000).toFixed(1)} KB gzip`);
  for (const [name, size] of why.chunks) console.log(`  ${(size / 1000).toFixed(1).padStart(7)} KB  ${name}`);
  console.log('by owner (estimated gzip share):');
  for (const [owner, size] of why.owners.slice(0, 30))
    console.log(`  ${(size / 1000).toFixed(1).padStart(7)} KB  ${owner}`);
  console.log('largest modules:');
  for (const [id, size] of why.modules.slice(0, 30)) console.log(`  ${(size / 1000).toFixed(1).padStart(7)} KB  ${id}`);
  console.log(`written to ${join(out, 'bundle-why.json')}`);
}
