import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyseBundle,
  bundleBudgets,
  checkBundle,
  ensurePortalBuilt,
  firstRouteJsCeiling,
  kb,
  lazyRouteChunks,
  staticClosure,
  type BundleReport,
  type Manifest,
} from './bundle.ts';

describe('manifest analysis', () => {
  const manifest: Manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_shared.js'],
      dynamicImports: ['src/home.tsx', 'src/features/admin/index.tsx'],
      css: ['assets/index.css'],
    },
    '_shared.js': { file: 'assets/shared.js', imports: ['_deep.js'] },
    '_deep.js': { file: 'assets/deep.js' },
    '_lazy-shared.js': { file: 'assets/lazy-shared.js' },
    'src/home.tsx': { file: 'assets/home.js', isDynamicEntry: true, imports: ['_shared.js', '_lazy-shared.js'] },
    'src/features/admin/index.tsx': {
      file: 'assets/admin.js',
      isDynamicEntry: true,
      imports: ['_lazy-shared.js'],
      css: ['assets/admin.css'],
    },
  };
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bundle-'));
    mkdirSync(join(dir, '.vite'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    for (const [file, size] of [
      ['index', 300],
      ['shared', 200],
      ['deep', 100],
      ['lazy-shared', 50],
      ['home', 20],
      ['admin', 10],
    ] as const) {
      writeFileSync(join(dir, 'assets', `${file}.js`), 'x'.repeat(size));
    }
    writeFileSync(join(dir, 'assets', 'index.css'), 'a{}');
    writeFileSync(join(dir, 'assets', 'admin.css'), 'b{}');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('follows static imports transitively and ignores dynamic ones', () => {
    expect(staticClosure(manifest, 'index.html')).toEqual(['index.html', '_shared.js', '_deep.js']);
  });

  it('splits the first route from lazy chunks and counts what each lazy entry adds', () => {
    const report = analyseBundle(dir);
    expect(report.firstRoute.js.map((f) => f.file)).toEqual(['assets/index.js', 'assets/shared.js', 'assets/deep.js']);
    expect(report.firstRoute.css.map((f) => f.file)).toEqual(['assets/index.css']);
    expect(report.lazyChunks.map((f) => f.file).sort()).toEqual([
      'assets/admin.js',
      'assets/home.js',
      'assets/lazy-shared.js',
    ]);
    const home = report.lazyRoutes.find((r) => r.key === 'src/home.tsx');
    expect(home?.files).toEqual(['assets/home.js', 'assets/lazy-shared.js']);
    const admin = report.lazyRoutes.find((r) => r.key === 'src/features/admin/index.tsx');
    expect(admin?.addedCssGzip).toBeGreaterThan(0);
    expect(report.adminInFirstRoute).toEqual([]);
    expect(report.adminIsLazy).toBe(true);
  });

  it('flags an admin chunk among the static imports of the entry', () => {
    const withAdmin: Manifest = {
      ...manifest,
      'index.html': {
        ...manifest['index.html'],
        file: 'assets/index.js',
        imports: ['_shared.js', 'src/features/admin/index.tsx'],
      },
    };
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(withAdmin));
    const report = analyseBundle(dir);
    expect(report.adminInFirstRoute).toEqual(['src/features/admin/index.tsx']);
    expect(report.adminIsLazy).toBe(false);
    expect(checkBundle(report).find((c) => c.figure.startsWith('admin'))?.within).toBe(false);
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  });
});

describe('the production portal within its bundle budgets (gzip, 1 KB = 1,000 bytes)', () => {
  let report: BundleReport;
  beforeAll(() => {
    const { built } = ensurePortalBuilt();
    report = analyseBundle();
    mkdirSync(join(import.meta.dirname, '..', 'test-results'), { recursive: true });
    writeFileSync(
      join(import.meta.dirname, '..', 'test-results', 'bundle-sizes.json'),
      JSON.stringify({ built, ...report }, null, 2),
    );
    const lines = checkBundle(report).map(
      (c) =>
        `  ${c.within ? 'ok  ' : 'OVER'} ${c.figure}: ${typeof c.value === 'number' ? kb(c.value) : c.value} (budget ${typeof c.budget === 'number' ? kb(c.budget) : c.budget})`,
    );
    console.log(
      `bundle of ${report.distDir} (manifest ${report.manifestWrittenAt}${built ? ', built now' : ''})\n${lines.join('\n')}`,
    );
  });

  // The budget (110 KB) is not met yet: ADR 0007. The ceiling keeps the first route from growing.
  it(`first route JavaScript (entry + static imports) stays under its recorded ceiling ${kb(firstRouteJsCeiling)} (budget ${kb(bundleBudgets.firstRouteJs)}, ADR 0007)`, () => {
    const detail = report.firstRoute.js.map((f) => `${f.file} ${kb(f.gzip)}`).join(', ');
    expect(report.firstRoute.jsGzip, detail).toBeLessThanOrEqual(firstRouteJsCeiling);
  });

  it(`first route CSS ≤ ${kb(bundleBudgets.firstRouteCss)}`, () => {
    expect(report.firstRoute.css.length).toBeGreaterThan(0);
    expect(report.firstRoute.cssGzip).toBeLessThanOrEqual(bundleBudgets.firstRouteCss);
  });

  it(`each lazy route chunk ≤ ${kb(bundleBudgets.lazyChunk)}`, () => {
    const routes = lazyRouteChunks(report);
    expect(routes.length).toBeGreaterThan(0);
    const over = routes
      .filter((c) => c.gzip > bundleBudgets.lazyChunk)
      .map((c) => `${c.key} → ${c.file} ${kb(c.gzip)}`);
    expect(over).toEqual([]);
  });

  it('nothing of the admin console among the static imports of the entry', () => {
    expect(report.adminInFirstRoute).toEqual([]);
    expect(report.adminIsLazy).toBe(true);
  });

  it('index.html preloads the home route with the entry (its page chunk and what that imports), nothing else', () => {
    const home = report.lazyRoutes.find((r) => r.key === 'src/features/home/home-page.tsx');
    expect(home).toBeDefined();
    const html = readFileSync(join(report.distDir, 'index.html'), 'utf8');
    const preloaded = [...html.matchAll(/<link rel="modulepreload" href="\/([^"]+)"/g)].map((m) => m[1]);
    expect(preloaded.sort()).toEqual([...(home?.files ?? [])].sort());
  });
});
