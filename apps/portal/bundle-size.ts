// First-route bundle size from the Vite manifest: the entry, its static imports, and the
// home page chunk with its static imports (what `/` signed in loads). Prints gzip bytes.
//   node bundle-size.ts [--json]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; css?: string[]; src?: string }
const dist = process.env.DIST ?? join(import.meta.dirname, 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry === true) ?? 'index.html';
const home = Object.keys(manifest).find((k) => k.endsWith('features/home/home-page.tsx'));
const keys = closure(home === undefined ? [entry] : [entry, home]);
const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const js = [...keys].map((k) => ({ file: manifest[k]?.file ?? k, bytes: gz(manifest[k]?.file ?? k) }));
const css = [...new Set([...keys].flatMap((k) => manifest[k]?.css ?? []))].map((file) => ({ file, bytes: gz(file) }));
const total = (list: { bytes: number }[]) => list.reduce((s, x) => s + x.bytes, 0);
const result = { jsGzipKB: +(total(js) / 1024).toFixed(1), cssGzipKB: +(total(css) / 1024).toFixed(1), js, css };
if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
else {
  for (const x of [...js, ...css].sort((a, b) => b.bytes - a.bytes)) console.log(`${(x.bytes / 1024).toFixed(1).padStart(7)} KB  ${x.file}`);
  console.log(`first route: JS ${result.jsGzipKB} KB gzip (budget 110), CSS ${result.cssGzipKB} KB gzip (budget 10)`);
}
