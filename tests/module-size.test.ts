// Routes by feature (#31.3): a route module is small enough to read at once. Every module of the API's routes
// (apps/api/src/routes/**) and every component or page of the console (apps/portal/src/features/admin/components/**,
// pages/**; not their tests or stories) has at most 300 lines: a module that grows past it is split by resource or
// feature (docs/contributing.md), not let grow.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const MAX_LINES = 300;

/** The files under `dir` (relative to the root) whose names end in one of `extensions`, tests and stories left out. */
function modulesUnder(dir: string, extensions: readonly string[]): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => extensions.some((extension) => name.endsWith(extension)))
    .filter((name) => !/\.(test|stories)\.tsx?$/.test(name))
    .map((name) => join(dir, name).replaceAll('\\', '/'))
    .sort();
}

/** Lines as `wc -l` counts them in a file that ends with a line break (and one more when it does not). */
const linesOf = (file: string) => {
  const text = readFileSync(join(root, file), 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
};

const groups = {
  "the API's route modules": modulesUnder('apps/api/src/routes', ['.ts']),
  "the console's components and pages": [
    ...modulesUnder('apps/portal/src/features/admin/components', ['.ts', '.tsx']),
    ...modulesUnder('apps/portal/src/features/admin/pages', ['.ts', '.tsx']),
  ],
};

describe(`modules of at most ${MAX_LINES} lines`, () => {
  it.each(Object.entries(groups))('%s', (_group, files) => {
    // The walk finds the modules (a moved folder would otherwise pass with nothing checked).
    expect(files.length).toBeGreaterThan(20);
    const tooLong = files.flatMap((file) => {
      const lines = linesOf(file);
      return lines > MAX_LINES ? [`${file}: ${lines} lines`] : [];
    });
    expect(tooLong).toEqual([]);
  });

  it('counts lines as wc -l does and leaves tests and stories out', () => {
    expect(groups["the API's route modules"]).toContain('apps/api/src/routes/admin/index.ts');
    expect(groups["the console's components and pages"]).toContain(
      'apps/portal/src/features/admin/components/detail-page/spec.ts',
    );
    expect(groups["the console's components and pages"].some((file) => /\.(test|stories)\./.test(file))).toBe(false);
    expect(linesOf('apps/api/src/routes/uuid.ts')).toBe(
      readFileSync(join(root, 'apps/api/src/routes/uuid.ts'), 'utf8').match(/\n/g)?.length,
    );
  });
});
