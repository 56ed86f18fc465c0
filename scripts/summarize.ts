// Sums every suite's machine-readable report into the one closing line CI reads:
// "N passed, N failed". Exit code 1 when anything failed, including a step (lint,
// typecheck, build, a runner that crashed before writing its report).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';

type Count = { suite: string; passed: number; failed: number; skipped: number };
type Step = { name: string; exitCode: number; seconds: number };
/** What is read of a runner's JSON report: Vitest's (Jest-compatible) or Playwright's. */
type Report = {
  numPassedTests?: unknown;
  numFailedTests: number;
  numRuntimeErrorTestSuites?: number;
  success?: boolean;
  numPendingTests: number;
  numTodoTests: number;
  stats?: { expected?: unknown; unexpected: number; flaky: number; skipped: number };
  errors?: readonly unknown[];
};

const root = join(import.meta.dirname, '..');

function findReports(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'test-results') {
        for (const f of readdirSync(path)) if (f.endsWith('.json') && f !== 'steps.json') out.push(join(path, f));
      } else findReports(path, out);
    }
  }
  return out;
}

function count(file: string): Count | undefined {
  const suite = relative(root, file);
  const data = JSON.parse(readFileSync(file, 'utf8')) as Report;
  if (typeof data.numPassedTests === 'number') {
    // Vitest's (Jest-compatible) JSON reporter
    return {
      suite,
      passed: data.numPassedTests,
      failed:
        data.numFailedTests +
        (data.numRuntimeErrorTestSuites ?? 0) +
        (data.success === false && data.numFailedTests === 0 ? 1 : 0),
      skipped: data.numPendingTests + data.numTodoTests,
    };
  }
  if (data.stats !== undefined && typeof data.stats.expected === 'number') {
    // Playwright's JSON reporter; a flaky test passed on retry but is counted as failed:
    // a test that needs a retry is not a passing test.
    return {
      suite,
      passed: data.stats.expected,
      failed: data.stats.unexpected + data.stats.flaky + (data.errors?.length ?? 0),
      skipped: data.stats.skipped,
    };
  }
  return undefined; // not a test report (a figure file, say)
}

const counts = findReports(root)
  .map(count)
  .filter((c): c is Count => c !== undefined);
const steps: Step[] = existsSync(join(root, 'test-results/steps.json'))
  ? (JSON.parse(readFileSync(join(root, 'test-results/steps.json'), 'utf8')) as Step[])
  : [];

for (const c of counts)
  console.log(`  ${c.suite}: ${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}`);
let passed = counts.reduce((n, c) => n + c.passed, 0);
let failed = counts.reduce((n, c) => n + c.failed, 0);
const skipped = counts.reduce((n, c) => n + c.skipped, 0);
// Checks without a test report (lint, typecheck, build) count as one test each; a failed
// step whose report shows no failure (it crashed, or wrote none) counts as one failure.
const reported = failed;
for (const s of steps) {
  console.log(`  step ${s.name}: ${s.exitCode === 0 ? 'ok' : `FAILED (exit ${s.exitCode})`} in ${s.seconds}s`);
  if (['lint', 'typecheck', 'build'].includes(s.name)) {
    if (s.exitCode === 0) passed++;
    else failed++;
  } else if (s.exitCode !== 0 && reported === 0) failed++;
}
if (counts.length === 0) {
  console.log('  no test report was written');
  failed++;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
